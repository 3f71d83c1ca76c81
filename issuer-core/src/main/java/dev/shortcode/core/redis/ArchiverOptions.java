package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * Tuning of {@link OutboxArchiver}. Immutable, built with {@link #builder()} (the defaults are its
 * {@code DEFAULT_*} constants, which the service's configuration mapping takes too); a bad value throws {@link ConfigException} naming its key under
 * {@code shortcode.redis.archiver.}.
 *
 * @param group            the consumer group every node's archiver joins; one group, so each
 *                         entry is archived by one node
 * @param consumer         this node's name in the group; empty: a name unique to the process. A
 *                         name stable across restarts (a pod's name) lets a restarted node finish
 *                         its own pending entries at once instead of after {@code claimIdle}. No two
 *                         live nodes may share one
 * @param threads          worker threads (each with its own connection); shards are split among
 *                         them. More than {@code outboxShards} would idle; 0 runs no archiver on
 *                         this node (other nodes must)
 * @param batchEntries     stream entries per read ({@code XREADGROUP COUNT}); each holds up to
 *                         {@code outbox.max-batch} mutations
 * @param block            how long a read waits on an empty shard ({@code BLOCK}); with k shards per
 *                         thread a new entry waits at most about k times this. Must stay below the
 *                         connection's command timeout
 * @param archiveTimeout   longest wait for the archive to take one batch; then it counts as failed
 * @param retryBackoffMin  first pause after a failed batch; doubles per consecutive failure
 * @param retryBackoffMax  longest pause between retries
 * @param claimIdle        entries pending this long with any consumer are taken over ({@code XAUTOCLAIM}):
 *                         how long a dead node's batch waits. Keep it above {@code archiveTimeout}, or
 *                         live archivers steal each other's slow batches
 * @param claimInterval    how often each thread looks for such entries
 * @param metricsInterval  how often stream lengths are sampled
 * @param deadConsumerIdle consumers without pending entries idle this long are removed from the group
 * @param linger           when no shard of a thread had a full batch waiting, the thread pauses this
 *                         long before reading again, so that entries gather into fewer, larger
 *                         archive writes. Why: an archive write (an HBase RPC) costs the node far more
 *                         CPU than the entries in it; without a pause a trickle of creates made one
 *                         write per create. Adds at most this much to the archive lag; 0 = no pause
 */
public record ArchiverOptions(
        String group,
        String consumer,
        int threads,
        int batchEntries,
        Duration block,
        Duration archiveTimeout,
        Duration retryBackoffMin,
        Duration retryBackoffMax,
        Duration claimIdle,
        Duration claimInterval,
        Duration metricsInterval,
        Duration deadConsumerIdle,
        Duration linger) {

    static final String PREFIX = StoreKeys.PREFIX + "archiver.";

    /** Default of {@code group}, as the key takes it. */
    public static final String DEFAULT_GROUP = "archivers";
    /** Default of {@code threads}, as the key takes it. */
    public static final String DEFAULT_THREADS = "2";
    /** Default of {@code batchEntries}, as the key takes it. */
    public static final String DEFAULT_BATCH_ENTRIES = "16";
    /** Default of {@code block}, as the key takes it. */
    public static final String DEFAULT_BLOCK = "PT0.05S";
    /** Default of {@code archiveTimeout}, as the key takes it. */
    public static final String DEFAULT_ARCHIVE_TIMEOUT = "PT10S";
    /** Default of {@code retryBackoffMin}, as the key takes it. */
    public static final String DEFAULT_RETRY_BACKOFF_MIN = "PT0.1S";
    /** Default of {@code retryBackoffMax}, as the key takes it. */
    public static final String DEFAULT_RETRY_BACKOFF_MAX = "PT5S";
    /** Default of {@code claimIdle}, as the key takes it. */
    public static final String DEFAULT_CLAIM_IDLE = "PT30S";
    /** Default of {@code claimInterval}, as the key takes it. */
    public static final String DEFAULT_CLAIM_INTERVAL = "PT5S";
    /** Default of {@code metricsInterval}, as the key takes it. */
    public static final String DEFAULT_METRICS_INTERVAL = "PT10S";
    /** Default of {@code deadConsumerIdle}, as the key takes it. */
    public static final String DEFAULT_DEAD_CONSUMER_IDLE = "PT1H";
    /** Default of {@code linger}, as the key takes it. */
    public static final String DEFAULT_LINGER = "PT0.1S";

    public static final ArchiverOptions DEFAULTS = builder().build();

    public ArchiverOptions {
        if (group == null || group.isBlank()) {
            throw new ConfigException(PREFIX + "group", "missing");
        }
        if (consumer == null || !consumer.matches("[A-Za-z0-9_.-]{0,64}")) {
            throw new ConfigException(PREFIX + "consumer", "'" + consumer + "' must be up to 64 characters of [A-Za-z0-9_.-]");
        }
        if (threads < 0 || threads > 64) {
            throw new ConfigException(PREFIX + "threads", threads + " is outside 0..64");
        }
        if (batchEntries < 1 || batchEntries > 10_000) {
            throw new ConfigException(PREFIX + "batch-entries", batchEntries + " is outside 1..10000");
        }
        positive(block, "block");
        positive(archiveTimeout, "archive-timeout");
        positive(retryBackoffMin, "retry-backoff-min");
        positive(retryBackoffMax, "retry-backoff-max");
        if (retryBackoffMax.compareTo(retryBackoffMin) < 0) {
            throw new ConfigException(PREFIX + "retry-backoff-max", retryBackoffMax + " is shorter than retry-backoff-min " + retryBackoffMin);
        }
        positive(claimIdle, "claim-idle");
        positive(claimInterval, "claim-interval");
        positive(metricsInterval, "metrics-interval");
        positive(deadConsumerIdle, "dead-consumer-idle");
        if (linger == null || linger.isNegative() || linger.compareTo(claimIdle) >= 0) {
            throw new ConfigException(PREFIX + "linger", linger + " must be at least 0 and shorter than claim-idle " + claimIdle);
        }
        if (deadConsumerIdle.compareTo(claimIdle) <= 0) {
            throw new ConfigException(PREFIX + "dead-consumer-idle", deadConsumerIdle + " must be longer than claim-idle " + claimIdle);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder().group(group).consumer(consumer).threads(threads).batchEntries(batchEntries).block(block)
                .archiveTimeout(archiveTimeout).retryBackoffMin(retryBackoffMin).retryBackoffMax(retryBackoffMax).claimIdle(claimIdle)
                .claimInterval(claimInterval).metricsInterval(metricsInterval).deadConsumerIdle(deadConsumerIdle).linger(linger);
    }

    /** Starts from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private String group = DEFAULT_GROUP;
        private String consumer = "";
        private int threads = Integer.parseInt(DEFAULT_THREADS);
        private int batchEntries = Integer.parseInt(DEFAULT_BATCH_ENTRIES);
        private Duration block = Duration.parse(DEFAULT_BLOCK);
        private Duration archiveTimeout = Duration.parse(DEFAULT_ARCHIVE_TIMEOUT);
        private Duration retryBackoffMin = Duration.parse(DEFAULT_RETRY_BACKOFF_MIN);
        private Duration retryBackoffMax = Duration.parse(DEFAULT_RETRY_BACKOFF_MAX);
        private Duration claimIdle = Duration.parse(DEFAULT_CLAIM_IDLE);
        private Duration claimInterval = Duration.parse(DEFAULT_CLAIM_INTERVAL);
        private Duration metricsInterval = Duration.parse(DEFAULT_METRICS_INTERVAL);
        private Duration deadConsumerIdle = Duration.parse(DEFAULT_DEAD_CONSUMER_IDLE);
        private Duration linger = Duration.parse(DEFAULT_LINGER);

        private Builder() {}

        /** Default {@value ArchiverOptions#DEFAULT_GROUP}. */
        public Builder group(String value) {
            this.group = value;
            return this;
        }

        /** Default empty: a name unique to the process. */
        public Builder consumer(String value) {
            this.consumer = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_THREADS}. */
        public Builder threads(int value) {
            this.threads = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_BATCH_ENTRIES}. */
        public Builder batchEntries(int value) {
            this.batchEntries = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_BLOCK}. */
        public Builder block(Duration value) {
            this.block = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_ARCHIVE_TIMEOUT}. */
        public Builder archiveTimeout(Duration value) {
            this.archiveTimeout = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_RETRY_BACKOFF_MIN}. */
        public Builder retryBackoffMin(Duration value) {
            this.retryBackoffMin = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_RETRY_BACKOFF_MAX}. */
        public Builder retryBackoffMax(Duration value) {
            this.retryBackoffMax = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_CLAIM_IDLE}. */
        public Builder claimIdle(Duration value) {
            this.claimIdle = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_CLAIM_INTERVAL}. */
        public Builder claimInterval(Duration value) {
            this.claimInterval = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_METRICS_INTERVAL}. */
        public Builder metricsInterval(Duration value) {
            this.metricsInterval = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_DEAD_CONSUMER_IDLE}. */
        public Builder deadConsumerIdle(Duration value) {
            this.deadConsumerIdle = value;
            return this;
        }

        /** Default {@value ArchiverOptions#DEFAULT_LINGER}. */
        public Builder linger(Duration value) {
            this.linger = value;
            return this;
        }

        public ArchiverOptions build() {
            return new ArchiverOptions(group, consumer, threads, batchEntries, block, archiveTimeout, retryBackoffMin, retryBackoffMax,
                    claimIdle, claimInterval, metricsInterval, deadConsumerIdle, linger);
        }
    }

    private static void positive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }
}
