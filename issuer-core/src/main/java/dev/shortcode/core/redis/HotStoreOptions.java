package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * Tuning of {@link RedisHotStore}. Immutable, built with {@link #builder()} (the defaults are its
 * {@code DEFAULT_*} constants, which the service's configuration mapping takes too); a bad value throws {@link ConfigException} naming its key under
 * {@code shortcode.redis.hot-store.}.
 *
 * @param nearCacheMaxSize       links kept in this node's near cache; bounds its heap (~300 bytes each)
 * @param nearCacheRefresh       age after which a near-cached link is re-read from Redis in the
 *                               background (one reload per code at a time) while reads go on being
 *                               answered from the near cache; bounds how stale a continuously read
 *                               link can be when an invalidation message is lost
 * @param nearCacheMaxAge        age after which a near-cached link is no longer served: reads wait for
 *                               Redis again, and fail as Redis does. Ages count from the last
 *                               successful read from Redis, so this is how long a node goes on
 *                               answering from memory while its reloads fail (Redis down or out of
 *                               reach). Capped per link at a tenth of its TTL
 *                               ({@link #nearCacheMaxAgeNanos}); at least {@code nearCacheRefresh}
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
 * @param oneScriptCreates       on a standalone Redis, a create stores its link and appends its
 *                               {@code Put} in one script, one round trip, and a batch in one
 *                               script call per outbox shard and {@code outboxMaxBatch} links
 *                               ({@link OneScriptCreates}); false: {@code SET NX}, then the
 *                               group-committed {@code XADD}, two replies in a row for about half
 *                               the Redis CPU per create. A Cluster always takes the two steps
 * @param coalesceCreates        with one-script creates, at most this many single creates of one
 *                               node that arrive while its previous create call is in flight
 *                               go to Redis as one call ({@link CoalescingCreates}); 0: every create
 *                               its own call
 * @param waitReplicas           0: a change is acknowledged once its master has it; n >= 1: only once
 *                               {@code WAIT} confirms it on n replicas of every master it wrote to
 *                               ({@link ReplicaWaits}; key {@code shortcode.redis.wait-replicas})
 * @param waitTimeout            how long a change waits for those replicas before it fails
 *                               ({@code shortcode.redis.wait-timeout})
 * @param sweepPeriod            with links in groups ({@link StoreKeys#linkGroups()}), how long one
 *                               pass of the sweep over every group takes: an expired link's field is
 *                               deleted at most this long after it expired ({@link LinkGroupSweeper})
 */
public record HotStoreOptions(
        long nearCacheMaxSize,
        Duration nearCacheRefresh,
        Duration nearCacheMaxAge,
        double extensionFraction,
        Duration minExtensionWindow,
        long extensionMarksMaxSize,
        int extensionQueueCapacity,
        Duration extensionFlushInterval,
        int outboxMaxBatch,
        int outboxMaxQueued,
        boolean oneScriptCreates,
        Duration sweepPeriod,
        int coalesceCreates,
        int waitReplicas,
        Duration waitTimeout) {

    static final String PREFIX = StoreKeys.PREFIX + "hot-store.";

    /** Default of {@code nearCacheMaxSize}, as the key takes it. */
    public static final String DEFAULT_NEAR_CACHE_MAX_SIZE = "100000";
    /** Default of {@code nearCacheRefresh}, as the key takes it. */
    public static final String DEFAULT_NEAR_CACHE_REFRESH = "PT1S";
    /** Default of {@code nearCacheMaxAge}, as the key takes it. */
    public static final String DEFAULT_NEAR_CACHE_MAX_AGE = "PT30S";
    /** Default of {@code extensionFraction}, as the key takes it. */
    public static final String DEFAULT_EXTENSION_FRACTION = "0.1";
    /** Default of {@code minExtensionWindow}, as the key takes it. */
    public static final String DEFAULT_MIN_EXTENSION_WINDOW = "PT60S";
    /** Default of {@code extensionMarksMaxSize}, as the key takes it. */
    public static final String DEFAULT_EXTENSION_MARKS_MAX_SIZE = "200000";
    /** Default of {@code extensionQueueCapacity}, as the key takes it. */
    public static final String DEFAULT_EXTENSION_QUEUE_CAPACITY = "65536";
    /** Default of {@code extensionFlushInterval}, as the key takes it. */
    public static final String DEFAULT_EXTENSION_FLUSH_INTERVAL = "PT0.005S";
    /** Default of {@code outboxMaxBatch}, as the key takes it. */
    public static final String DEFAULT_OUTBOX_MAX_BATCH = "256";
    /** Default of {@code outboxMaxQueued}, as the key takes it. */
    public static final String DEFAULT_OUTBOX_MAX_QUEUED = "200000";
    /** Default of {@code oneScriptCreates}, as the key takes it. */
    public static final String DEFAULT_ONE_SCRIPT_CREATES = "true";
    /** Default of {@code coalesceCreates}, as the key takes it. */
    public static final String DEFAULT_COALESCE_CREATES = "64";
    /** Default of {@code waitReplicas}, as the key takes it. */
    public static final String DEFAULT_WAIT_REPLICAS = "0";
    /** Default of {@code waitTimeout}, as the key takes it. */
    public static final String DEFAULT_WAIT_TIMEOUT = "PT1S";
    /** Default of {@code sweepPeriod}, as the key takes it. */
    public static final String DEFAULT_SWEEP_PERIOD = "PT10M";

    public static final HotStoreOptions DEFAULTS = builder().build();

    public HotStoreOptions {
        positive(nearCacheMaxSize, "near-cache.max-size");
        positive(nearCacheRefresh, "near-cache.refresh");
        positive(nearCacheMaxAge, "near-cache.max-age");
        if (nearCacheMaxAge.compareTo(nearCacheRefresh) < 0) {
            throw new ConfigException(PREFIX + "near-cache.max-age",
                    nearCacheMaxAge + " must be at least near-cache.refresh " + nearCacheRefresh);
        }
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
        positive(sweepPeriod, "sweep-period");
        if (sweepPeriod.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException(PREFIX + "sweep-period", sweepPeriod + " must be at least 1 s");
        }
        if (coalesceCreates < 0 || coalesceCreates > OneScriptCreates.MAX_LINKS_PER_CALL) {
            throw new ConfigException(PREFIX + "outbox.coalesce-creates", coalesceCreates + " is outside 0.."
                    + OneScriptCreates.MAX_LINKS_PER_CALL);
        }
        if (waitReplicas < 0 || waitReplicas > 16) {
            throw new ConfigException(StoreKeys.PREFIX + "wait-replicas", waitReplicas + " is outside 0..16");
        }
        if (waitTimeout == null || waitTimeout.isNegative() || waitTimeout.compareTo(Duration.ofMillis(1)) < 0) {
            throw new ConfigException(StoreKeys.PREFIX + "wait-timeout", waitTimeout + " must be at least 1 ms");
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

    /**
     * How long a near-cached copy of a link with this TTL may be served after it was read from
     * Redis: {@code nearCacheMaxAge}, but never more than a tenth of the TTL. A node reading a link
     * extends it at least once per extension window (at most half its TTL), so when Redis last
     * answered the link had about half its TTL or more left: a copy served for a tenth of the TTL
     * does not outlive the link in Redis, even when this node can no longer reach Redis to see it go.
     */
    long nearCacheMaxAgeNanos(long ttlSeconds) {
        long tenthOfTtl = ttlSeconds > 90_000_000_000L ? Long.MAX_VALUE : ttlSeconds * 100_000_000L;
        return Math.min(nearCacheMaxAge.toNanos(), tenthOfTtl);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder().nearCacheMaxSize(nearCacheMaxSize).nearCacheRefresh(nearCacheRefresh).nearCacheMaxAge(nearCacheMaxAge)
                .extensionFraction(extensionFraction).minExtensionWindow(minExtensionWindow).extensionMarksMaxSize(extensionMarksMaxSize)
                .extensionQueueCapacity(extensionQueueCapacity).extensionFlushInterval(extensionFlushInterval)
                .outboxMaxBatch(outboxMaxBatch).outboxMaxQueued(outboxMaxQueued).oneScriptCreates(oneScriptCreates).sweepPeriod(sweepPeriod)
                .coalesceCreates(coalesceCreates).waitReplicas(waitReplicas).waitTimeout(waitTimeout);
    }

    /** Starts from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private long nearCacheMaxSize = Long.parseLong(DEFAULT_NEAR_CACHE_MAX_SIZE);
        private Duration nearCacheRefresh = Duration.parse(DEFAULT_NEAR_CACHE_REFRESH);
        private Duration nearCacheMaxAge = Duration.parse(DEFAULT_NEAR_CACHE_MAX_AGE);
        private double extensionFraction = Double.parseDouble(DEFAULT_EXTENSION_FRACTION);
        private Duration minExtensionWindow = Duration.parse(DEFAULT_MIN_EXTENSION_WINDOW);
        private long extensionMarksMaxSize = Long.parseLong(DEFAULT_EXTENSION_MARKS_MAX_SIZE);
        private int extensionQueueCapacity = Integer.parseInt(DEFAULT_EXTENSION_QUEUE_CAPACITY);
        private Duration extensionFlushInterval = Duration.parse(DEFAULT_EXTENSION_FLUSH_INTERVAL);
        private int outboxMaxBatch = Integer.parseInt(DEFAULT_OUTBOX_MAX_BATCH);
        private int outboxMaxQueued = Integer.parseInt(DEFAULT_OUTBOX_MAX_QUEUED);
        private boolean oneScriptCreates = Boolean.parseBoolean(DEFAULT_ONE_SCRIPT_CREATES);
        private Duration sweepPeriod = Duration.parse(DEFAULT_SWEEP_PERIOD);
        private int coalesceCreates = Integer.parseInt(DEFAULT_COALESCE_CREATES);
        private int waitReplicas = Integer.parseInt(DEFAULT_WAIT_REPLICAS);
        private Duration waitTimeout = Duration.parse(DEFAULT_WAIT_TIMEOUT);

        private Builder() {}

        /** Default {@value HotStoreOptions#DEFAULT_NEAR_CACHE_MAX_SIZE}. */
        public Builder nearCacheMaxSize(long value) {
            this.nearCacheMaxSize = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_NEAR_CACHE_REFRESH}. */
        public Builder nearCacheRefresh(Duration value) {
            this.nearCacheRefresh = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_NEAR_CACHE_MAX_AGE}. */
        public Builder nearCacheMaxAge(Duration value) {
            this.nearCacheMaxAge = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_EXTENSION_FRACTION}. */
        public Builder extensionFraction(double value) {
            this.extensionFraction = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_MIN_EXTENSION_WINDOW}. */
        public Builder minExtensionWindow(Duration value) {
            this.minExtensionWindow = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_EXTENSION_MARKS_MAX_SIZE}. */
        public Builder extensionMarksMaxSize(long value) {
            this.extensionMarksMaxSize = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_EXTENSION_QUEUE_CAPACITY}. */
        public Builder extensionQueueCapacity(int value) {
            this.extensionQueueCapacity = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_EXTENSION_FLUSH_INTERVAL}. */
        public Builder extensionFlushInterval(Duration value) {
            this.extensionFlushInterval = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_OUTBOX_MAX_BATCH}. */
        public Builder outboxMaxBatch(int value) {
            this.outboxMaxBatch = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_OUTBOX_MAX_QUEUED}. */
        public Builder outboxMaxQueued(int value) {
            this.outboxMaxQueued = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_ONE_SCRIPT_CREATES}. */
        public Builder oneScriptCreates(boolean value) {
            this.oneScriptCreates = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_SWEEP_PERIOD}. */
        public Builder sweepPeriod(Duration value) {
            this.sweepPeriod = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_COALESCE_CREATES}. */
        public Builder coalesceCreates(int value) {
            this.coalesceCreates = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_WAIT_REPLICAS}. */
        public Builder waitReplicas(int value) {
            this.waitReplicas = value;
            return this;
        }

        /** Default {@value HotStoreOptions#DEFAULT_WAIT_TIMEOUT}. */
        public Builder waitTimeout(Duration value) {
            this.waitTimeout = value;
            return this;
        }

        public HotStoreOptions build() {
            return new HotStoreOptions(nearCacheMaxSize, nearCacheRefresh, nearCacheMaxAge, extensionFraction, minExtensionWindow,
                    extensionMarksMaxSize, extensionQueueCapacity, extensionFlushInterval, outboxMaxBatch, outboxMaxQueued,
                    oneScriptCreates, sweepPeriod, coalesceCreates, waitReplicas, waitTimeout);
        }
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
