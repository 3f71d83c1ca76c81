package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * How each node's {@link ClickRollup} copies finished days of click counts from Redis into the
 * archive.
 *
 * @param interval how often a node looks for days to roll up (each day is rolled up by one node,
 *                 under a lock); also how soon after an HBase outage the roll-up is retried
 * @param grace    how long after a UTC day ends before it is rolled up: clicks of the day still
 *                 buffered on nodes (one flush interval, clock skew) arrive meanwhile, and any
 *                 arriving later have the day rolled up again
 */
public record ClickRollupOptions(Duration interval, Duration grace) {

    static final String PREFIX = StoreKeys.PREFIX + "click-rollup.";

    public static final ClickRollupOptions DEFAULTS = new ClickRollupOptions(Duration.ofMinutes(1), Duration.ofMinutes(2));

    public ClickRollupOptions {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new ConfigException(PREFIX + "interval", interval + " must be a positive duration");
        }
        if (grace == null || grace.isNegative()) {
            throw new ConfigException(PREFIX + "grace", grace + " must not be negative");
        }
    }
}
