package dev.shortcode.api.link;

import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Links as the API shows them: the short URL under the configured base, the TTL as asked for, the expiry from now. */
public final class LinkViews {

    private final String baseUrl;
    /** The base URL's scheme and {@code ://}: branded domains are served the same way. */
    private final String scheme;
    private final Clock clock;

    public LinkViews(String baseUrl, Clock clock) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.scheme = this.baseUrl.substring(0, this.baseUrl.indexOf("://") + 3);
        this.clock = clock;
    }

    /** A stored link, its TTL labelled from the record. */
    public LinkView of(LinkRecord r) {
        return of(r, r.permanent() ? TtlPolicy.PERMANENT : TtlPolicy.label(r.ttl()));
    }

    /** A link just made, its TTL labelled as the request asked ({@code P2W} stays {@code P14D}, {@code permanent} stays). */
    public LinkView of(LinkRecord r, String ttlLabel) {
        // Milliseconds, like createdAt: clients compare the two.
        Instant expires = r.permanent() ? null : Instant.ofEpochMilli(clock.millis()).plusSeconds(r.ttlSeconds());
        return view(r, ttlLabel, r.createdAt(), expires);
    }

    private LinkView view(LinkRecord r, String ttlLabel, Instant createdAt, Instant expires) {
        LinkMeta meta = r.meta();
        return new LinkView(r.code(), shortUrl(r), r.url(), ttlLabel, r.pool(), createdAt, expires, DeviceTargets.of(r.targets()), null,
                meta.title(), meta.tags().isEmpty() ? null : meta.tags(), meta.externalId(), null, r.routing().domain(), r.routing().forwardQuery(),
                instant(r.routing().validFromMillis()), instant(r.routing().validUntilMillis()), r.routing().expiredUrl(),
                split(r.routing().split()), rules(r.routing().rules()), r.routing().passwordHash() != null ? Boolean.TRUE : null,
                r.routing().maxClicks());
    }

    private static List<SplitVariant> split(List<LinkRouting.Variant> variants) {
        return variants.isEmpty() ? null : variants.stream().map(v -> new SplitVariant(v.url(), v.weight())).toList();
    }

    private static List<RoutingRule> rules(List<LinkRouting.Rule> rules) {
        if (rules.isEmpty()) {
            return null;
        }
        return rules.stream().map(rule -> {
            LinkRouting.Condition c = rule.when();
            return new RoutingRule(new RuleCondition(orNull(c.countries()), orNull(c.languages()), orNull(c.devices()),
                    c.query().isEmpty() ? null : new TreeMap<>(c.query()), text(c.afterMillis()), text(c.beforeMillis())), rule.url());
        }).toList();
    }

    private static List<String> orNull(List<String> values) {
        return values.isEmpty() ? null : values;
    }

    private static String text(Long millis) {
        return millis == null ? null : Instant.ofEpochMilli(millis).toString();
    }

    private static Instant instant(Long millis) {
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }

    /** The short URL of a stored key: under its branded domain when the key names one ({@link LinkKeys}). */
    public String shortUrl(String code) {
        return shortUrl(code, LinkKeys.domainInKey(code));
    }

    /** The short URL of a link: under its domain. */
    public String shortUrl(LinkRecord r) {
        return shortUrl(r.code(), r.routing().domain());
    }

    private String shortUrl(String key, String domain) {
        return domain == null ? baseUrl + "/" + key : scheme + domain + "/" + LinkKeys.segment(key);
    }

    /** Views of one batch: they share one creation instant and one expiry per TTL, computed once. */
    Batch batch(long createdAtMillis) {
        return new Batch(Instant.ofEpochMilli(createdAtMillis));
    }

    final class Batch {
        /** Shared by every view of the batch: formatted once when serialised (see LinkView). */
        private final Instant createdAt;
        /** Expiry per TTL in seconds: links created together expire together. */
        private final Map<Long, Instant> expiries = new HashMap<>();
        private Instant answeredAt;

        private Batch(Instant createdAt) {
            this.createdAt = createdAt;
        }

        LinkView of(LinkRecord r, String ttlLabel) {
            Instant expires = null;
            if (!r.permanent()) {
                if (answeredAt == null) {
                    answeredAt = Instant.ofEpochMilli(clock.millis()); // milliseconds, like createdAt
                }
                expires = expiries.computeIfAbsent(r.ttlSeconds(), answeredAt::plusSeconds);
            }
            return view(r, ttlLabel, createdAt, expires);
        }
    }
}
