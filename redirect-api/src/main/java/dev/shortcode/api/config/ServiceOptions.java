package dev.shortcode.api.config;

import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.alloc.DailyIssueCounter;
import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.redis.ArchiverOptions;
import dev.shortcode.core.redis.HotStoreOptions;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.core.redis.StoreKeys;
import dev.shortcode.hbase.HBaseArchiveOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@link ServiceConfig} mapped onto the validated option records of the core and the backends,
 * plus the checks that span keys (Redis needs HBase and a shared secret, HBase needs Redis) and
 * those of the service's own keys. Every failure is a {@link ConfigException} naming the key.
 * The defaults of the service's own keys are the {@code DEFAULT_*} constants here; those of the
 * groups, the constants of the groups' records.
 *
 * @param dataDirectory       the service's own files (generated secret and admin key)
 * @param baseUrl             the public base of short URLs, without a trailing slash
 * @param baseHost            its host, lower case: refused as a long URL (loops)
 * @param redirectStatus      301, 302, 307 or 308
 * @param forwardQuery        the default of a link's query forwarding ({@code shortcode.redirect.forward-query})
 * @param ttlPolicy           pools by TTL, with the default TTL's choice made
 * @param idempotencyTtl      how long an Idempotency-Key is remembered
 * @param adminKey            the bootstrap admin key, when configured
 * @param issuer              secret, pools and lease options
 * @param redis               Redis storage, when configured (else embedded storage)
 * @param hbase               the HBase archive, exactly when Redis is configured
 * @param embeddedOptions     embedded storage (used without Redis)
 * @param coldRead            the read path's tuning (both modes; also inside {@code redis})
 * @param issuedCountInterval how often issued counts go into the archive
 * @param refuseInternalAddresses whether long URLs to internal addresses are refused
 * @param denylist            the deny-list's file and refresh
 * @param capacity            how the stores are measured for capacity planning
 * @param http                connection limits
 * @param stats               click statistics
 * @param bulk                the limits of one bulk stream
 * @param limits              the default rate limits and quotas of API keys
 * @param appLinks            the app-link association files served under {@code /.well-known/}
 * @param webhooks            whether webhook URLs may lead to internal addresses
 */
