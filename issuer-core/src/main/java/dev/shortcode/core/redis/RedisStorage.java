package dev.shortcode.core.redis;

import dev.shortcode.core.Storage;
import dev.shortcode.core.StorageHealth;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.ArchiveStorage;
import dev.shortcode.core.store.StorageFootprint;
import io.netty.channel.EventLoopGroup;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The distributed storage: Redis (standalone or Cluster) for the id counters, the hot store, the
 * outbox, idempotency keys, click counts and the rate limits of API keys, over an {@link ArchiveStorage} (HBase) for every link, the
 * watermarks and the API keys. The one way in to the Redis classes, which are package-private.
 *
 * <p>Every node also runs archivers that move the outbox into the archive; they keep a connection
 * on event loops of their own (they wait for replies on their threads, and their traffic should
 * not queue behind requests), while the request path's connection lives on the caller's loops.
 */
public final class RedisStorage {

    /**
     * How long readiness waits for Redis and for the archive before calling each down: shorter
     * than a readiness check's own limit, so that a failed check still names what is down.
     */
    static final Duration PROBE_TIMEOUT = Duration.ofMillis(1_500);
    /** Watermark reads waiting for the reader thread; one per pool is all a refresh round needs. */
    private static final int WATERMARK_READS_QUEUED = 16;

    private RedisStorage() {}

    /**
     * Connects to Redis, starts this node's archivers and returns the stores. Owns {@code archive}
     * from here on: closing the storage closes it, and so does a failed open.
     *
     * @param eventLoops the caller's event loops (the service's Vert.x loops), so that request-path
     *                   commands and replies need no hand-over between threads; null for Lettuce's
     *                   own. Nothing may wait for a reply on them.
     */
    public static Storage open(RedisStorageOptions options, ArchiveStorage archive, IssuerOptions issuer, IssuerMetrics issuerMetrics,
            OutboxMetrics outboxMetrics, EventLoopGroup eventLoops) {
        return open(options, archive, issuer, issuerMetrics, outboxMetrics, eventLoops, Clock.systemUTC());
    }

