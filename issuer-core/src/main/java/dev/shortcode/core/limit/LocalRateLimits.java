package dev.shortcode.core.limit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.core.store.RateLimits;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Limits kept by this node alone, in memory: the whole of embedded mode, and what a Redis node
 * falls back to while Redis does not answer. One Bucket4j bucket (lock-free, exact) per subject
 * and limit ({@link Buckets}), decided on the caller's thread in well under a microsecond.
 *
 * <p>Memory is bounded: at most {@link #MAX_BUCKETS} buckets; a gradual bucket idle for a window
 * (and a minute) is dropped, since it would be full again anyway, and a day's quota bucket when its
 * day is over. Past the bound the least used are dropped first; a key that comes back then starts
 * with a full bucket, which only errs towards admitting.
 *
 * <p>Nothing is persisted: a restart starts every bucket full, the day's quotas included. On a
 * single node a restart is an operator's act, rare, and at most once gives a key a fresh day;
 * persisting a counter would cost a synced write per create (or a flusher and a crash window) for
 * an abuse guard that is not a bill.
 */
public final class LocalRateLimits implements RateLimits {

    /** One bucket is about 200 bytes with its key: 100,000 of them are 20 MB at most. */
    static final int MAX_BUCKETS = 100_000;
    /** How long an idle gradual bucket outlives its window. */
    private static final Duration IDLE_GRACE = Duration.ofMinutes(1);

    private final Clock clock;
    private final TimeMeter meter;
    private final Cache<String, Entry> buckets;

    private record Entry(Bucket bucket, RateLimit limit, long expiresAfterNanos) {}

    public LocalRateLimits(Clock clock) {
        this.clock = clock;
        this.meter = Buckets.meter(clock);
        this.buckets = Caffeine.newBuilder().maximumSize(MAX_BUCKETS).expireAfter(new Expiry<String, Entry>() {
            @Override
            public long expireAfterCreate(String key, Entry entry, long currentTime) {
                return entry.expiresAfterNanos;
            }

            @Override
            public long expireAfterUpdate(String key, Entry entry, long currentTime, long currentDuration) {
                return currentDuration;
            }

            @Override
            public long expireAfterRead(String key, Entry entry, long currentTime, long currentDuration) {
                // An idle gradual bucket refills: it may go once idle for a window. A day's bucket lives to its day's end.
                return entry.limit.refill() == RateLimit.Refill.GRADUAL ? entry.expiresAfterNanos : currentDuration;
            }
        }).build();
    }

    @Override
    public CompletionStage<RateDecision> take(String subject, RateLimit limit, long units) {
        return CompletableFuture.completedFuture(decide(subject, limit, units));
    }

    /** {@link #take}, answered directly: it never waits. */
    public RateDecision decide(String subject, RateLimit limit, long units) {
        if (units < 1) {
            throw new IllegalArgumentException("units " + units + " must be at least 1");
        }
        long now = clock.millis();
        Entry entry = buckets.get(subject + "|" + Buckets.name(limit, now), key -> newEntry(limit, now));
        ConsumptionProbe probe = entry.bucket.tryConsumeAndReturnRemaining(units);
        return Buckets.decision(limit, probe, now, false);
    }

    private Entry newEntry(RateLimit limit, long now) {
        Bucket bucket = Bucket.builder().addLimit(Buckets.configuration(limit).getBandwidths()[0])
                .withCustomTimePrecision(meter).build();
        long life = limit.refill() == RateLimit.Refill.GRADUAL ? limit.window().plus(IDLE_GRACE).toNanos()
                : TimeUnit.SECONDS.toNanos(Buckets.secondsUntilNextUtcDay(now)) + IDLE_GRACE.toNanos();
        return new Entry(bucket, limit, life);
    }

    /** Buckets held now (for tests of the bound). */
    long size() {
        buckets.cleanUp();
        return buckets.estimatedSize();
    }

    @Override
    public Stats stats() {
        return new Stats(0, false);
    }
}
