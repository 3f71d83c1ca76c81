package dev.shortcode.api.config;

import dev.shortcode.core.redis.ArchiverOptions;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.redis.archiver.*} (see the core's ArchiverOptions). */
public interface ArchiverConfig {

    /** The consumer group all nodes' archivers join. */
    @WithDefault(ArchiverOptions.DEFAULT_GROUP)
    String group();

    /**
     * This node's name in the group, up to 64 of {@code [A-Za-z0-9_.-]}: a name stable across
     * restarts (the pod's) lets a restarted node finish its own pending entries at once. Unset:
     * a name unique to the process. No two live nodes may share one.
     */
    Optional<String> consumer();

    /** Archiver threads, 0..64; 0 runs none on this node (others must). */
    @WithDefault(ArchiverOptions.DEFAULT_THREADS)
    int threads();

    /** Stream entries per read, 1..10000. */
    @WithDefault(ArchiverOptions.DEFAULT_BATCH_ENTRIES)
    int batchEntries();

    /** How long a read waits on an empty shard; shorter than the command timeout. */
    @WithDefault(ArchiverOptions.DEFAULT_BLOCK)
    Duration block();

    /** Longest wait for the archive to take one batch. */
    @WithDefault(ArchiverOptions.DEFAULT_ARCHIVE_TIMEOUT)
    Duration archiveTimeout();

    /** First pause after a failed batch; doubles per failure. */
    @WithDefault(ArchiverOptions.DEFAULT_RETRY_BACKOFF_MIN)
    Duration retryBackoffMin();

    /** Longest pause between retries. */
    @WithDefault(ArchiverOptions.DEFAULT_RETRY_BACKOFF_MAX)
    Duration retryBackoffMax();

    /** Entries pending this long with any consumer are taken over: how long a dead node's batch waits. */
    @WithDefault(ArchiverOptions.DEFAULT_CLAIM_IDLE)
    Duration claimIdle();

    /** How often each thread looks for such entries. */
    @WithDefault(ArchiverOptions.DEFAULT_CLAIM_INTERVAL)
    Duration claimInterval();

    /** How often the outbox length and lag are sampled. */
    @WithDefault(ArchiverOptions.DEFAULT_METRICS_INTERVAL)
    Duration metricsInterval();

    /** Consumers idle this long without pending entries leave the group; longer than claim-idle. */
    @WithDefault(ArchiverOptions.DEFAULT_DEAD_CONSUMER_IDLE)
    Duration deadConsumerIdle();

    /** Pause when no shard had a full batch, so entries gather into fewer archive writes; 0 = none, shorter than claim-idle. */
    @WithDefault(ArchiverOptions.DEFAULT_LINGER)
    Duration linger();
}
