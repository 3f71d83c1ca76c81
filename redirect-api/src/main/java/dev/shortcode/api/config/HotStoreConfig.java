package dev.shortcode.api.config;

import dev.shortcode.core.redis.HotStoreOptions;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.redis.hot-store.*} (see the core's HotStoreOptions). */
public interface HotStoreConfig {

    /** With link groups, how long one sweep of expired links over every group takes; at least 1 s. */
    @WithDefault(HotStoreOptions.DEFAULT_SWEEP_PERIOD)
    Duration sweepPeriod();

    NearCache nearCache();

    Extension extension();

    Outbox outbox();

    interface NearCache {

        /** Links kept in this node's near cache (about 300 bytes each). */
        @WithDefault(HotStoreOptions.DEFAULT_NEAR_CACHE_MAX_SIZE)
        long maxSize();

        /** Age after which a near-cached link is re-read in the background. */
        @WithDefault(HotStoreOptions.DEFAULT_NEAR_CACHE_REFRESH)
        Duration refresh();

        /** Age after which a near-cached link is no longer served (while Redis does not answer); at least refresh. */
        @WithDefault(HotStoreOptions.DEFAULT_NEAR_CACHE_MAX_AGE)
        Duration maxAge();
    }

    interface Extension {

        /** A link's TTL is extended at most once per this fraction of it, per node; in (0, 0.5]. */
        @WithDefault(HotStoreOptions.DEFAULT_EXTENSION_FRACTION)
        double fraction();

        /** Floor of that window for long TTLs. */
        @WithDefault(HotStoreOptions.DEFAULT_MIN_EXTENSION_WINDOW)
        Duration minWindow();

        /** Codes whose last extension this node remembers. */
        @WithDefault(HotStoreOptions.DEFAULT_EXTENSION_MARKS_MAX_SIZE)
        long marksMaxSize();

        /** Extensions waiting to be sent; beyond it one is dropped and retried on the next read. */
        @WithDefault(HotStoreOptions.DEFAULT_EXTENSION_QUEUE_CAPACITY)
        int queueCapacity();

        /** How long extensions are gathered into one pipelined batch. */
        @WithDefault(HotStoreOptions.DEFAULT_EXTENSION_FLUSH_INTERVAL)
        Duration flushInterval();
    }

    interface Outbox {

        /** Mutations per outbox stream entry (one XADD), 1..10000. */
        @WithDefault(HotStoreOptions.DEFAULT_OUTBOX_MAX_BATCH)
        int maxBatch();

        /** Mutations waiting for their XADD on this node; beyond it creates fail fast. At least max-batch. */
        @WithDefault(HotStoreOptions.DEFAULT_OUTBOX_MAX_QUEUED)
        int maxQueued();

        /**
         * On a standalone Redis, a create stores its link and appends its Put in one script (one
         * round trip), a batch in one script call per outbox shard and max-batch links; false: SET NX,
         * then the group-committed XADD. A Cluster always takes the two steps.
         */
        @WithDefault(HotStoreOptions.DEFAULT_ONE_SCRIPT_CREATES)
        @WithConverter(StrictBooleanConverter.class)
        boolean oneScriptCreates();

        /**
         * With one-script creates, at most this many single creates that arrive while the node's
         * previous create call is in flight leave as one call; 0: each create its own call.
         */
        @WithDefault(HotStoreOptions.DEFAULT_COALESCE_CREATES)
        int coalesceCreates();
    }
}
