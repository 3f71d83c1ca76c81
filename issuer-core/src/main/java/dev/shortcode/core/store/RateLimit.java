package dev.shortcode.core.store;

import java.time.Duration;

/**
 * One limit on a subject (an API key): at most {@code quota} units per {@code window}.
 *
 * @param quota  units per window, at least 1
 * @param window the window, whole seconds, at least one
 * @param refill how used units come back
 */
public record RateLimit(long quota, Duration window, Refill refill) {

    /** How used units come back. */
    public enum Refill {
        /** A token bucket: {@code quota / window} units a second, so a burst of up to {@code quota} at once. */
        GRADUAL,
        /** All at once at 00:00 UTC: at most {@code quota} units per calendar day. */
        DAILY_UTC
    }

    public static final Duration DAY = Duration.ofDays(1);
    /** The fastest refill the token buckets support (one unit a nanosecond); more is no limit at all. */
    public static final long MAX_PER_SECOND = 1_000_000_000L;

    public RateLimit {
        if (quota < 1) {
            throw new IllegalArgumentException("quota " + quota + " must be at least 1");
        }
        if (window == null || window.getSeconds() < 1 || window.getNano() != 0) {
            throw new IllegalArgumentException("window " + window + " must be whole seconds, at least one");
        }
        if (refill == null) {
            throw new IllegalArgumentException("refill is required");
        }
        if (refill == Refill.DAILY_UTC && !window.equals(DAY)) {
            throw new IllegalArgumentException("a daily quota has a window of one day, not " + window);
        }
        if (quota > window.getSeconds() * MAX_PER_SECOND) {
            throw new IllegalArgumentException("quota " + quota + " per " + window + " is more than " + MAX_PER_SECOND + " a second");
        }
    }

    /** {@code quota} requests a minute, refilled gradually. */
    public static RateLimit perMinute(long quota) {
        return new RateLimit(quota, Duration.ofMinutes(1), Refill.GRADUAL);
    }

    /** {@code quota} units a UTC day. */
    public static RateLimit perUtcDay(long quota) {
        return new RateLimit(quota, DAY, Refill.DAILY_UTC);
    }
}
