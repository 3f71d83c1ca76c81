package dev.shortcode.api.storage;

import dev.shortcode.api.config.ServiceSettings;
import dev.shortcode.api.link.ArchiveFallbackResolver;
import dev.shortcode.api.link.LinkResolver;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.redis.ArchiverOptions;
import dev.shortcode.core.redis.ColdReadOptions;
import dev.shortcode.core.redis.HotStoreOptions;
import dev.shortcode.core.redis.OutboxArchiver;
import dev.shortcode.core.redis.OutboxMetrics;
import dev.shortcode.core.redis.RedisApiKeyStore;
import dev.shortcode.core.redis.RedisBlockSource;
import dev.shortcode.core.redis.RedisConnection;
import dev.shortcode.core.redis.RedisHotStore;
import dev.shortcode.core.redis.RedisIdempotencyStore;
import dev.shortcode.core.redis.StoreKeys;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.hbase.HBaseArchiveConfig;
import dev.shortcode.hbase.HBaseStorage;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Many nodes: Redis (standalone or Cluster) for counters, the hot store, the outbox, keys and
 * idempotency; HBase for the archive and the durable watermarks. This node also runs archivers
 * that drain the outbox into HBase.
 */
final class DistributedBackend implements StorageBackend {

    /** How long a Redis command may wait, including while reconnecting. */
    static final Duration REDIS_TIMEOUT = Duration.ofSeconds(2);

    private final ServiceSettings settings;
    private final RedisConnection redis;
    private final HBaseStorage hbase;
    private final RedisHotStore hot;
    private final BlockSource blocks;
    private final OutboxArchiver archiver;
    private final ExecutorService watermarkReader;
    private final LinkResolver resolver;
    private final ApiKeyStore keys;
    private final IdempotencyStore idempotency;

    private DistributedBackend(ServiceSettings settings, RedisConnection redis, HBaseStorage hbase, IssuerMetrics issuerMetrics,
            OutboxMetrics outboxMetrics) {
        this.settings = settings;
        this.redis = redis;
        this.hbase = hbase;
        StoreKeys keysLayout = StoreKeys.DEFAULTS;
        this.hot = new RedisHotStore(redis, keysLayout, HotStoreOptions.DEFAULTS);
        this.blocks = new RedisBlockSource(redis, hbase.watermarks(), settings.issuer().lease(), issuerMetrics);
        this.archiver = new OutboxArchiver(this::connect, hbase.archive(), keysLayout, ArchiverOptions.DEFAULTS, outboxMetrics,
                OutboxArchiver.uniqueConsumerName(), Clock.systemUTC()).start();
        this.watermarkReader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "shortcode-watermark-read");
            t.setDaemon(true);
            return t;
        });
        dev.shortcode.core.redis.LinkResolver pooled = new dev.shortcode.core.redis.LinkResolver(hot, hbase.archive(),
                settings.issuer(), hbase.watermarks(), watermarkReader, ColdReadOptions.DEFAULTS, Ticker.SYSTEM);
        ArchiveFallbackResolver aliases = new ArchiveFallbackResolver(hot, hbase.archive());
        Set<Integer> lengths = Set.copyOf(settings.issuer().pools().stream().map(p -> p.length()).toList());
        // Pool-shaped codes take the pool's fast path (impossible ids rejected without I/O);
        // anything else can only be a custom alias.
        this.resolver = code -> lengths.contains(code.length()) && Base62.isAlphabet(code) ? pooled.resolve(code) : aliases.resolve(code);
        this.keys = new RedisApiKeyStore(redis.async(), keysLayout.namespace());
        this.idempotency = new RedisIdempotencyStore(redis.async(), keysLayout.namespace());
    }

    static DistributedBackend open(ServiceSettings settings, IssuerMetrics issuerMetrics, OutboxMetrics outboxMetrics) {
        RedisConnection redis = RedisConnection.open(settings.redis().orElseThrow(), settings.redisCluster(), REDIS_TIMEOUT);
        try {
            HBaseStorage hbase = HBaseStorage.open(HBaseArchiveConfig.builder().zookeeperQuorum(settings.hbaseZk().orElseThrow()).build());
            return new DistributedBackend(settings, redis, hbase, issuerMetrics, outboxMetrics);
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
    }

    private RedisConnection connect() {
        return RedisConnection.open(settings.redis().orElseThrow(), settings.redisCluster(), REDIS_TIMEOUT);
    }

    @Override
    public String kind() {
        return "redis+hbase";
    }

    @Override
    public BlockSource blockSource() {
        return blocks;
    }

    @Override
    public HotStore hotStore() {
        return hot;
    }

    @Override
    public Archive archive() {
        return hbase.archive();
    }

    @Override
    public LinkResolver resolver() {
        return resolver;
    }

    @Override
    public ApiKeyStore apiKeys() {
        return keys;
    }

    @Override
    public IdempotencyStore idempotency() {
        return idempotency;
    }

    @Override
    public CompletionStage<Map<String, Boolean>> probe() {
        CompletableFuture<Boolean> redisUp = redis.async().ping().toCompletableFuture()
                .thenApply("PONG"::equals).exceptionally(e -> false);
        CompletableFuture<Boolean> hbaseUp = hbase.watermarks() == null ? CompletableFuture.completedFuture(false)
                : CompletableFuture.supplyAsync(() -> {
                    try {
                        hbase.watermarks().read(settings.issuer().pools().get(0).length());
                        return true;
                    } catch (RuntimeException e) {
                        return false;
                    }
                }, watermarkReader).completeOnTimeout(false, 2, TimeUnit.SECONDS);
        return redisUp.thenCombine(hbaseUp, (r, h) -> {
            Map<String, Boolean> result = new LinkedHashMap<>();
            result.put("redis", r);
            result.put("hbase", h);
            return result;
        });
    }

    @Override
    public void close() {
        archiver.close();
        hot.close();
        watermarkReader.shutdownNow();
        hbase.close();
        redis.close();
    }
}
