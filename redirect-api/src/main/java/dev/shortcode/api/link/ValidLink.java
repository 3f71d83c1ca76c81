package dev.shortcode.api.link;

import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.core.store.LinkRecord;

/**
 * A create request that passed validation: the URL as it will be stored, the pool and TTL chosen,
 * the alias if one was asked for. Nothing invalid gets this far.
 *
 * @param alias the custom alias, or null for an issued code
 */
public record ValidLink(String url, TtlPolicy.Choice ttl, String alias) {

    /** The pool name recorded for custom aliases, which no allocator issues. */
    public static final String ALIAS_POOL = "alias";

    /** The pool that serves it: the TTL's, or {@link #ALIAS_POOL}. */
    public String pool() {
        return alias != null ? ALIAS_POOL : ttl.pool().name();
    }

    /** What makes two creates the same request: the stored url, the ttl asked for, the alias. */
    public String fingerprint() {
        String canonical = url + "\n" + ttl.label() + "\n" + (alias == null ? "" : alias);
        return ApiKeys.sha256(canonical).substring(0, 16);
    }

    /** The link this request makes under {@code code}: version 1, created {@code now} by {@code owner}. */
    public LinkRecord record(String code, String owner, long now) {
        return new LinkRecord(code, url, pool(), ttl.ttl().toSeconds(), ttl.permanent(), now, owner, 1);
    }
}
