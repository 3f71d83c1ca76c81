package dev.shortcode.core.capacity;

import java.time.Duration;

/** One part of a planned TTL mix: this share of the non-permanent links asks for this TTL. */
public record TtlShare(Duration ttl, double share) {}
