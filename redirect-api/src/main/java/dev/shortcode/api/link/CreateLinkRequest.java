package dev.shortcode.api.link;

/** Body of a create: {@code url} required, {@code ttl}, {@code alias} and {@code targets} optional. */
public record CreateLinkRequest(String url, String ttl, String alias, DeviceTargets targets) {

    /** A create without device targets. */
    public CreateLinkRequest(String url, String ttl, String alias) {
        this(url, ttl, alias, null);
    }
}