    /**
     * Like {@link #open(RedisStorageOptions, ArchiveStorage, IssuerOptions, IssuerMetrics, OutboxMetrics, EventLoopGroup)},
     * with {@code clicks} as the time of the click store (which day is today, when a day is due for
     * its roll-up), so that tests can cross midnight without waiting for it.
     */
    public static Storage open(RedisStorageOptions options, ArchiveStorage archive, IssuerOptions issuer, IssuerMetrics issuerMetrics,
            OutboxMetrics outboxMetrics, EventLoopGroup eventLoops, Clock clicks) {
        boolean cluster = options.mode() == RedisMode.CLUSTER;
        RedisConnection redis;
        try {
            redis = RedisConnection.open(options.redisUris(), cluster, options.commandTimeout(), eventLoops);
        } catch (RuntimeException e) {
            archive.close();
            throw e;
        }
        StoreKeys keys = options.keys();
        RedisHotStore hot = null;
        OutboxArchiver archiver = null;
        ThreadPoolExecutor watermarkReader = null;
        RedisClickStore clickStore = null;
        ClickRollup rollup = null;
        RedisConnection.Binary limitsConnection = null;
        try {
            hot = new RedisHotStore(redis, keys, options.hotStore());
            RedisEventJournal events = new RedisEventJournal(redis.async(), keys);
            hot.recordingEvents(events);
            // Click batches and roll-ups on a connection of their own: a flush of thousands of scripts
            // must not queue in front of redirects' reads.
            String node = OutboxArchiver.uniqueConsumerName().substring("archiver-".length());
            clickStore = new RedisClickStore(RedisConnection.open(options.redisUris(), cluster, options.commandTimeout()), keys,
                    archive.clicks(), clicks, node);
            rollup = new ClickRollup(clickStore, keys, archive.clicks(), options.clickRollup(), clicks, node).start();
            String consumer = options.archiver().consumer().isEmpty() ? OutboxArchiver.uniqueConsumerName() : options.archiver().consumer();
            archiver = new OutboxArchiver(() -> RedisConnection.open(options.redisUris(), cluster, options.commandTimeout()),
                    archive.archive(), keys, options.archiver(), outboxMetrics, consumer, Clock.systemUTC()).recordingEvents(events).start();
            watermarkReader = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(WATERMARK_READS_QUEUED),
                    runnable -> {
                        Thread t = new Thread(runnable, "shortcode-watermark-reader");
                        t.setDaemon(true);
                        return t;
                    });
            LinkResolver resolver = LinkResolver.over(hot, archive.archive(), issuer, archive.watermarks(), watermarkReader,
                    options.coldRead(), Ticker.SYSTEM, Clock.systemUTC());
            limitsConnection = redis.openBinary();
            RedisRateLimits limits = new RedisRateLimits(limitsConnection.async(), keys.namespace(), Clock.systemUTC());
            RedisConnection.Binary openedLimitsConnection = limitsConnection;
            RedisHotStore openedHot = hot;
            OutboxArchiver openedArchiver = archiver;
            ThreadPoolExecutor openedReader = watermarkReader;
            RedisClickStore openedClicks = clickStore;
            ClickRollup openedRollup = rollup;
            AtomicBoolean closed = new AtomicBoolean();
            return new Storage("redis+" + archive.kind(),
                    new RedisBlockSource(redis.sync(), keys.namespace(), archive.watermarks(),
                            new dev.shortcode.core.lease.ReservedIds(issuer.secret()), issuer.lease(), issuerMetrics),
                    hot, archive.archive(), resolver, archive.apiKeys(), new RedisIdempotencyStore(redis.async(), keys.namespace()),
                    () -> probe(redis, archive), Optional.empty(),
                    () -> {
                        if (closed.compareAndSet(false, true)) {
                            limits.close(); // charges Redis with what was admitted since the last syncs
                            openedLimitsConnection.close();
                            close(openedRollup, openedClicks, openedArchiver, openedHot, openedReader, archive, redis);
                        }
                    }, archive.moderation(),
                    sampling -> StorageFootprint.combine(RedisFootprints.of(redis, keys, sampling, Clock.systemUTC()), archive.footprint()), clickStore,
                    limits, archive.linkIndex(), new RedisExternalIds(redis.async(), keys.namespace()), archive.webhooks(), events,
                    archive.domains(), new RedisClickCaps(redis.async(), keys.namespace()), new RedisDeliveryLog(redis.async(), keys));
        } catch (RuntimeException e) {
            if (limitsConnection != null) {
                limitsConnection.close();
            }
            close(rollup, clickStore, archiver, hot, watermarkReader, archive, redis);
            throw e;
        }
    }

    /** The roll-up and archivers first (they write to the archive), then the request path, then the connections. */
    private static void close(ClickRollup rollup, RedisClickStore clicks, OutboxArchiver archiver, RedisHotStore hot,
            ThreadPoolExecutor watermarkReader, ArchiveStorage archive, RedisConnection redis) {
        if (rollup != null) {
            rollup.close();
        }
        if (clicks != null) {
            clicks.close();
        }
        if (archiver != null) {
            archiver.close();
        }
        if (hot != null) {
            hot.close();
        }
        if (watermarkReader != null) {
            watermarkReader.shutdownNow();
        }
        archive.close();
        redis.close();
    }

    /** Redis is essential (the hot store, counters, outbox); the archive is not (the outbox absorbs writes while it is down). */
    private static CompletionStage<StorageHealth> probe(RedisConnection redis, ArchiveStorage archive) {
        CompletableFuture<Boolean> redisUp = redis.async().ping().toCompletableFuture()
                .thenApply("PONG"::equals).exceptionally(e -> false)
                .completeOnTimeout(false, PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        CompletableFuture<Boolean> archiveUp = archive.probe().toCompletableFuture().exceptionally(e -> false)
                .completeOnTimeout(false, PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        return redisUp.thenCombine(archiveUp, (r, a) -> {
            Map<String, Boolean> result = new LinkedHashMap<>();
            result.put("redis", r);
            result.put(archive.kind(), a);
            return new StorageHealth(result, Set.of("redis"));
        });
    }
}
