package dev.shortcode.api.link;

import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import dev.shortcode.core.store.LinkTargets;
import java.util.TreeMap;

/**
 * A create request that passed validation: the URL as it will be stored, the pool and TTL chosen,
 * the alias if one was asked for, the device targets, the title, tags and external id. Nothing invalid gets this far.
 *
 * @param targets the device targets, {@link LinkTargets#NONE} for none
 * @param alias   the custom alias's key ({@link LinkKeys}: {@code promo@go.example.com} on a branded domain), or null for an issued code
 * @param meta    title, tags and external id, {@link LinkMeta#NONE} for none
 * @param routing its domain, query forwarding and window, {@link LinkRouting#NONE} for none
 */
public record ValidLink(String url, TtlPolicy.Choice ttl, String alias, LinkTargets targets, LinkMeta meta, LinkRouting routing) {

    public ValidLink {
        targets = LinkTargets.orNone(targets);
        meta = LinkMeta.orNone(meta);
        routing = LinkRouting.orNone(routing);
    }

    /** A request on the default domain without routing. */
    public ValidLink(String url, TtlPolicy.Choice ttl, String alias, LinkTargets targets, LinkMeta meta) {
        this(url, ttl, alias, targets, meta, LinkRouting.NONE);
    }

    /** A request without title, tags or external id. */
    public ValidLink(String url, TtlPolicy.Choice ttl, String alias, LinkTargets targets) {
        this(url, ttl, alias, targets, LinkMeta.NONE);
    }

    /** A request without device targets. */
    public ValidLink(String url, TtlPolicy.Choice ttl, String alias) {
        this(url, ttl, alias, LinkTargets.NONE);
    }

    /** The pool name recorded for custom aliases, which no allocator issues. */
    public static final String ALIAS_POOL = "alias";

    /** The pool that serves it: the TTL's, or {@link #ALIAS_POOL}. */
    public String pool() {
        return alias != null ? ALIAS_POOL : ttl.pool().name();
    }

    /**
     * What makes two creates the same request: the stored url, the ttl asked for, the alias, the
     * targets. Targets join the text only when there are some, so a request without them keeps the
     * fingerprint it had before targets existed (a retry across an upgrade is still a retry).
     */
    public String fingerprint() {
        String canonical = url + "\n" + ttl.label() + "\n" + (alias == null ? "" : alias);
        if (!targets.isEmpty()) {
            LinkTargets.WeChat w = targets.wechat();
            canonical += "\n" + targets.ios() + "\n" + targets.android() + "\n" + targets.desktop()
                    + (w == null ? "" : "\n" + w.appId() + "\n" + w.path() + "\n" + w.query() + "\n" + w.envVersion());
        }
        if (!meta.isEmpty()) { // likewise: a request without metadata keeps its fingerprint
            canonical += "\nmeta\n" + meta.title() + "\n" + String.join(",", meta.tags()) + "\n" + meta.externalId();
        }
        if (!routing.isEmpty()) { // likewise: a request without routing keeps its fingerprint
            canonical += "\nrouting\n" + routing.domain() + "\n" + routing.forwardQuery() + "\n" + routing.validFromMillis() + "\n"
                    + routing.validUntilMillis() + "\n" + routing.expiredUrl();
            if (routing.maxClicks() != null) { // likewise for links without a click limit
                canonical += "\nmaxClicks " + routing.maxClicks();
            }
            if (routing.passwordHash() != null) { // whether it has one: a retry with another password is the same request
                canonical += "\npassword";
            }
            if (routing.choosesTarget()) { // likewise for links without a split or rules
                canonical += "\nsplit\n" + routing.split() + "\nrules";
                for (LinkRouting.Rule r : routing.rules()) { // the query map in a stable order: Map.copyOf's is not
                    LinkRouting.Condition c = r.when();
                    canonical += "\n" + r.url() + " " + c.countries() + c.languages() + c.devices() + new TreeMap<>(c.query())
                            + c.afterMillis() + "/" + c.beforeMillis();
                }
            }
        }
        return ApiKeys.sha256(canonical).substring(0, 16);
    }

    /** This request with its password's hash (made off the event loop once the rest was checked). */
    public ValidLink withPasswordHash(String hash) {
        return new ValidLink(url, ttl, alias, targets, meta, routing.withPasswordHash(hash));
    }

    /** The link this request makes under {@code code}: version 1, created {@code now} by {@code owner}. */
    public LinkRecord record(String code, String owner, long now) {
        return new LinkRecord(code, url, pool(), ttl.ttl().toSeconds(), ttl.permanent(), now, owner, 1, targets, meta, routing);
    }
}
