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

    /** Pools by name; empty means the three default pools. */
    Map<String, Pool> pools();

    /** App-link association files, served under {@code /.well-known/}. */
    AppLinks appLinks();

    /**
     * The two files that let iOS and Android open this domain's short links in an app. Each is
     * read and checked at start (a file that is missing, not JSON or not of its format stops the
     * start naming its key) and served as it is; unset, its URL answers 404.
     */
    interface AppLinks {
        /**
         * Path of the {@code apple-app-site-association} file served at
         * {@code /.well-known/apple-app-site-association}: {@code {"applinks": {"details": [{"appIDs":
         * [...], "components": [...]}]}}}. Unset by default: 404.
         */
        @WithName("apple-app-site-association")
        Optional<String> appleAppSiteAssociation();

        /**
         * Path of the Digital Asset Links file served at {@code /.well-known/assetlinks.json}:
         * {@code [{"relation": [...], "target": {"namespace": "android_app", "package_name": ...,
         * "sha256_cert_fingerprints": [...]}}]}. Unset by default: 404.
         */
        Optional<String> assetlinks();
    }

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
