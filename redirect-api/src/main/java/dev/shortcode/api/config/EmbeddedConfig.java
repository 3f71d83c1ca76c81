package dev.shortcode.api.config;

import dev.shortcode.core.embedded.EmbeddedOptions;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.embedded.*} (see the core's EmbeddedOptions). */
public interface EmbeddedConfig {

    /** Bytes of RocksDB's block cache shared by all column families; at least 1 MiB. */
    @WithDefault(EmbeddedOptions.DEFAULT_BLOCK_CACHE_SIZE)
    long blockCacheSize();

    /** Fraction of a link's TTL a read may leave unrecorded before it rewrites the expiry; strictly between 0 and 1. */
    @WithDefault(EmbeddedOptions.DEFAULT_EXTENSION_SLACK)
    double extensionSlack();

    /** Upper bound of that lag for long TTLs. */
    @WithDefault(EmbeddedOptions.DEFAULT_MAX_EXTENSION_WINDOW)
    Duration maxExtensionWindow();

    /** Pause between two sweeps for expired idempotency keys (expired links stay as the archive's copy). */
    @WithDefault(EmbeddedOptions.DEFAULT_SWEEP_INTERVAL)
    Duration sweepInterval();

    /** Idempotency keys one sweep looks at at most. */
    @WithDefault(EmbeddedOptions.DEFAULT_SWEEP_BATCH)
    int sweepBatch();

    /** Writes waiting for the writer thread at most; past it a write fails at once. At least 2. */
    @WithDefault(EmbeddedOptions.DEFAULT_WRITE_QUEUE_CAPACITY)
    int writeQueueCapacity();

    /** Operations in one synced write batch at most. */
    @WithDefault(EmbeddedOptions.DEFAULT_WRITE_BATCH_MAX)
    int writeBatchMax();

    /**
     * How long a create may wait for others to share its fsync, when creates come often enough
     * to expect company; 0 never waits, at most {@code PT0.1S}.
     */
    @WithDefault(EmbeddedOptions.DEFAULT_COMMIT_DELAY)
    Duration commitDelay();
}
