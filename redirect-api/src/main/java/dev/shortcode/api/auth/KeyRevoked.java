package dev.shortcode.api.auth;

/** Fired on the node where an API key was revoked, after the store recorded it: what acts for the key stops at once there. */
public record KeyRevoked(String keyId) {}
