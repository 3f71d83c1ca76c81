package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.redis.archiver.*} (see the core's ArchiverOptions). */
public interface ArchiverConfig {

    /** The consumer group all nodes' archivers join. */
    @WithDefault("archivers")
    String group();

    /**
     * This node's name in the group, up to 64 of {@code [A-Za-z0-9_.-]}: a name stable across
     * restarts (the pod's) lets a restarted node finish its own pending entries at once. Unset:
     * a name unique to the process. No two live nodes may share one.
     */
    Optional<String> consumer();

    /** Archiver threads, 0..64; 0 runs none on this node (others must). */
    @WithDefault("2")
    int threads();

    /** Stream entries per read, 1..10000. */
    @WithDefault("16")
    int batchEntries();

    /** How long a read waits on an empty shard; shorter than the command timeout. */
    @WithDefault("PT0.05S")
    Duration block();

    /** Longest wait for the archive to take one batch. */
    @WithDefault("PT10S")
    Duration archiveTimeout();

    /** First pause after a failed batch; doubles per failure. */
    @WithDefault("PT0.1S")
    Duration retryBackoffMin();

    /** Longest pause between retries. */
    @WithDefault("PT5S")
    Duration retryBackoffMax();

    /** Entries pending this long with any consumer are taken over: how long a dead node's batch waits. */
    @WithDefault("PT30S")
    Duration claimIdle();

    /** How often each thread looks for such entries. */
    @WithDefault("PT5S")
    Duration claimInterval();

    /** How often the outbox length and lag are sampled. */
    @WithDefault("PT10S")
    Duration metricsInterval();

    /** Consumers idle this long without pending entries leave the group; longer than claim-idle. */
    @WithDefault("PT1H")
    Duration deadConsumerIdle();

    /** Pause when no shard had a full batch, so entries gather into fewer archive writes; 0 = none, shorter than claim-idle. */
    @WithDefault("PT0.1S")
    Duration linger();
}
