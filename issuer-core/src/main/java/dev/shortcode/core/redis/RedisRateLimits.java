package dev.shortcode.core.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.shortcode.core.limit.Buckets;
import dev.shortcode.core.limit.LocalRateLimits;
import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.core.store.RateLimits;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Limits shared by every node through Redis: Bucket4j token buckets ({@link Buckets}) kept in
 * Redis by compare-and-swap ({@link RedisBucketStore}), one key per API key and limit,
 * {@code <ns>:rl:{<subject>}:<bucket name>}.
 *
 * <h2>Few round trips: each node decides locally between syncs</h2>
 * Every bucket is used through Bucket4j's delaying optimisation: a node keeps the state it last
 * read and decides from it, on its own, until it has admitted {@link #syncEvery} units since its
 * last sync or {@link #MAX_UNSYNCED} has passed; the next request then syncs (one {@code GET} and
 * one compare-and-swap script), charging Redis with what was admitted meanwhile. Requests refused
 * from the local state take nothing, so a client hammering a spent limit costs Redis one sync per
 * {@link #MAX_UNSYNCED} per node, not one per request. Concurrent requests for one bucket on a
 * node share one sync (Bucket4j's batching).
 *
 * <h2>Over-admission bound</h2>
 * Between two syncs a node admits at most {@code D = syncEvery(limit)} units the others do not
 * know of, so across N nodes the admitted units exceed those of one exact bucket by at most
 * {@code (N - 1) × D} at any moment, that is (N - 1) × 2% of the quota (at least N - 1 units).
 * The excess is charged at the next syncs (the shared bucket goes into debt), so over a longer
 * time the rate is exact. Tested with two instances on one limit
 * ({@code AbstractRedisRateLimitsIntegrationTests}).
 *
 * <h2>Redis down</h2>
 * A failed or late sync (no answer within {@link #REQUEST_TIMEOUT}) never fails the request: the
 * node decides alone from a local bucket per subject and limit ({@link LocalRateLimits}), and goes
 * on doing so for {@link #BYPASS} before it tries Redis again, so an outage costs no request a
 * timeout. While Redis is down each node enforces the whole limit on its own: at most N × the
 * limit across N nodes. Logged once per {@link #LOG_INTERVAL} and counted in {@link #stats()}.
 */
final class RedisRateLimits implements RateLimits {

    private static final System.Logger LOG = System.getLogger(RedisRateLimits.class.getName());

    /** A node syncs after admitting this fraction of a quota on its own: 1/50 = 2%. */
    static final long SYNC_FRACTION = 50;
    /** A node syncs at its next request once its state is this old, whatever it admitted. */
    static final Duration MAX_UNSYNCED = Duration.ofSeconds(1);
    /** A sync that takes longer counts as an outage: the request is decided locally instead. */
    static final Duration REQUEST_TIMEOUT = Duration.ofMillis(500);
    /** After a failed sync, how long a node decides alone before it asks Redis again. */
    static final Duration BYPASS = Duration.ofSeconds(1);
    /** Compare-and-swap attempts of one sync that other nodes' writes may spoil before it counts as failed. */
    static final int MAX_CAS_ATTEMPTS = 32;
    static final Duration LOG_INTERVAL = Duration.ofSeconds(10);
    /** Buckets a node keeps state for; an evicted one syncs what it admitted first. */
    static final int MAX_BUCKETS = 100_000;
    /** An idle bucket's local state is dropped after this (synced first). */
    private static final Duration IDLE = Duration.ofMinutes(10);

    private final RedisBucketStore store;
    private final String namespace;
    private final Clock clock;
    private final LocalRateLimits local;
    private final Cache<String, AsyncBucketProxy> proxies;
    private final LongAdder localDecisions = new LongAdder();
    /** Until when requests are decided locally (a {@link System#nanoTime} value, compared by difference). */
    private final AtomicLong bypassUntilNanos = new AtomicLong(System.nanoTime());
    private final AtomicLong lastLogNanos = new AtomicLong(Long.MIN_VALUE);
    private volatile boolean down;
    /** Whether an outage was logged that its end has not been yet: the two lines come in pairs. */
    private volatile boolean outageLogged;

    RedisRateLimits(RedisClusterAsyncCommands<String, byte[]> redis, String namespace, Clock clock) {
        this(redis, namespace, clock, REQUEST_TIMEOUT);
    }

    /** @param requestTimeout how long a sync may take before the request is decided locally */
    RedisRateLimits(RedisClusterAsyncCommands<String, byte[]> redis, String namespace, Clock clock, Duration requestTimeout) {
        this.store = new RedisBucketStore(redis, ClientSideConfig.getDefault()
                .withClientClock(Buckets.meter(clock))
                .withRequestTimeout(requestTimeout)
                .withMaxRetries(MAX_CAS_ATTEMPTS)
                // Kept until the bucket would be full again, and a little longer; then it is as good as absent.
                .withExpirationAfterWriteStrategy(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10))));
        this.namespace = namespace;
        this.clock = clock;
        this.local = new LocalRateLimits(clock);
        this.proxies = Caffeine.newBuilder().maximumSize(MAX_BUCKETS).expireAfterAccess(IDLE)
                .<String, AsyncBucketProxy>removalListener((key, proxy, cause) -> {
                    if (proxy != null && cause != RemovalCause.REPLACED) {
                        proxy.getOptimizationController().syncImmediately(); // what it admitted, charged before its state goes
                    }
                }).build();
    }

    /** Units a node may admit on its own between two syncs: 2% of the quota, at least one. */
    static long syncEvery(RateLimit limit) {
        return Math.max(1, limit.quota() / SYNC_FRACTION);
    }

    @Override
    public CompletionStage<RateDecision> take(String subject, RateLimit limit, long units) {
        if (units < 1) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("units " + units + " must be at least 1"));
        }
        long now = clock.millis();
        if (System.nanoTime() - bypassUntilNanos.get() < 0) {
            return CompletableFuture.completedFuture(decideLocally(subject, limit, units));
        }
        String key = key(subject, limit, now);
        AsyncBucketProxy bucket = proxies.get(key, k -> store.asAsync().builder()
                .withOptimization(Optimizations.delaying(new DelayParameters(syncEvery(limit), MAX_UNSYNCED)))
                .build(k, () -> CompletableFuture.completedFuture(Buckets.configuration(limit))));
        return bucket.tryConsumeAndReturnRemaining(units).handle((probe, failure) -> {
            if (failure == null) {
                recovered();
                return Buckets.decision(limit, probe, now, true);
            }
            failed(failure);
            return decideLocally(subject, limit, units);
        });
    }

    String key(String subject, RateLimit limit, long now) {
        return namespace + ":rl:{" + subject + "}:" + Buckets.name(limit, now);
    }

    private RateDecision decideLocally(String subject, RateLimit limit, long units) {
        localDecisions.increment();
        return local.decide(subject, limit, units);
    }

    private void failed(Throwable failure) {
        long nowNanos = System.nanoTime();
        bypassUntilNanos.set(nowNanos + BYPASS.toNanos());
        down = true;
        long last = lastLogNanos.get();
        if ((last == Long.MIN_VALUE || nowNanos - last >= LOG_INTERVAL.toNanos()) && lastLogNanos.compareAndSet(last, nowNanos)) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            outageLogged = true;
            LOG.log(Level.WARNING, "rate limits: Redis did not answer ({0}); this node limits every API key on its own until it does "
                    + "(across N nodes at most N times a limit meanwhile)", RedisFailures.translate(cause).toString());
        }
    }

    private void recovered() {
        if (down) {
            down = false;
            if (outageLogged) {
                outageLogged = false;
                LOG.log(Level.INFO, "rate limits: shared through Redis again");
            }
        }
    }

    @Override
    public Stats stats() {
        return new Stats(localDecisions.sum(), down);
    }

    /** Charges Redis with what every bucket admitted since its last sync, waiting up to a second for it. */
    @Override
    public void close() {
        List<CompletableFuture<Void>> syncs = new ArrayList<>();
        for (AsyncBucketProxy proxy : proxies.asMap().values()) {
            syncs.add(proxy.getOptimizationController().syncImmediately().exceptionally(e -> null));
        }
        try {
            CompletableFuture.allOf(syncs.toArray(CompletableFuture[]::new)).get(1, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.DEBUG, "rate limits: not every bucket synced before the stop", e);
        }
    }
}
