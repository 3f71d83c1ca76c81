package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * Tuning of {@link RedisHotStore}. Immutable; a bad value throws {@link ConfigException} naming its
 * key under {@code shortcode.redis.}.
 *
 * @param nearCacheMaxSize       links kept in this node's near cache; bounds its heap (~250 bytes each)
 * @param nearCacheExpiry        how long a near-cached link is served without asking Redis; bounds
 *                               how stale a node can be when an invalidation message is lost
 * @param extensionFraction      a link's TTL is re-extended at most once per {@code ttl * fraction}
 *                               per node, so a hot link costs no write per read
 * @param minExtensionWindow     floor of that window: links with long TTLs are not re-extended more
 *                               often than this (the window never exceeds half the TTL, so short
 *                               TTLs still slide)
 * @param extensionMarksMaxSize  codes whose last extension this node remembers; a forgotten code is
 *                               extended once more than needed, nothing worse
 * @param extensionQueueCapacity extensions waiting to be sent; when full, an extension is dropped and
 *                               retried on the next read of the link
 * @param extensionFlushInterval how long the extension thread gathers extensions into one pipelined batch
 * @param outboxMaxBatch         mutations per outbox stream entry (one {@code XADD})
 * @param outboxMaxQueued        mutations waiting for their {@code XADD} on this node; beyond it
 *                               creates fail fast instead of queueing without bound
 */
public record HotStoreOptions(
        long nearCacheMaxSize,
        Duration nearCacheExpiry,
        double extensionFraction,
        Duration minExtensionWindow,
        long extensionMarksMaxSize,
        int extensionQueueCapacity,
        Duration extensionFlushInterval,
        int outboxMaxBatch,
        int outboxMaxQueued) {

    public static final HotStoreOptions DEFAULTS = new HotStoreOptions(
            100_000, Duration.ofSeconds(1), 0.1, Duration.ofSeconds(60), 200_000, 65_536, Duration.ofMillis(5), 256, 200_000);

    static final String PREFIX = StoreKeys.PREFIX + "hot-store.";

    public HotStoreOptions {
        positive(nearCacheMaxSize, "near-cache.max-size");
        positive(nearCacheExpiry, "near-cache.expiry");
        if (!(extensionFraction > 0 && extensionFraction <= 0.5)) {
            throw new ConfigException(PREFIX + "extension.fraction", extensionFraction + " must lie in (0, 0.5]");
        }
        positive(minExtensionWindow, "extension.min-window");
        positive(extensionMarksMaxSize, "extension.marks-max-size");
        positive(extensionQueueCapacity, "extension.queue-capacity");
        positive(extensionFlushInterval, "extension.flush-interval");
        if (outboxMaxBatch < 1 || outboxMaxBatch > 10_000) {
            throw new ConfigException(PREFIX + "outbox.max-batch", outboxMaxBatch + " is outside 1..10000");
        }
        if (outboxMaxQueued < outboxMaxBatch) {
            throw new ConfigException(PREFIX + "outbox.max-queued", outboxMaxQueued + " must be at least outbox.max-batch " + outboxMaxBatch);
        }
    }

    /**
     * How long after extending a link's TTL this node does not extend it again: a fraction of the
     * TTL, at least the minimum window, at most half the TTL. An idle link therefore expires between
     * {@code ttl - window} and {@code ttl} after its last read.
     */
    long extensionWindowNanos(long ttlSeconds) {
        long ttlNanos = Duration.ofSeconds(ttlSeconds).toNanos();
        long window = Math.max((long) (ttlNanos * extensionFraction), minExtensionWindow.toNanos());
        return Math.min(window, ttlNanos / 2);
    }

    public HotStoreOptions withNearCacheExpiry(Duration expiry) {
        return new HotStoreOptions(nearCacheMaxSize, expiry, extensionFraction, minExtensionWindow, extensionMarksMaxSize,
                extensionQueueCapacity, extensionFlushInterval, outboxMaxBatch, outboxMaxQueued);
    }

    public HotStoreOptions withMinExtensionWindow(Duration window) {
        return new HotStoreOptions(nearCacheMaxSize, nearCacheExpiry, extensionFraction, window, extensionMarksMaxSize,
                extensionQueueCapacity, extensionFlushInterval, outboxMaxBatch, outboxMaxQueued);
    }

    public HotStoreOptions withOutboxMaxQueued(int maxQueued) {
        return new HotStoreOptions(nearCacheMaxSize, nearCacheExpiry, extensionFraction, minExtensionWindow, extensionMarksMaxSize,
                extensionQueueCapacity, extensionFlushInterval, outboxMaxBatch, maxQueued);
    }

    private static void positive(long value, String key) {
        if (value < 1) {
            throw new ConfigException(PREFIX + key, value + " must be at least 1");
        }
    }

    private static void positive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }
}
