package dev.shortcode.api.link;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of a create: {@code url} required; {@code ttl}, {@code alias}, {@code targets}, {@code title}, {@code tags}, {@code externalId}, {@code domain} optional. */
@Schema(description = "A link to create")
public record CreateLinkRequest(
        @Schema(description = "The long URL: http(s), at most 2,048 characters", required = true,
                examples = "https://example.com/spring-sale?utm_source=sms") String url,
        @Schema(description = "How long the link lives without a visit: an ISO-8601 duration, or permanent; "
                + "absent: the configured default", examples = "P30D") String ttl,
        @Schema(description = "The short code to use instead of an issued one: 3 to 64 of [A-Za-z0-9_-]",
                examples = "spring-sale") String alias,
        DeviceTargets targets,
        @Schema(description = "A title for people: at most 200 characters", examples = "Spring sale, SMS wave 2") String title,
        @Schema(description = "Up to 20 tags of 1 to 50 of [a-z0-9_:.-], compared lower-cased", examples = "[\"campaign:spring\", \"sms\"]")
        List<String> tags,
        @Schema(description = "Your own id for the link: 1 to 128 visible ASCII characters, unique among your links",
                examples = "crm-48213") String externalId,
        @Schema(description = "The branded domain to serve it on (a host added with POST /api/v1/domains); absent: the default domain",
                examples = "go.example.com") String domain,
        @Schema(description = "Whether the short URL's query string is added to the target's (the target's own parameters kept, "
                + "the visitor's appended); absent: the service's default (shortcode.redirect.forward-query)") Boolean forwardQuery,
        @Schema(description = "Before this instant the link answers 404, as if it did not exist: ISO-8601 with an offset",
                examples = "2027-01-01T09:00:00Z") String validFrom,
        @Schema(description = "From this instant the link is over: it redirects to expiredUrl, or answers 410. ISO-8601 with an offset",
                examples = "2027-01-31T23:00:00Z") String validUntil,
        @Schema(description = "Where visitors go once validUntil has passed; absent: a 410 page", examples = "https://example.com/offer-ended")
        String expiredUrl,
        @Schema(description = "2 to 10 weighted variants of the url: each visitor goes to one, the same one all day") List<SplitVariant> split,
        @Schema(description = "Up to 20 conditional targets, first match wins; visitors no rule fits get the split, the device targets or the url")
        List<RoutingRule> rules,
        @Schema(description = "A password visitors must give before the redirect: 4 to 128 characters. Stored only as a slow salted hash "
                + "and never shown again (views say passwordProtected). Single creates and PATCH only, not batch or bulk items",
                writeOnly = true) String password,
        @Schema(description = "How many human clicks the link serves: 1 to 10^12. After them it is over, like after validUntil: "
                + "expiredUrl, or 410. Exact across nodes", examples = "1000") Long maxClicks) {

    /** A create without device targets. */
    public CreateLinkRequest(String url, String ttl, String alias) {
        this(url, ttl, alias, null);
    }

    /** A create without title, tags or external id. */
    public CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets) {
        this(url, ttl, alias, targets, null, null, null);
    }

    /** A create on the default domain. */
    public CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets, String title, List<String> tags, String externalId) {
        this(url, ttl, alias, targets, title, tags, externalId, null);
    }

    /** A create without routing. */
    public CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets, String title, List<String> tags, String externalId,
            String domain) {
        this(url, ttl, alias, targets, title, tags, externalId, domain, null, null, null, null);
    }

    /** A create without a split or rules. */
    public CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets, String title, List<String> tags, String externalId,
            String domain, Boolean forwardQuery, String validFrom, String validUntil, String expiredUrl) {
        this(url, ttl, alias, targets, title, tags, externalId, domain, forwardQuery, validFrom, validUntil, expiredUrl, null, null);
    }

    /** A create without a password. */
    public CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets, String title, List<String> tags, String externalId,
            String domain, Boolean forwardQuery, String validFrom, String validUntil, String expiredUrl, List<SplitVariant> split,
            List<RoutingRule> rules) {
        this(url, ttl, alias, targets, title, tags, externalId, domain, forwardQuery, validFrom, validUntil, expiredUrl, split, rules, null,
                null);
    }
}
