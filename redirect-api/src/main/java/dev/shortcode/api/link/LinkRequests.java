package dev.shortcode.api.link;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.LinkDisabledException;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.api.url.WebLocations;
import dev.shortcode.core.store.DenyRule;
import dev.shortcode.core.store.LinkDisable;
import dev.shortcode.core.store.LinkRouting;
import dev.shortcode.core.store.LinkTargets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns create bodies into {@link ValidLink}s, or refuses them naming the field: the URL, TTL,
 * alias and target rules, and the deny-list, in one place.
 */
public final class LinkRequests {

    private final UrlPolicy urls;
    private final AliasPolicy aliases;
    private final TtlPolicy ttls;
    /** The deny-list rule a normalised URL falls under, if any. */
    private final Function<String, Optional<DenyRule>> denied;
    /** An admin's disable of a code, if any: such an alias cannot be taken again, even after its link was deleted. */
    private final Function<String, Optional<LinkDisable>> disabled;
    private final TargetPolicy targets;
    /** The registered domain a request names (null for the default), or an {@link InvalidRequestException}. */
    private final UnaryOperator<String> domains;
    /** Where aliases are stored: per domain. Null before any domain exists: an alias is its own key. */
    private final LinkKeys keys;
    /** Whether visitors' countries are known (a country database is configured), which rules by country need. */
    private final boolean countries;

    /** Device targets are checked by a {@link TargetPolicy} over the same URL rules. */
    public LinkRequests(UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls) {
        this(urls, aliases, ttls, url -> Optional.empty());
    }

    public LinkRequests(UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls, Function<String, Optional<DenyRule>> denied) {
        this(urls, aliases, ttls, denied, code -> Optional.empty());
    }

    public LinkRequests(UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls, Function<String, Optional<DenyRule>> denied,
            Function<String, Optional<LinkDisable>> disabled) {
        this(urls, aliases, ttls, denied, disabled, requested -> {
            if (requested != null && !requested.isEmpty()) {
                throw new InvalidRequestException("invalid-domain", "this service answers on its default domain only");
            }
            return null;
        }, null);
    }

    public LinkRequests(UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls, Function<String, Optional<DenyRule>> denied,
            Function<String, Optional<LinkDisable>> disabled, UnaryOperator<String> domains, LinkKeys keys) {
        this(urls, aliases, ttls, denied, disabled, domains, keys, false);
    }

    /** @param countries whether visitors' countries are known: without, a rule by country is refused */
    public LinkRequests(UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls, Function<String, Optional<DenyRule>> denied,
            Function<String, Optional<LinkDisable>> disabled, UnaryOperator<String> domains, LinkKeys keys, boolean countries) {
        this.countries = countries;
        this.domains = domains;
        this.keys = keys;
        this.disabled = disabled;
        this.urls = urls;
        this.aliases = aliases;
        this.ttls = ttls;
        this.targets = new TargetPolicy(urls);
        this.denied = denied;
    }

    /** @throws InvalidRequestException naming what is wrong */
    public ValidLink validate(CreateLinkRequest request) {
        return validate(request, null);
    }

    /**
     * @param ttlChoices the TTL choices made so far for requests of one batch, by the text asked
     *                   for (most batches repeat one or two), or null to choose afresh
     * @throws InvalidRequestException naming what is wrong
     */
    public ValidLink validate(CreateLinkRequest request, Map<String, TtlPolicy.Choice> ttlChoices) {
        if (request == null) {
            throw new InvalidRequestException("invalid-body", "a JSON object with at least \"url\" is required");
        }
        String url = allowed(urls.normalise(request.url()));
        TtlPolicy.Choice ttl = chooseTtl(request.ttl(), ttlChoices);
        String domain = domains.apply(request.domain());
        String alias = request.alias() == null ? null : notDisabled(aliasKey(aliases.validate(request.alias()), domain));
        RoutingPolicy.password("password", request.password()); // its hash is made after, off the event loop
        return new ValidLink(url, ttl, alias, allowed(targets.validate(request.targets())),
                LinkMetaPolicy.of(request.title(), request.tags(), request.externalId()),
                routing(domain, request));
    }

