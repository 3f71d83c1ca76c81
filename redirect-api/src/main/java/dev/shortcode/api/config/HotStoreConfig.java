package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.redis.hot-store.*} (see the core's HotStoreOptions). */
public interface HotStoreConfig {

    /** With link groups, how long one sweep of expired links over every group takes; at least 1 s. */
    @WithDefault("PT10M")
    Duration sweepPeriod();

    NearCache nearCache();

    Extension extension();

    Outbox outbox();

    interface NearCache {

        /** Links kept in this node's near cache (about 300 bytes each). */
        @WithDefault("100000")
        long maxSize();

        /** Age after which a near-cached link is re-read in the background. */
        @WithDefault("PT1S")
        Duration refresh();

        /** Age after which a near-cached link is no longer served (while Redis does not answer); at least refresh. */
        @WithDefault("PT30S")
        Duration maxAge();
    }

    interface Extension {

        /** A link's TTL is extended at most once per this fraction of it, per node; in (0, 0.5]. */
        @WithDefault("0.1")
        double fraction();

        /** Floor of that window for long TTLs. */
        @WithDefault("PT60S")
        Duration minWindow();

        /** Codes whose last extension this node remembers. */
        @WithDefault("200000")
        long marksMaxSize();

        /** Extensions waiting to be sent; beyond it one is dropped and retried on the next read. */
        @WithDefault("65536")
        int queueCapacity();

        /** How long extensions are gathered into one pipelined batch. */
        @WithDefault("PT0.005S")
        Duration flushInterval();
    }

    interface Outbox {

        /** Mutations per outbox stream entry (one XADD), 1..10000. */
        @WithDefault("256")
        int maxBatch();

        /** Mutations waiting for their XADD on this node; beyond it creates fail fast. At least max-batch. */
        @WithDefault("200000")
        int maxQueued();

        /**
         * On a standalone Redis, a create stores its link and appends its Put in one script (one
         * round trip), a batch in one script call per outbox shard and max-batch links; false: SET NX,
         * then the group-committed XADD. A Cluster always takes the two steps.
         */
        @WithDefault("true")
        @WithConverter(StrictBooleanConverter.class)
        boolean oneScriptCreates();
    }
}
