package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One create: a single {@code POST /api/v1/links} or one line of a bulk stream. {@code ttl} (an
 * ISO-8601 duration or {@code permanent}), {@code alias} and {@code ref} may be null; {@code ref}
 * is only sent in bulk streams, where it makes the line safe to send again.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LinkRequest(String url, String ttl, String alias, String ref) {

    public static LinkRequest of(String url) {
        return new LinkRequest(url, null, null, null);
    }

    public LinkRequest withRef(String newRef) {
        return new LinkRequest(url, ttl, alias, newRef);
    }
}
