package dev.shortcode.core.embedded;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How the single-node storage runs. Immutable, built with {@link #builder(Path)} (the defaults are
 * its {@code DEFAULT_*} constants, which the service's configuration mapping takes too; the data
 * directory has none); a bad value throws {@link ConfigException} naming
 * its key under {@code shortcode.embedded.}, or {@code shortcode.data-dir}.
 *
 * @param dataDir            where the data lives; the database is {@code <dataDir>/rocksdb}
 * @param blockCacheBytes    memory for uncompressed data blocks shared by all column families;
 *                           bounds what reads keep in memory beyond the memtables
 * @param extensionSlack     fraction of a link's TTL a read may leave unrecorded: a read rewrites
 *                           the expiry only when it lags {@code now + ttl} by more than this
 *                           fraction (and by more than {@code maxExtensionWindow}); so a link
 *                           lives at least {@code (1 - slack) * ttl} after its last read
 * @param maxExtensionWindow upper bound of that lag for long TTLs: a 100-day link read every
 *                           minute is rewritten once per window, and expires at most one window
 *                           earlier than {@code last read + ttl}
 * @param sweepInterval      pause between two sweeps for expired idempotency keys (expired links
 *                           are not swept: they stay as the archive's copy)
 * @param sweepBatch         idempotency keys one sweep looks at at most; bounds the time a sweep runs
 * @param writeQueueCapacity writes waiting for the writer thread at most (a batch create counts
 *                           its links); past it a write fails at once
 *                           ({@link WriteQueueFullException}) instead of blocking its caller.
 *                           Bounds the memory of a burst the disk cannot absorb
 * @param writeBatchMax      operations the writer puts into one synced write batch at most;
 *                           bounds the latency one batch adds to the next. A batch create larger
 *                           than this is never split: it is written as a batch of its own
 * @param commitDelay        how long the writer may hold an acknowledged write for company before
 *                           syncing it, when writes arrive often enough that company is expected
 *                           within that time (see {@link GroupCommitWriter}); zero never waits.
 *                           An fsync costs the same for one write or a hundred, so under load
 *                           a short wait divides its cost among many creates, at the price of at
 *                           most this much latency
 */
public record EmbeddedOptions(Path dataDir, long blockCacheBytes, double extensionSlack, Duration maxExtensionWindow,
        Duration sweepInterval, int sweepBatch, int writeQueueCapacity, int writeBatchMax, Duration commitDelay) {

    static final String PREFIX = IssuerOptions.PREFIX + "embedded.";

    /** Default of {@code blockCacheBytes}, as the key takes it. */
    public static final String DEFAULT_BLOCK_CACHE_SIZE = "67108864";
    /** Default of {@code extensionSlack}, as the key takes it. */
    public static final String DEFAULT_EXTENSION_SLACK = "0.1";
    /** Default of {@code maxExtensionWindow}, as the key takes it. */
    public static final String DEFAULT_MAX_EXTENSION_WINDOW = "PT1H";
    /** Default of {@code sweepInterval}, as the key takes it. */
    public static final String DEFAULT_SWEEP_INTERVAL = "PT1S";
    /** Default of {@code sweepBatch}, as the key takes it. */
    public static final String DEFAULT_SWEEP_BATCH = "10000";
    /** Default of {@code writeQueueCapacity}, as the key takes it. */
    public static final String DEFAULT_WRITE_QUEUE_CAPACITY = "65536";
    /** Default of {@code writeBatchMax}, as the key takes it. */
    public static final String DEFAULT_WRITE_BATCH_MAX = "1024";
    /** Default of {@code commitDelay}, as the key takes it. */
    public static final String DEFAULT_COMMIT_DELAY = "PT0.001S";

    /** Longer than this and the wait costs more latency than any sync saves. */
    static final Duration MAX_COMMIT_DELAY = Duration.ofMillis(100);

    /** Less than this and RocksDB thrashes its index and filter blocks. */
    static final long MIN_BLOCK_CACHE_BYTES = 1L << 20;

    public EmbeddedOptions {
        if (dataDir == null) {
            throw new ConfigException(IssuerOptions.PREFIX + "data-dir", "must be set");
        }
        if (blockCacheBytes < MIN_BLOCK_CACHE_BYTES) {
            throw new ConfigException(PREFIX + "block-cache-size", blockCacheBytes + " must be at least " + MIN_BLOCK_CACHE_BYTES + " bytes");
        }
        if (!(extensionSlack > 0 && extensionSlack < 1)) {
            throw new ConfigException(PREFIX + "extension-slack", extensionSlack + " must lie strictly between 0 and 1");
        }
        requirePositive(maxExtensionWindow, "max-extension-window");
        requirePositive(sweepInterval, "sweep-interval");
        if (sweepBatch < 1) {
            throw new ConfigException(PREFIX + "sweep-batch", sweepBatch + " must be at least 1");
        }
        if (writeQueueCapacity < 2) { // housekeeping takes at most half of it
            throw new ConfigException(PREFIX + "write-queue-capacity", writeQueueCapacity + " must be at least 2");
        }
        if (writeBatchMax < 1) {
            throw new ConfigException(PREFIX + "write-batch-max", writeBatchMax + " must be at least 1");
        }
        if (commitDelay == null || commitDelay.isNegative() || commitDelay.compareTo(MAX_COMMIT_DELAY) > 0) {
            throw new ConfigException(PREFIX + "commit-delay", commitDelay + " must lie between 0 and " + MAX_COMMIT_DELAY);
        }
    }

    /** The defaults, with the data under {@code dataDir}. */
    public static EmbeddedOptions defaults(Path dataDir) {
        return builder(dataDir).build();
    }

    public Path databaseDir() {
        return dataDir.resolve("rocksdb");
    }

    /**
     * How far a stored expiry may lag {@code now + ttl} before a read rewrites it: the smaller of
     * the slack's share of the TTL and the maximum window, at least one millisecond.
     */
    public long extensionWindowMillis(long ttlSeconds) {
        long bySlack = (long) (ttlSeconds * 1000L * extensionSlack);
        return Math.max(1, Math.min(bySlack, maxExtensionWindow.toMillis()));
    }

    /** A builder starting from the defaults, with the data under {@code dataDir}. */
    public static Builder builder(Path dataDir) {
        return new Builder(dataDir);
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder(dataDir).blockCacheBytes(blockCacheBytes).extensionSlack(extensionSlack).maxExtensionWindow(maxExtensionWindow)
                .sweepInterval(sweepInterval).sweepBatch(sweepBatch).writeQueueCapacity(writeQueueCapacity).writeBatchMax(writeBatchMax)
                .commitDelay(commitDelay);
    }

    /** Starts from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private final Path dataDir;
        private long blockCacheBytes = Long.parseLong(DEFAULT_BLOCK_CACHE_SIZE);
        private double extensionSlack = Double.parseDouble(DEFAULT_EXTENSION_SLACK);
        private Duration maxExtensionWindow = Duration.parse(DEFAULT_MAX_EXTENSION_WINDOW);
        private Duration sweepInterval = Duration.parse(DEFAULT_SWEEP_INTERVAL);
        private int sweepBatch = Integer.parseInt(DEFAULT_SWEEP_BATCH);
        private int writeQueueCapacity = Integer.parseInt(DEFAULT_WRITE_QUEUE_CAPACITY);
        private int writeBatchMax = Integer.parseInt(DEFAULT_WRITE_BATCH_MAX);
        private Duration commitDelay = Duration.parse(DEFAULT_COMMIT_DELAY);

        private Builder(Path dataDir) {
            this.dataDir = dataDir;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_BLOCK_CACHE_SIZE}. */
        public Builder blockCacheBytes(long value) {
            this.blockCacheBytes = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_EXTENSION_SLACK}. */
        public Builder extensionSlack(double value) {
            this.extensionSlack = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_MAX_EXTENSION_WINDOW}. */
        public Builder maxExtensionWindow(Duration value) {
            this.maxExtensionWindow = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_SWEEP_INTERVAL}. */
        public Builder sweepInterval(Duration value) {
            this.sweepInterval = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_SWEEP_BATCH}. */
        public Builder sweepBatch(int value) {
            this.sweepBatch = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_WRITE_QUEUE_CAPACITY}. */
        public Builder writeQueueCapacity(int value) {
            this.writeQueueCapacity = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_WRITE_BATCH_MAX}. */
        public Builder writeBatchMax(int value) {
            this.writeBatchMax = value;
            return this;
        }

        /** Default {@value EmbeddedOptions#DEFAULT_COMMIT_DELAY}. */
        public Builder commitDelay(Duration value) {
            this.commitDelay = value;
            return this;
        }

        public EmbeddedOptions build() {
            return new EmbeddedOptions(dataDir, blockCacheBytes, extensionSlack, maxExtensionWindow, sweepInterval, sweepBatch,
                    writeQueueCapacity, writeBatchMax, commitDelay);
        }
    }

    private static void requirePositive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }
}
