package dev.shortcode.api.link;

/** Body of a PATCH: either field may be absent. */
public record UpdateLinkRequest(String url, String ttl) {}
