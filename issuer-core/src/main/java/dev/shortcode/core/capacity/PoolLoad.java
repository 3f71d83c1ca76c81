package dev.shortcode.core.capacity;

import java.time.Duration;

/**
 * One pool's share of a hot store: its live links, how fast it issues, how long links stay hot
 * (the idle TTL, also for permanent links, which leave the hot store after it) and what a link costs.
 *
 * @param bytesPerLink {@code NaN} when not measured
 */
public record PoolLoad(String pool, long liveLinks, double ratePerDay, Duration hotTtl, double bytesPerLink) {}
