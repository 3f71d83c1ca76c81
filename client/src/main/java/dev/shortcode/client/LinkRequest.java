package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One create: a single {@code POST /api/v1/links} or one line of a bulk stream. {@code ttl} (an
 * ISO-8601 duration or {@code permanent}), {@code alias}, {@code ref}, {@code title}, {@code tags}
 * and {@code domain} may be null (then they are not sent); {@code ref} is only sent in bulk
 * streams, where it makes the line safe to send again.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LinkRequest(String url, String ttl, String alias, String ref, String title, List<String> tags, String domain) {

    public LinkRequest {
        tags = tags == null || tags.isEmpty() ? null : List.copyOf(tags);
    }

    /** A create without title, tags or domain. */
    public LinkRequest(String url, String ttl, String alias, String ref) {
        this(url, ttl, alias, ref, null, null, null);
    }

    public static LinkRequest of(String url) {
        return new LinkRequest(url, null, null, null);
    }

    public LinkRequest withRef(String newRef) {
        return new LinkRequest(url, ttl, alias, newRef, title, tags, domain);
    }

    /** The same create with a title and tags (null or empty: none). */
    public LinkRequest withMeta(String newTitle, List<String> newTags) {
        return new LinkRequest(url, ttl, alias, ref, newTitle, newTags, domain);
    }

    /** The same create on a branded domain (null: the default domain). */
    public LinkRequest onDomain(String newDomain) {
        return new LinkRequest(url, ttl, alias, ref, title, tags, newDomain);
    }
}
