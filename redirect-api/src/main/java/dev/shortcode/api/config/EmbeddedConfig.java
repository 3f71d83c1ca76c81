package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.embedded.*} (see the core's EmbeddedOptions). */
public interface EmbeddedConfig {

    /** Bytes of RocksDB's block cache shared by all column families; at least 1 MiB. */
    @WithDefault("67108864")
    long blockCacheSize();

    /** Fraction of a link's TTL a read may leave unrecorded before it rewrites the expiry; strictly between 0 and 1. */
    @WithDefault("0.1")
    double extensionSlack();

    /** Upper bound of that lag for long TTLs. */
    @WithDefault("PT1H")
    Duration maxExtensionWindow();

    /** Pause between two sweeps for expired idempotency keys (expired links stay as the archive's copy). */
    @WithDefault("PT1S")
    Duration sweepInterval();

    /** Idempotency keys one sweep looks at at most. */
    @WithDefault("10000")
    int sweepBatch();

    /** Writes waiting for the writer thread at most; past it a write fails at once. At least 2. */
    @WithDefault("65536")
    int writeQueueCapacity();

    /** Operations in one synced write batch at most. */
    @WithDefault("1024")
    int writeBatchMax();

    /**
     * How long a create may wait for others to share its fsync, when creates come often enough
     * to expect company; 0 never waits, at most {@code PT0.1S}.
     */
    @WithDefault("PT0.001S")
    Duration commitDelay();
}
