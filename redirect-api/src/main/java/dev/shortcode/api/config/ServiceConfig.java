package dev.shortcode.api.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The service's configuration, under {@code shortcode.*}; each key also reads from its
 * environment variable ({@code shortcode.data-dir} from {@code SHORTCODE_DATA_DIR}, and so on).
 * Type errors stop the start naming the key; semantic checks live in {@link ServiceSettings}.
 */
@ConfigMapping(prefix = "shortcode")
public interface ServiceConfig {

    /** Where embedded storage, the generated secret and the bootstrap admin key live. */
    @WithDefault("./data")
    String dataDir();

    /** Public base of short URLs, e.g. {@code https://sho.rt}; its host is refused as a long URL. */
    @WithDefault("http://localhost:8080")
    String baseUrl();

    /** Redis URIs, comma-separated; unset means embedded storage. */
    Optional<List<String>> redisUris();

    /**
     * Whether {@link #redisUris()} name a Redis Cluster: {@code true} or {@code false}. A string,
     * because the framework reads any unknown word as false and a typo must stop the start.
     */
    @WithDefault("false")
    String redisCluster();

    /** ZooKeeper quorum {@code host:port} of HBase; required with Redis. */
    @WithName("hbase-zk")
    Optional<String> hbaseZk();

    /** Sets the bootstrap admin key instead of generating one. */
    Optional<String> adminKey();

    /** The permutation secret; in embedded mode generated once and kept in the data dir when unset. */
    Optional<String> secret();

    /** TTL of a link created without one: an ISO-8601 duration or {@code permanent}. */
    @WithDefault("P10D")
    String defaultTtl();

    /** 302 (default) or 301 for redirects. */
    @WithDefault("302")
    int redirectStatus();

    /** How long an Idempotency-Key is remembered per API key. */
    @WithDefault("PT24H")
    Duration idempotencyTtl();

    /**
     * Embedded storage only: how long the writer may hold a create for company before syncing it,
     * when creates arrive often enough to expect some (0 never waits). See EmbeddedOptions.
     */
    @WithName("embedded.commit-delay")
    @WithDefault("PT0.001S")
    Duration embeddedCommitDelay();

    /** Per-API-key rate limits and quotas ({@code shortcode.limits.*}). */
    Limits limits();

    /** The limits every non-admin API key gets unless it has its own; admin keys only their own. */
    interface Limits {
        /**
         * Whether API keys are limited at all: {@code true} or {@code false}. A string, because the
         * framework reads any unknown word as false and a typo must stop the start.
         */
        @WithDefault("true")
        String enabled();

        /** Requests a minute per key, all API endpoints together, refilled gradually (a burst of this many at once); 0: none. */
        @WithDefault("600")
        long requestsPerMinute();

        /** Links a key may create per UTC day; a batch counts its items; 0: none. */
        @WithDefault("1000000")
        long linksPerDay();
    }

    /** Pools by name; empty means the three default pools. */
    Map<String, Pool> pools();

    interface Pool {
        int length();

        Duration idleTtl();

        @WithDefault("false")
        boolean permanent();

        @WithName("block-size.min")
        OptionalLong minBlock();

        @WithName("block-size.initial")
        OptionalLong initialBlock();

        @WithName("block-size.max")
        OptionalLong maxBlock();
    }
}
