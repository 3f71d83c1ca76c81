package dev.shortcode.api.bulk;

import dev.shortcode.api.link.CreateLinkRequest;

/**
 * One line of a bulk body: a create request ({@code url} required, {@code ttl} and {@code alias}
 * optional, as for {@code POST /api/v1/links}) and an optional client {@code ref} that makes the
 * line safe to send again (see {@link BulkRefs}).
 */
public record BulkItem(String url, String ttl, String alias, String ref) {

    CreateLinkRequest request() {
        return new CreateLinkRequest(url, ttl, alias);
    }
}
