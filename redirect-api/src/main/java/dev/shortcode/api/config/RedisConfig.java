package dev.shortcode.api.config;

import dev.shortcode.core.redis.HotStoreOptions;
import dev.shortcode.core.redis.RedisMode;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.core.redis.StoreKeys;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code shortcode.redis.*}: the Redis server or Cluster and how the service uses it. */
public interface RedisConfig {

    /**
     * Redis URIs, comma-separated: the server, or any nodes of a Cluster ({@code redis://host:6379},
     * {@code rediss://} for TLS, {@code redis://:password@host:6379}). Unset: embedded storage.
     */
    Optional<List<String>> uris();

    /** What the URIs name: {@code standalone} (one URI) or {@code cluster}. */
    @WithDefault(RedisStorageOptions.DEFAULT_MODE)
    RedisMode mode();

    /** How long a command may wait for its reply, reconnecting included. */
    @WithDefault(RedisStorageOptions.DEFAULT_COMMAND_TIMEOUT)
    Duration commandTimeout();

    /** Prefix of every key; the same on every node. */
    @WithDefault(StoreKeys.DEFAULT_NAMESPACE)
    String namespace();

    /** The outbox streams. */
    Outbox outbox();

    /**
     * 0: a key per link. Above 0: links spread over this many small hashes, a third to half the
     * memory per link (size it for some tens of live links per group); fixed for the namespace
     * once links exist, 0..16777216.
     */
    @WithDefault(StoreKeys.DEFAULT_LINK_GROUPS)
    int linkGroups();

    /**
     * 0: a change is acknowledged once its master has it. n >= 1: only once WAIT confirms it on n
     * replicas of every master it wrote to, within wait-timeout; else 503, nothing acknowledged.
     */
    @WithDefault(HotStoreOptions.DEFAULT_WAIT_REPLICAS)
    int waitReplicas();

    /** How long a change waits for its replicas when wait-replicas is set. */
    @WithDefault(HotStoreOptions.DEFAULT_WAIT_TIMEOUT)
    Duration waitTimeout();

    /** The hot store's near cache, TTL extension and outbox batching. */
    HotStoreConfig hotStore();

    /** The archivers every node runs, moving the outbox into HBase. */
    ArchiverConfig archiver();

    interface Outbox {

        /** Outbox streams, 1..1024; change only once the outbox is drained. */
        @WithDefault(StoreKeys.DEFAULT_OUTBOX_SHARDS)
        int shards();
    }
}
