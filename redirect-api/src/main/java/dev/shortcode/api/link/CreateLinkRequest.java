package dev.shortcode.api.link;

/** Body of a create: {@code url} required, {@code ttl} and {@code alias} optional. */
public record CreateLinkRequest(String url, String ttl, String alias) {}