public record ServiceOptions(DataDirectory dataDirectory, String baseUrl, String baseHost, int redirectStatus, TtlPolicy ttlPolicy,
        Duration idempotencyTtl, Optional<String> adminKey, IssuerOptions issuer, Optional<RedisStorageOptions> redis,
        Optional<HBaseArchiveOptions> hbase, EmbeddedOptions embeddedOptions, ColdReadOptions coldRead, Duration issuedCountInterval,
        boolean refuseInternalAddresses, DenylistOptions denylist, CapacityOptions capacity, HttpOptions http,
        StatsOptions stats, BulkOptions bulk, LimitOptions limits, AppLinksOptions appLinks,
        WebhooksOptions webhooks, boolean forwardQuery) {

    private static final String KEY = IssuerOptions.PREFIX;

    /** Default of {@code shortcode.data-dir}. */
    public static final String DEFAULT_DATA_DIR = "./data";
    /** Default of {@code shortcode.base-url}. */
    public static final String DEFAULT_BASE_URL = "http://localhost:8080";
    /** Default of {@code shortcode.default-ttl}: the TTL of a link created without one. */
    public static final String DEFAULT_TTL = "P10D";
    /** Default of {@code shortcode.redirect-status}, as the key takes it. */
    public static final String DEFAULT_REDIRECT_STATUS = "302";
    /** Default of {@code shortcode.idempotency-ttl}, as the key takes it. */
    public static final String DEFAULT_IDEMPOTENCY_TTL = "PT24H";
    /** Default of {@code shortcode.refuse-internal-addresses}, as the key takes it. */
    public static final String DEFAULT_REFUSE_INTERNAL_ADDRESSES = "true";

    public boolean embedded() {
        return redis.isEmpty();
    }

    public Path dataDir() {
        return dataDirectory.path();
    }

    /**
     * Maps and checks the configuration. In embedded mode without a configured secret this reads
     * (or on the first start generates) the secret in the data directory.
     */
    public static ServiceOptions from(ServiceConfig config) {
        DataDirectory dataDirectory = dataDirectory(config.dataDir());
        String baseUrl = config.baseUrl().endsWith("/") ? config.baseUrl().substring(0, config.baseUrl().length() - 1) : config.baseUrl();
        String baseHost = hostOf(baseUrl, config.baseUrl());
        int redirectStatus = redirectStatus(config.redirectStatus());
        Duration idempotencyTtl = idempotencyTtl(config.idempotencyTtl());
        Optional<String> adminKey = config.adminKey().map(String::trim).filter(k -> !k.isEmpty()).map(ServiceOptions::checkAdminKey);

        Optional<List<String>> uris = config.redis().uris().filter(l -> !l.isEmpty());
        Optional<String> quorum = config.hbase().zookeeperQuorum().filter(s -> !s.isBlank());
        if (uris.isPresent() && quorum.isEmpty()) {
            throw new ConfigException(HBaseArchiveOptions.PREFIX + "zookeeper-quorum", "missing; with Redis every link is archived in "
                    + "HBase: set SHORTCODE_HBASE_ZOOKEEPER_QUORUM to the ZooKeeper quorum host:port");
        }
        if (uris.isEmpty() && quorum.isPresent()) {
            throw new ConfigException(KEY + "redis.uris", "missing; HBase is used together with Redis, set SHORTCODE_REDIS_URIS");
        }
        String secret = config.secret().filter(s -> !s.isBlank()).orElseGet(() -> {
            if (uris.isPresent()) {
                throw new ConfigException(IssuerOptions.SECRET_KEY, "missing; with Redis every node must use the same secret, "
                        + "set SHORTCODE_SECRET (at least 16 bytes) on all of them");
            }
            return dataDirectory.embeddedSecret();
        });

        IssuerOptions issuer = issuer(secret, config.pools(), config.lease());
        TtlPolicy ttlPolicy = new TtlPolicy(issuer.pools(), config.defaultTtl());
        ColdReadOptions coldRead = coldRead(config.coldRead());
        EmbeddedOptions embedded = embedded(dataDirectory.path(), config.embedded());
        Optional<RedisStorageOptions> redis = uris.map(u -> redis(u, config.redis(), coldRead));
        Optional<HBaseArchiveOptions> hbase = quorum.map(q -> hbase(q, config.hbase()));
        Duration issuedCountInterval = DailyIssueCounter.checkInterval(config.archive().issuedCountInterval());
        return new ServiceOptions(dataDirectory, baseUrl, baseHost, redirectStatus, ttlPolicy, idempotencyTtl, adminKey, issuer, redis,
                hbase, embedded, coldRead, issuedCountInterval, config.refuseInternalAddresses(), DenylistOptions.from(config.denylist()),
                CapacityOptions.from(config.capacity()), HttpOptions.from(config.http()), StatsOptions.from(config.stats()),
                BulkOptions.from(config.bulk()), LimitOptions.from(config.limits()),
                AppLinksOptions.from(config.appLinks()), WebhooksOptions.from(config.webhooks()), config.redirect().forwardQuery());
    }

    private static DataDirectory dataDirectory(String path) {
        try {
            return new DataDirectory(Path.of(path));
        } catch (InvalidPathException e) {
            throw new ConfigException(KEY + "data-dir", "'" + path + "' is not a path: " + e.getReason());
        }
    }

    private static String hostOf(String baseUrl, String configured) {
        try {
            URI uri = new URI(baseUrl);
            if (uri.getHost() == null || uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new ConfigException(KEY + "base-url", "'" + configured + "' must be an absolute http(s) URL such as https://sho.rt");
            }
            return uri.getHost().toLowerCase(Locale.ROOT);
        } catch (URISyntaxException e) {
            throw new ConfigException(KEY + "base-url", "'" + configured + "' is not a URL: " + e.getReason());
        }
    }

    private static int redirectStatus(int status) {
        if (status != 301 && status != 302 && status != 307 && status != 308) {
            throw new ConfigException(KEY + "redirect-status", status + " is not a redirect status; use 301, 302, 307 or 308");
        }
        return status;
    }

    /** Redis keeps Idempotency-Keys with a TTL in whole seconds. */
    private static Duration idempotencyTtl(Duration ttl) {
        if (ttl.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException(KEY + "idempotency-ttl", ttl + " is shorter than one second");
        }
        return ttl;
    }

    /** The rule the chart's schema states too; the message never repeats the key itself. */
    private static String checkAdminKey(String key) {
        if (key.length() < 16 || key.length() > 256 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw new ConfigException(KEY + "admin-key", "must be 16 to 256 printable ASCII characters without spaces (got "
                    + key.length() + " characters)");
        }
        return key;
    }

    private static IssuerOptions issuer(String secret, Map<String, PoolConfig> pools, LeaseConfig lease) {
        IssuerOptions.Builder issuer = IssuerOptions.builder().secret(secret).lease(LeaseOptions.builder()
                .prefetchAt(lease.prefetchAt())
                .growBelow(lease.growBelow())
                .shrinkAbove(lease.shrinkAbove())
                .resetGuardTtl(lease.resetGuardTtl())
                .maxBackoff(lease.maxBackoff())
                .maxAttempts(lease.maxAttempts())
                .awaitTimeout(lease.awaitTimeout())
                .reseedGapBlocks(lease.reseedGapBlocks())
                .build());
        pools.forEach((name, p) -> {
            PoolOptions.Builder pool = PoolOptions.builder(name).length(p.length()).idleTtl(p.idleTtl()).permanent(p.permanent());
            p.minBlock().ifPresent(pool::minBlock);
            p.initialBlock().ifPresent(pool::initialBlock);
            p.maxBlock().ifPresent(pool::maxBlock);
            issuer.pool(pool);
        });
        return issuer.build();
    }

    private static ColdReadOptions coldRead(ColdReadConfig c) {
        return new ColdReadOptions(c.negativeCache().maxSize(), c.negativeCache().ttl(), c.watermark().maxAge(),
                c.watermark().slackBlocks(), c.watermark().waitTimeout());
    }

    private static EmbeddedOptions embedded(Path dataDir, EmbeddedConfig e) {
        return EmbeddedOptions.builder(dataDir)
                .blockCacheBytes(e.blockCacheSize())
                .extensionSlack(e.extensionSlack())
                .maxExtensionWindow(e.maxExtensionWindow())
                .sweepInterval(e.sweepInterval())
                .sweepBatch(e.sweepBatch())
                .writeQueueCapacity(e.writeQueueCapacity())
                .writeBatchMax(e.writeBatchMax())
                .commitDelay(e.commitDelay())
                .build();
    }

    private static RedisStorageOptions redis(List<String> uris, RedisConfig r, ColdReadOptions coldRead) {
        HotStoreConfig h = r.hotStore();
        HotStoreOptions hotStore = HotStoreOptions.builder()
                .nearCacheMaxSize(h.nearCache().maxSize())
                .nearCacheRefresh(h.nearCache().refresh())
                .nearCacheMaxAge(h.nearCache().maxAge())
                .extensionFraction(h.extension().fraction())
                .minExtensionWindow(h.extension().minWindow())
                .extensionMarksMaxSize(h.extension().marksMaxSize())
                .extensionQueueCapacity(h.extension().queueCapacity())
                .extensionFlushInterval(h.extension().flushInterval())
                .outboxMaxBatch(h.outbox().maxBatch())
                .outboxMaxQueued(h.outbox().maxQueued())
                .oneScriptCreates(h.outbox().oneScriptCreates())
                .coalesceCreates(h.outbox().coalesceCreates())
                .waitReplicas(r.waitReplicas())
                .waitTimeout(r.waitTimeout())
                .sweepPeriod(h.sweepPeriod())
                .build();
        ArchiverConfig a = r.archiver();
        ArchiverOptions archiver = ArchiverOptions.builder()
                .group(a.group())
                .consumer(a.consumer().orElse(""))
                .threads(a.threads())
                .batchEntries(a.batchEntries())
                .block(a.block())
                .archiveTimeout(a.archiveTimeout())
                .retryBackoffMin(a.retryBackoffMin())
                .retryBackoffMax(a.retryBackoffMax())
                .claimIdle(a.claimIdle())
                .claimInterval(a.claimInterval())
                .metricsInterval(a.metricsInterval())
                .deadConsumerIdle(a.deadConsumerIdle())
                .linger(a.linger())
                .build();
        return RedisStorageOptions.builder()
                .uris(uris)
                .mode(r.mode())
                .commandTimeout(r.commandTimeout())
                .keys(new StoreKeys(r.namespace(), r.outbox().shards(), r.linkGroups()))
                .hotStore(hotStore)
                .archiver(archiver)
                .coldRead(coldRead)
                .build();
    }

    private static HBaseArchiveOptions hbase(String quorum, HBaseConfig h) {
        return HBaseArchiveOptions.builder()
                .zookeeperQuorum(quorum)
                .znodeParent(h.zookeeperZnodeParent())
                .namespace(h.namespace())
                .linksTable(h.tables().links())
                .countsTable(h.tables().counts())
                .watermarksTable(h.tables().watermarks())
                .keysTable(h.tables().keys())
                .clicksTable(h.tables().clicks())
                .preSplitRegions(h.preSplitRegions())
                .indexBuckets(h.index().saltBuckets())
                .compression(h.compression())
                .createTables(h.createTables())
                .writeBatchSize(h.write().batchSize())
                .flushInterval(h.write().flushInterval())
                .operationTimeout(h.operationTimeout())
                .rpcTimeout(h.rpcTimeout())
                .build();
    }
}
