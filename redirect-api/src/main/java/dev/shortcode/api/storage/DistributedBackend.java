package dev.shortcode.api.storage;

import dev.shortcode.api.config.ServiceSettings;
import dev.shortcode.api.link.ArchiveFallbackResolver;
import dev.shortcode.api.link.LinkResolver;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.redis.ArchiverOptions;
import dev.shortcode.core.redis.ColdReadOptions;
import dev.shortcode.core.redis.HotStoreOptions;
import dev.shortcode.core.redis.OutboxArchiver;
import dev.shortcode.core.redis.OutboxMetrics;
import dev.shortcode.core.redis.RedisBlockSource;
import dev.shortcode.core.redis.RedisConnection;
import dev.shortcode.core.redis.RedisFootprints;
import dev.shortcode.core.redis.RedisHotStore;
import dev.shortcode.core.redis.RedisIdempotencyStore;
import dev.shortcode.core.redis.StoreKeys;
import dev.shortcode.core.store.StorageFootprint;
import dev.shortcode.hbase.HBaseArchiveConfig;
import dev.shortcode.hbase.HBaseStorage;
import io.netty.channel.EventLoopGroup;
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
final class DistributedBackend {

    /** How long a Redis command may wait, including while reconnecting. */
    static final Duration REDIS_TIMEOUT = Duration.ofSeconds(2);
    /**
     * How long readiness waits for Redis and for HBase before calling each down: shorter than the
     * readiness check's own limit, so that a failed check still names what is down.
     */
    static final long PROBE_MILLIS = 1_500;

    private DistributedBackend() {}

    /**
     * @param eventLoops the service's Vert.x event loops: the request path's Redis connection
     *                   lives on them, so its commands and replies need no hand-over between
     *                   threads (see SharedEventLoops). The archiver keeps a connection on loops
     *                   of its own: it waits for replies on its thread, and its traffic should
     *                   not queue behind requests.
     */
    static StorageBackend open(ServiceSettings settings, IssuerMetrics issuerMetrics, OutboxMetrics outboxMetrics,
            EventLoopGroup eventLoops) {
        RedisConnection redis = RedisConnection.open(settings.redis().orElseThrow(), settings.redisCluster(), REDIS_TIMEOUT, eventLoops);
        HBaseStorage hbase;
        try {
            hbase = HBaseStorage.open(HBaseArchiveConfig.builder().zookeeperQuorum(settings.hbaseZk().orElseThrow()).build());
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
        StoreKeys keys = StoreKeys.DEFAULTS;
        RedisHotStore hot = new RedisHotStore(redis, keys, HotStoreOptions.DEFAULTS);
        OutboxArchiver archiver = new OutboxArchiver(() -> connect(settings), hbase.archive(), keys, ArchiverOptions.DEFAULTS,
                outboxMetrics, OutboxArchiver.uniqueConsumerName(), Clock.systemUTC()).start();
        ExecutorService hbaseReads = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "shortcode-hbase-probe");
            t.setDaemon(true);
            return t;
        });
        dev.shortcode.core.redis.LinkResolver pooled = new dev.shortcode.core.redis.LinkResolver(hot, hbase.archive(),
                settings.issuer(), hbase.watermarks(), hbaseReads, ColdReadOptions.DEFAULTS, Ticker.SYSTEM);
        ArchiveFallbackResolver aliases = new ArchiveFallbackResolver(hot, hbase.archive(), Clock.systemUTC());
        Set<Integer> lengths = Set.copyOf(settings.issuer().pools().stream().map(p -> p.length()).toList());
        // Pool-shaped codes take the pool's fast path (impossible ids rejected without I/O);
        // anything else can only be a custom alias (aliases are never pool-shaped).
        LinkResolver resolver = code -> lengths.contains(code.length()) && Base62.isAlphabet(code)
                ? pooled.resolve(code) : aliases.resolve(code);
        return new StorageBackend("redis+hbase",
                new RedisBlockSource(redis, hbase.watermarks(), settings.issuer().lease(), issuerMetrics),
                hot, hbase.archive(), resolver,
                hbase.apiKeys(), new RedisIdempotencyStore(redis.async(), keys.namespace()),
                () -> probe(redis, hbase, settings, hbaseReads),
                () -> {
                    archiver.close();
                    hot.close();
                    hbaseReads.shutdownNow();
                    hbase.close();
                    redis.close();
                }, options -> StorageFootprint.combine(RedisFootprints.of(redis, keys, options, Clock.systemUTC()), hbase.footprint()));
    }

    private static RedisConnection connect(ServiceSettings settings) {
        return RedisConnection.open(settings.redis().orElseThrow(), settings.redisCluster(), REDIS_TIMEOUT);
    }

    private static CompletionStage<Map<String, Boolean>> probe(RedisConnection redis, HBaseStorage hbase,
            ServiceSettings settings, ExecutorService hbaseReads) {
        CompletableFuture<Boolean> redisUp = redis.async().ping().toCompletableFuture()
                .thenApply("PONG"::equals).exceptionally(e -> false).completeOnTimeout(false, PROBE_MILLIS, TimeUnit.MILLISECONDS);
        CompletableFuture<Boolean> hbaseUp = CompletableFuture.supplyAsync(() -> {
            try {
                hbase.watermarks().read(settings.issuer().pools().get(0).length());
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        }, hbaseReads).completeOnTimeout(false, PROBE_MILLIS, TimeUnit.MILLISECONDS);
        return redisUp.thenCombine(hbaseUp, (r, h) -> {
            Map<String, Boolean> result = new LinkedHashMap<>();
            result.put("redis", r);
            result.put("hbase", h);
            return result;
        });
    }
}
