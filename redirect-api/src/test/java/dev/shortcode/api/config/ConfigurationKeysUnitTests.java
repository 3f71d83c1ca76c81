package dev.shortcode.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.shortcode.api.applinks.SampleAssociationFiles;
import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.redis.RedisMode;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.hbase.HBaseArchiveOptions;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigMappingInterface;
import io.smallrye.config.ConfigMappings;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every key of {@link ServiceConfig}, built the way the service builds it (SmallRye's mapping with
 * Quarkus' duration converter, then {@link ServiceOptions#from}): a valid value other than the
 * default, given as a property and as its environment variable, reaches the option it sets; a bad
 * value fails naming the key. The tables of docs/CONFIGURATION.md must list exactly these keys,
 * with their environment variables and the mapping's defaults.
 */
class ConfigurationKeysUnitTests {

    private static final Path DIR = temporaryDirectory();
    private static final Path README = Path.of("..", "README.md");
    /** The configuration reference: a table row per key (key, variable, default, meaning). */
    private static final Path CONFIGURATION = Path.of("..", "docs", "CONFIGURATION.md");
    private static final String POOL = "tiny";
    private static final String SECRET = "a secret shared by every test node";

    /** The settings a key is used in: embedded storage, or Redis with HBase. */
    enum Mode {
        EMBEDDED(Map.of("shortcode.data-dir", DIR.resolve("data").toString())),
        /** Embedded, with one pool {@value POOL} (length 4, idle TTL the default TTL, which a pool must cover) to set the pool keys on. */
        EMBEDDED_WITH_POOL(Map.of("shortcode.data-dir", DIR.resolve("data").toString(),
                "shortcode.pools." + POOL + ".length", "4", "shortcode.pools." + POOL + ".idle-ttl", ServiceOptions.DEFAULT_TTL)),
        DISTRIBUTED(Map.of("shortcode.data-dir", DIR.resolve("data").toString(), "shortcode.secret", SECRET,
                "shortcode.redis.uris", "redis://127.0.0.1:6379", "shortcode.hbase.zookeeper-quorum", "127.0.0.1:2181"));

        final Map<String, String> base;

        Mode(Map<String, String> base) {
            this.base = base;
        }
    }

    /**
     * One key as docs/CONFIGURATION.md documents it ({@code <name>} for a pool's name).
     *
     * @param good     a valid value other than the default
     * @param expected what {@code option} answers once {@code good} is set
     * @param bad      a value that must stop the start naming the key
     */
    record Key(String name, Mode mode, String good, Object expected, String bad, Function<ServiceOptions, Object> option) {

        /** The key as set, with the test pool's name. */
        String concrete() {
            return name.replace("<name>", POOL);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Key> keys() {
        Mode e = Mode.EMBEDDED;
        Mode p = Mode.EMBEDDED_WITH_POOL;
        Mode d = Mode.DISTRIBUTED;
        Path elsewhere = DIR.resolve("elsewhere");
        return List.of(
                // service
                key("shortcode.data-dir", e, elsewhere.toString(), elsewhere, "\0", ServiceOptions::dataDir),
                key("shortcode.base-url", e, "https://sho.rt/", "https://sho.rt", "not a url", ServiceOptions::baseUrl),
                key("shortcode.secret", e, SECRET, SECRET, "too short", s -> new String(s.issuer().secret(), StandardCharsets.UTF_8)),
                key("shortcode.admin-key", e, "sck_an_admin_key_of_the_operator", Optional.of("sck_an_admin_key_of_the_operator"), "sck_short",
                        ServiceOptions::adminKey),
                key("shortcode.default-ttl", e, "P1D", Duration.ofDays(1), "P999D", s -> s.ttlPolicy().choose(null).ttl()),
                key("shortcode.redirect-status", e, "301", 301, "303", ServiceOptions::redirectStatus),
                key("shortcode.idempotency-ttl", e, "PT1H", Duration.ofHours(1), "PT0.5S", ServiceOptions::idempotencyTtl),
                key("shortcode.archive.issued-count-interval", e, "PT30S", Duration.ofSeconds(30), "PT0S", ServiceOptions::issuedCountInterval),
                key("shortcode.refuse-internal-addresses", e, "false", false, "yes", ServiceOptions::refuseInternalAddresses),
                key("shortcode.denylist.file", e, DIR.resolve("deny.txt").toString(), Optional.of(DIR.resolve("deny.txt")), "\0",
                        s -> s.denylist().file()),
                key("shortcode.denylist.refresh", e, "PT5S", Duration.ofSeconds(5), "PT0S", s -> s.denylist().refresh()),
                key("shortcode.webhooks.allow-internal-addresses", e, "true", true, "yes", s -> s.webhooks().allowInternalAddresses()),
                key("shortcode.redirect.forward-query", e, "true", true, "ture", ServiceOptions::forwardQuery),
                // click statistics
                key("shortcode.stats.enabled", e, "false", false, "ture", s -> s.stats().enabled()),
                key("shortcode.stats.flush-interval", e, "PT5S", Duration.ofSeconds(5), "PT0.01S", s -> s.stats().flushInterval()),
                key("shortcode.stats.buffer", e, "10000", 10_000, "10", s -> s.stats().buffer()),
                key("shortcode.stats.geo-database", e, README.toString(), Optional.of(README), DIR.resolve("missing.mmdb").toString(),
                        s -> s.stats().geoDatabase()),
                // rate limits and quotas of API keys
                key("shortcode.limits.enabled", e, "false", false, "ture", s -> s.limits().enabled()),
                key("shortcode.limits.requests-per-minute", e, "120", 120L, "-1", s -> s.limits().requestsPerMinute()),
                key("shortcode.limits.links-per-day", e, "5000", 5_000L, "1000000000001", s -> s.limits().linksPerDay()),
                // capacity
                key("shortcode.capacity.refresh", e, "PT60S", Duration.ofSeconds(60), "PT0.5S", s -> s.capacity().refresh()),
                key("shortcode.capacity.sample-size", e, "500", 500, "1", s -> s.capacity().sampling().sampleSize()),
                key("shortcode.capacity.exact-below", e, "1000", 1_000L, "20000000", s -> s.capacity().sampling().exactBelow()),
                key("shortcode.capacity.memory-samples", e, "50", 50, "5000", s -> s.capacity().sampling().memorySamples()),
                key("shortcode.capacity.pipeline", e, "10", 10, "0", s -> s.capacity().sampling().pipeline()),
                key("shortcode.capacity.time-budget", e, "PT2S", Duration.ofSeconds(2), "PT2M", s -> s.capacity().sampling().timeBudget()),
                key("shortcode.capacity.archive-budget", e, "4T", 4_000_000_000_000L, "lots", s -> s.capacity().archiveBudgetBytes()),
                // app links
                key("shortcode.app-links.apple-app-site-association", e, file("aasa", SampleAssociationFiles.AASA),
                        Optional.of(SampleAssociationFiles.AASA), file("aasa-bad", "{\"applinks\": {\"details\": []}}"),
                        s -> s.appLinks().appleAppSiteAssociation().map(String::new)),
                key("shortcode.app-links.assetlinks", e, file("assetlinks.json", SampleAssociationFiles.ASSET_LINKS),
                        Optional.of(SampleAssociationFiles.ASSET_LINKS), file("assetlinks-bad.json", "{}"),
                        s -> s.appLinks().assetLinks().map(String::new)),
                // connection limits
                key("shortcode.http.header-timeout", e, "PT20S", Duration.ofSeconds(20), "PT0S", s -> s.http().headerTimeout()),
                key("shortcode.http.body-timeout", e, "PT60S", Duration.ofSeconds(60), "PT0S", s -> s.http().bodyTimeout()),
                key("shortcode.http.max-header-count", e, "50", 50, "5", s -> s.http().maxHeaderCount()),
                // bulk streams
                key("shortcode.bulk.max-line-bytes", e, "4096", 4096, "100", s -> s.bulk().maxLineBytes()),
                key("shortcode.bulk.chunk-lines", e, "250", 250, "0", s -> s.bulk().chunkLines()),
                key("shortcode.bulk.max-in-flight-lines", e, "4000", 4000, "999", s -> s.bulk().maxInFlightLines()),
                key("shortcode.bulk.idle-timeout", e, "PT60S", Duration.ofSeconds(60), "PT0.5S", s -> s.bulk().idleTimeout()),
                key("shortcode.bulk.max-stream-lifetime", e, "PT2H", Duration.ofHours(2), "P2D", s -> s.bulk().maxStreamLifetime()),
                // issuer pools
                key("shortcode.pools.<name>.length", p, "8", 8, "12", s -> pool(s).length()),
                key("shortcode.pools.<name>.idle-ttl", p, "P20D", Duration.ofDays(20), "PT0.5S", s -> pool(s).idleTtl()),
                key("shortcode.pools.<name>.permanent", p, "true", true, "yes", s -> pool(s).permanent()),
                key("shortcode.pools.<name>.block-size.min", p, "500", 500L, "0", s -> pool(s).blocks().min()),
                key("shortcode.pools.<name>.block-size.initial", p, "5000", 5_000L, "2000000", s -> pool(s).blocks().initial()),
                key("shortcode.pools.<name>.block-size.max", p, "100000", 100_000L, "14776336", s -> pool(s).blocks().max()),
                // lease
                key("shortcode.lease.prefetch-at", e, "0.3", 0.3, "7", s -> s.issuer().lease().prefetchAt()),
                key("shortcode.lease.grow-below", e, "PT10S", Duration.ofSeconds(10), "PT0S", s -> s.issuer().lease().growBelow()),
                key("shortcode.lease.shrink-above", e, "PT2M", Duration.ofMinutes(2), "PT10S", s -> s.issuer().lease().shrinkAbove()),
                key("shortcode.lease.reset-guard-ttl", e, "PT3S", Duration.ofSeconds(3), "PT0S", s -> s.issuer().lease().resetGuardTtl()),
                key("shortcode.lease.max-backoff", e, "PT0.1S", Duration.ofMillis(100), "PT0S", s -> s.issuer().lease().maxBackoff()),
                key("shortcode.lease.max-attempts", e, "100", 100, "0", s -> s.issuer().lease().maxAttempts()),
                key("shortcode.lease.await-timeout", e, "PT10S", Duration.ofSeconds(10), "PT0S", s -> s.issuer().lease().awaitTimeout()),
                key("shortcode.lease.reseed-gap-blocks", e, "32", 32L, "0", s -> s.issuer().lease().reseedGapBlocks()),
                // redis
                key("shortcode.redis.uris", d, "redis://10.0.0.5:6380", List.of("redis://10.0.0.5:6380"), "redis://a:6379,redis://b:6379",
                        s -> redis(s).uris()),
                key("shortcode.redis.mode", d, "cluster", RedisMode.CLUSTER, "clustr", s -> redis(s).mode()),
                key("shortcode.redis.command-timeout", d, "PT5S", Duration.ofSeconds(5), "PT0S", s -> redis(s).commandTimeout()),
                key("shortcode.redis.wait-replicas", d, "1", 1, "-1", s -> redis(s).hotStore().waitReplicas()),
                key("shortcode.redis.wait-timeout", d, "PT0.5S", Duration.ofMillis(500), "PT0S", s -> redis(s).hotStore().waitTimeout()),
                key("shortcode.redis.namespace", d, "prod", "prod", "has space", s -> redis(s).keys().namespace()),
                key("shortcode.redis.outbox.shards", d, "16", 16, "0", s -> redis(s).keys().outboxShards()),
                key("shortcode.redis.link-groups", d, "65536", 65_536, "-1", s -> redis(s).keys().linkGroups()),
                // hot store
                key("shortcode.redis.hot-store.near-cache.max-size", d, "5000", 5_000L, "0", s -> redis(s).hotStore().nearCacheMaxSize()),
                key("shortcode.redis.hot-store.near-cache.refresh", d, "PT2S", Duration.ofSeconds(2), "PT0S",
                        s -> redis(s).hotStore().nearCacheRefresh()),
                key("shortcode.redis.hot-store.near-cache.max-age", d, "PT60S", Duration.ofSeconds(60), "PT0.5S",
                        s -> redis(s).hotStore().nearCacheMaxAge()),
                key("shortcode.redis.hot-store.extension.fraction", d, "0.2", 0.2, "0.6", s -> redis(s).hotStore().extensionFraction()),
                key("shortcode.redis.hot-store.extension.min-window", d, "PT30S", Duration.ofSeconds(30), "PT0S",
                        s -> redis(s).hotStore().minExtensionWindow()),
                key("shortcode.redis.hot-store.extension.marks-max-size", d, "1000", 1_000L, "0",
                        s -> redis(s).hotStore().extensionMarksMaxSize()),
                key("shortcode.redis.hot-store.extension.queue-capacity", d, "1024", 1_024, "0",
                        s -> redis(s).hotStore().extensionQueueCapacity()),
                key("shortcode.redis.hot-store.extension.flush-interval", d, "PT0.01S", Duration.ofMillis(10), "PT0S",
                        s -> redis(s).hotStore().extensionFlushInterval()),
                key("shortcode.redis.hot-store.outbox.max-batch", d, "128", 128, "0", s -> redis(s).hotStore().outboxMaxBatch()),
                key("shortcode.redis.hot-store.outbox.max-queued", d, "1000", 1_000, "10", s -> redis(s).hotStore().outboxMaxQueued()),
                key("shortcode.redis.hot-store.outbox.one-script-creates", d, "false", false, "ture",
                        s -> redis(s).hotStore().oneScriptCreates()),
                key("shortcode.redis.hot-store.outbox.coalesce-creates", d, "0", 0, "1001", s -> redis(s).hotStore().coalesceCreates()),
                key("shortcode.redis.hot-store.sweep-period", d, "PT1H", Duration.ofHours(1), "PT0.5S",
                        s -> redis(s).hotStore().sweepPeriod()),
                // archiver
                key("shortcode.redis.archiver.group", d, "other", "other", "  ", s -> redis(s).archiver().group()),
                key("shortcode.redis.archiver.consumer", d, "pod-1", "pod-1", "pod/1", s -> redis(s).archiver().consumer()),
                key("shortcode.redis.archiver.threads", d, "4", 4, "65", s -> redis(s).archiver().threads()),
                key("shortcode.redis.archiver.batch-entries", d, "32", 32, "0", s -> redis(s).archiver().batchEntries()),
                key("shortcode.redis.archiver.block", d, "PT0.1S", Duration.ofMillis(100), "PT2S", s -> redis(s).archiver().block()),
                key("shortcode.redis.archiver.archive-timeout", d, "PT20S", Duration.ofSeconds(20), "PT0S",
                        s -> redis(s).archiver().archiveTimeout()),
                key("shortcode.redis.archiver.retry-backoff-min", d, "PT0.2S", Duration.ofMillis(200), "PT0S",
                        s -> redis(s).archiver().retryBackoffMin()),
                key("shortcode.redis.archiver.retry-backoff-max", d, "PT10S", Duration.ofSeconds(10), "PT0.05S",
                        s -> redis(s).archiver().retryBackoffMax()),
                key("shortcode.redis.archiver.claim-idle", d, "PT60S", Duration.ofSeconds(60), "PT0S", s -> redis(s).archiver().claimIdle()),
                key("shortcode.redis.archiver.claim-interval", d, "PT10S", Duration.ofSeconds(10), "PT0S",
                        s -> redis(s).archiver().claimInterval()),
                key("shortcode.redis.archiver.metrics-interval", d, "PT30S", Duration.ofSeconds(30), "PT0S",
                        s -> redis(s).archiver().metricsInterval()),
                key("shortcode.redis.archiver.dead-consumer-idle", d, "PT2H", Duration.ofHours(2), "PT10S",
                        s -> redis(s).archiver().deadConsumerIdle()),
                key("shortcode.redis.archiver.linger", d, "PT0S", Duration.ZERO, "PT30S", s -> redis(s).archiver().linger()),
                // cold read
                key("shortcode.cold-read.negative-cache.max-size", e, "1000", 1_000L, "0", s -> s.coldRead().negativeCacheMaxSize()),
                key("shortcode.cold-read.negative-cache.ttl", e, "PT10S", Duration.ofSeconds(10), "PT0S", s -> s.coldRead().negativeCacheTtl()),
                key("shortcode.cold-read.watermark.max-age", e, "PT2S", Duration.ofSeconds(2), "PT0S", s -> s.coldRead().watermarkMaxAge()),
                key("shortcode.cold-read.watermark.slack-blocks", e, "32", 32L, "0", s -> s.coldRead().watermarkSlackBlocks()),
                key("shortcode.cold-read.watermark.wait", e, "PT2S", Duration.ofSeconds(2), "PT0S", s -> s.coldRead().watermarkWait()),
                // embedded
                key("shortcode.embedded.block-cache-size", e, "134217728", 134_217_728L, "1024", s -> s.embeddedOptions().blockCacheBytes()),
                key("shortcode.embedded.extension-slack", e, "0.2", 0.2, "1", s -> s.embeddedOptions().extensionSlack()),
                key("shortcode.embedded.max-extension-window", e, "PT2H", Duration.ofHours(2), "PT0S",
                        s -> s.embeddedOptions().maxExtensionWindow()),
                key("shortcode.embedded.sweep-interval", e, "PT5S", Duration.ofSeconds(5), "PT0S", s -> s.embeddedOptions().sweepInterval()),
                key("shortcode.embedded.sweep-batch", e, "500", 500, "0", s -> s.embeddedOptions().sweepBatch()),
                key("shortcode.embedded.write-queue-capacity", e, "1024", 1_024, "1", s -> s.embeddedOptions().writeQueueCapacity()),
                key("shortcode.embedded.write-batch-max", e, "256", 256, "0", s -> s.embeddedOptions().writeBatchMax()),
                key("shortcode.embedded.commit-delay", e, "PT0S", Duration.ZERO, "PT1S", s -> s.embeddedOptions().commitDelay()),
                // hbase
                key("shortcode.hbase.zookeeper-quorum", d, "zk-1:2181,zk-2:2181", "zk-1:2181,zk-2:2181", "zk-1", s -> hbase(s).zookeeperQuorum()),
                key("shortcode.hbase.zookeeper-znode-parent", d, "/hbase-unsecure", "/hbase-unsecure", "hbase", s -> hbase(s).znodeParent()),
                key("shortcode.hbase.namespace", d, "archive", "archive", "a:b", s -> hbase(s).namespace()),
                key("shortcode.hbase.tables.links", d, "links2", "links2", ".hidden", s -> hbase(s).linksTable()),
                key("shortcode.hbase.tables.counts", d, "counts2", "counts2", ".hidden", s -> hbase(s).countsTable()),
                key("shortcode.hbase.tables.watermarks", d, "watermarks2", "watermarks2", ".hidden", s -> hbase(s).watermarksTable()),
                key("shortcode.hbase.tables.keys", d, "keys2", "keys2", ".hidden", s -> hbase(s).keysTable()),
                key("shortcode.hbase.tables.clicks", d, "clicks2", "clicks2", ".hidden", s -> hbase(s).clicksTable()),
                key("shortcode.hbase.pre-split-regions", d, "32", 32, "0", s -> hbase(s).preSplitRegions()),
                key("shortcode.hbase.index.salt-buckets", d, "32", 32, "0", s -> hbase(s).indexBuckets()),
                key("shortcode.hbase.compression", d, "NONE", "NONE", "LZO", s -> hbase(s).compression()),
                key("shortcode.hbase.create-tables", d, "false", false, "yes", s -> hbase(s).createTables()),
                key("shortcode.hbase.write.batch-size", d, "500", 500, "0", s -> hbase(s).writeBatchSize()),
                key("shortcode.hbase.write.flush-interval", d, "PT0.02S", Duration.ofMillis(20), "PT0S", s -> hbase(s).flushInterval()),
                key("shortcode.hbase.operation-timeout", d, "PT20S", Duration.ofSeconds(20), "PT0S", s -> hbase(s).operationTimeout()),
                key("shortcode.hbase.rpc-timeout", d, "PT5S", Duration.ofSeconds(5), "PT20S", s -> hbase(s).rpcTimeout()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void key_setToAValidValue_reachesItsOption(Key key) {
        Object before = key.option().apply(settings(key.mode().base, Map.of()));
        assertThat(before).as("the test value must differ from what the option holds without it").isNotEqualTo(key.expected());

        ServiceOptions settings = settings(with(key.mode().base, key.concrete(), key.good()), Map.of());

        assertThat(key.option().apply(settings)).isEqualTo(key.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void key_setThroughItsEnvironmentVariable_reachesItsOption(Key key) {
        ServiceOptions settings = settings(key.mode().base, Map.of(envName(key.concrete()), key.good()));

        assertThat(key.option().apply(settings)).isEqualTo(key.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void key_setToABadValue_stopsTheStartNamingTheKey(Key key) {
        Throwable failure = catchThrowable(() -> settings(with(key.mode().base, key.concrete(), key.bad()), Map.of()));

        assertThat(failure).as("'%s' must be refused", key.bad()).isNotNull();
        if (failure instanceof ConfigException e) {
            assertThat(e.key()).isEqualTo(key.concrete());
        } else { // a type error: the framework's own message names the key
            assertThat(messages(failure)).contains(key.concrete());
        }
    }

    @Test
    void configurationPage_documentsExactlyTheKeysThatBind() {
        Set<String> documented = documentedRows().keySet();
        Set<String> tested = keys().stream().map(Key::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> bound = mappingProperties().keySet();

        assertThat(tested).as("keys of the mapping without a case here").containsAll(bound);
        assertThat(bound).as("cases here for keys the mapping does not have").containsAll(tested);
        assertThat(documented).as("keys that bind but are missing from the tables of " + CONFIGURATION).containsAll(bound);
        assertThat(bound).as("keys in the tables of %s that do not bind", CONFIGURATION).containsAll(documented);
    }

    @Test
    void configurationPage_namesEachKeysEnvironmentVariableAndDefault() {
        Map<String, ConfigMappingInterface.Property> bound = mappingProperties();
        for (Map.Entry<String, List<String>> row : documentedRows().entrySet()) {
            String key = row.getKey();
            assertThat(row.getValue().get(0)).as("environment variable of %s", key).isEqualTo("`" + envName(key) + "`");
            ConfigMappingInterface.Property property = bound.get(key);
            if (property != null && property.hasDefaultValue()) {
                assertThat(row.getValue().get(1)).as("default of %s", key).isEqualTo("`" + property.getDefaultValue() + "`");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cluster", "CLUSTER", "Cluster"})
    void redisMode_anyCase_isTheMode(String value) {
        ServiceOptions settings = settings(with(Mode.DISTRIBUTED.base, "shortcode.redis.mode", value), Map.of());

        assertThat(redis(settings).mode()).isEqualTo(RedisMode.CLUSTER);
    }

    @Test
    void redisWithoutHBase_stopsTheStartNamingTheQuorum() {
        Map<String, String> properties = new HashMap<>(Mode.DISTRIBUTED.base);
        properties.remove("shortcode.hbase.zookeeper-quorum");

        assertThat(configFailure(properties).key()).isEqualTo("shortcode.hbase.zookeeper-quorum");
    }

    @Test
    void hbaseWithoutRedis_stopsTheStartNamingTheUris() {
        Map<String, String> properties = new HashMap<>(Mode.DISTRIBUTED.base);
        properties.remove("shortcode.redis.uris");

        assertThat(configFailure(properties).key()).isEqualTo("shortcode.redis.uris");
    }

    @Test
    void redisWithoutSecret_stopsTheStartNamingTheSecret() {
        Map<String, String> properties = new HashMap<>(Mode.DISTRIBUTED.base);
        properties.remove("shortcode.secret");

        assertThat(configFailure(properties).key()).isEqualTo("shortcode.secret");
    }

    @Test
    void embeddedWithoutSecret_keepsTheGeneratedSecretAcrossStarts() {
        Map<String, String> properties = Map.of("shortcode.data-dir", DIR.resolve("generated").toString());

        byte[] first = settings(properties, Map.of()).issuer().secret();

        assertThat(settings(properties, Map.of()).issuer().secret()).isEqualTo(first);
        assertThat(settings(with(properties, "shortcode.secret", SECRET), Map.of()).issuer().secret()).isNotEqualTo(first);
    }

    @AfterAll
    static void removeTheDirectory() throws IOException {
        try (Stream<Path> paths = Files.walk(DIR)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Builds the mapping as Quarkus does for the running service, and maps it. */
    static ServiceOptions settings(Map<String, String> properties, Map<String, String> environment) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(ServiceConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test properties", 250), new EnvConfigSource(environment, 300))
                .build();
        return ServiceOptions.from(config.getConfigMapping(ServiceConfig.class));
    }

    /**
     * The leaves of the mapping by name, a map key written {@code <name>} as the tables do, a list
     * without its index (it takes comma-separated values).
     */
    private static Map<String, ConfigMappingInterface.Property> mappingProperties() {
        Map<String, ConfigMappingInterface.Property> properties = new TreeMap<>();
        ConfigMappings.getProperties(ConfigMappings.ConfigClass.configClass(ServiceConfig.class))
                .forEach((name, property) -> properties.put(name.replace(".*.", ".<name>.").replace("[*]", ""), property));
        return properties;
    }

    /** The configuration page's rows: key, then the cells after it (environment variable, default, meaning). */
    private static Map<String, List<String>> documentedRows() {
        Pattern row = Pattern.compile("^\\|\\s*`(shortcode\\.[^`]+)`\\s*\\|(.*)\\|\\s*$");
        Map<String, List<String>> rows = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(CONFIGURATION, StandardCharsets.UTF_8)) {
                Matcher m = row.matcher(line);
                if (m.matches()) {
                    List<String> cells = new ArrayList<>();
                    for (String cell : m.group(2).split("\\|", -1)) {
                        cells.add(cell.trim());
                    }
                    assertThat(cells).as("cells of the row %s", m.group(1)).hasSize(3);
                    assertThat(rows.put(m.group(1), cells)).as("rows of %s", m.group(1)).isNull();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(rows).as("configuration rows in " + CONFIGURATION).isNotEmpty();
        return rows;
    }

    /** The environment variable of a key, as the framework derives it. */
    static String envName(String key) {
        StringBuilder env = new StringBuilder();
        for (char c : key.toCharArray()) {
            env.append(Character.isLetterOrDigit(c) || c == '<' || c == '>' ? Character.toUpperCase(c) : '_');
        }
        return env.toString().toUpperCase(Locale.ROOT);
    }

    private static ConfigException configFailure(Map<String, String> properties) {
        Throwable failure = catchThrowable(() -> settings(properties, Map.of()));
        assertThat(failure).isInstanceOf(ConfigException.class);
        return (ConfigException) failure;
    }

    private static String messages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(t).append('\n');
        }
        return text.toString();
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> properties = new HashMap<>(base);
        properties.put(key, value);
        return properties;
    }

    private static Key key(String name, Mode mode, String good, Object expected, String bad, Function<ServiceOptions, Object> option) {
        return new Key(name, mode, good, expected, bad, option);
    }

    private static PoolOptions pool(ServiceOptions settings) {
        return settings.issuer().pool(POOL).orElseThrow();
    }

    private static RedisStorageOptions redis(ServiceOptions settings) {
        return settings.redis().orElseThrow();
    }

    private static HBaseArchiveOptions hbase(ServiceOptions settings) {
        return settings.hbase().orElseThrow();
    }

    /** A file of {@code content} in the test directory: its path. */
    private static String file(String name, String content) {
        try {
            return Files.writeString(DIR.resolve(name), content, StandardCharsets.UTF_8).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("configuration-keys");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
