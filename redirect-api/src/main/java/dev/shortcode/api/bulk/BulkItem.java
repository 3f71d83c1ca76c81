package dev.shortcode.api.bulk;

import dev.shortcode.api.link.CreateLinkRequest;
import dev.shortcode.api.link.RoutingRule;
import dev.shortcode.api.link.SplitVariant;
import java.util.List;

/**
 * One line of a bulk body: a create request ({@code url} required, {@code ttl} and {@code alias}
 * optional, {@code title}, {@code tags}, {@code externalId}, {@code domain} and the routing fields too, as for {@code POST /api/v1/links})
 * and an optional client {@code ref} that makes the
 * line safe to send again (see {@link BulkRefs}).
 */
public record BulkItem(String url, String ttl, String alias, String ref, String title, List<String> tags, String externalId,
        String domain, Boolean forwardQuery, String validFrom, String validUntil, String expiredUrl, List<SplitVariant> split,
        List<RoutingRule> rules, Long maxClicks) {

    /** A line without title, tags or external id. */
    public BulkItem(String url, String ttl, String alias, String ref) {
        this(url, ttl, alias, ref, null, null, null);
    }

    /** A line on the default domain, without routing. */
    public BulkItem(String url, String ttl, String alias, String ref, String title, List<String> tags, String externalId) {
        this(url, ttl, alias, ref, title, tags, externalId, null, null, null, null, null, null, null, null);
    }

    CreateLinkRequest request() {
        return new CreateLinkRequest(url, ttl, alias, null, title, tags, externalId, domain, forwardQuery, validFrom, validUntil, expiredUrl,
                split, rules, null, maxClicks);
    }
}