    /** A link's routing from its request's fields, each checked (URLs like the url: policy and deny-list). */
    private LinkRouting routing(String domain, CreateLinkRequest request) {
        LinkRouting routing = LinkRouting.NONE.withDomain(domain).withForwardQuery(request.forwardQuery())
                .withSplit(split(request.split())).withRules(rules(request.rules())).withMaxClicks(RoutingPolicy.maxClicks(request.maxClicks()));
        return RoutingPolicy.window(routing, RoutingPolicy.instant("validFrom", request.validFrom()),
                RoutingPolicy.instant("validUntil", request.validUntil()),
                request.expiredUrl() == null ? null : expiredUrl(request.expiredUrl()));
    }

    /** The expiredUrl of a create or PATCH, normalised and checked like the url. */
    public String expiredUrl(String requested) {
        return routeUrl("expiredUrl", requested);
    }

    /** The variants of a create's or PATCH's split, checked; none for null or an empty list. */
    public List<LinkRouting.Variant> split(List<SplitVariant> requested) {
        return RoutingPolicy.split(requested, this::routeUrl);
    }

    /** The rules of a create or PATCH, checked; none for null or an empty list. */
    public List<LinkRouting.Rule> rules(List<RoutingRule> requested) {
        return RoutingPolicy.rules(requested, this::routeUrl, countries);
    }

    /** A URL of a routing field, normalised and checked like the url; a refusal names the field. */
    private String routeUrl(String field, String requested) {
        try {
            return allowed(field, urls.normalise(requested));
        } catch (InvalidRequestException e) {
            throw e.getMessage().startsWith(field) ? e : new InvalidRequestException("invalid-url", field + ": " + e.getMessage());
        }
    }

    private String aliasKey(String alias, String domain) {
        return keys == null ? alias : keys.key(alias, domain);
    }

    /** A disabled alias stays blocked (410) after its link is deleted: taking it again would put the old short URL back in service. */
    private String notDisabled(String alias) {
        Optional<LinkDisable> disable = disabled.apply(alias);
        if (disable.isPresent()) {
            throw new LinkDisabledException(alias, disable.get().reason());
        }
        return alias;
    }

    /** The targets of a PATCH, checked like a create's; null or an empty object is none. */
    public LinkTargets targets(DeviceTargets requested) {
        return allowed(targets.validate(requested));
    }

    /** The URL of a PATCH, normalised like a create's. */
    public String url(String requested) {
        return allowed(urls.normalise(requested));
    }

    private String allowed(String url) {
        return allowed("url", url);
    }

    /**
     * The web pages the targets open fall under the deny-list like the url: an https target, and
     * the page a browser app link or an intent names ({@link WebLocations}); a denied host is not
     * let in through a device either.
     */
    private LinkTargets allowed(LinkTargets requested) {
        if (!requested.isEmpty()) {
            webTarget("targets.ios", requested.ios());
            webTarget("targets.android", requested.android());
            webTarget("targets.desktop", requested.desktop());
        }
        return requested;
    }

    private void webTarget(String field, String target) {
        if (target != null) {
            for (String page : WebLocations.canonical(target)) {
                allowed(field, page);
            }
        }
    }

    private String allowed(String field, String url) {
        Optional<DenyRule> rule = denied.apply(url);
        if (rule.isPresent()) {
            throw new InvalidRequestException("denied-url", field + " falls under deny-list rule " + rule.get().id() + " ("
                    + rule.get().kind().label() + " " + rule.get().value() + ")"
                    + (rule.get().reason().isEmpty() ? "" : ": " + rule.get().reason()));
        }
        return url;
    }

    /** The pool and TTL of a PATCH's ttl. */
    public TtlPolicy.Choice ttl(String requested) {
        return ttls.choose(requested);
    }

    private TtlPolicy.Choice chooseTtl(String requested, Map<String, TtlPolicy.Choice> choices) {
        if (choices == null || requested == null) {
            return ttls.choose(requested); // the default is chosen once, in the policy
        }
        TtlPolicy.Choice choice = choices.get(requested);
        if (choice == null) {
            choice = ttls.choose(requested); // a refusal throws and is not remembered: the next item asks again
            choices.put(requested, choice);
        }
        return choice;
    }
}
