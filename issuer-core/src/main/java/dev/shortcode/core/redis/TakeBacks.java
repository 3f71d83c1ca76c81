package dev.shortcode.core.redis;

import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * Links that must not stay live in Redis: creates whose {@code SET NX} may have been applied but
 * whose outbox append failed (or whose own reply was lost), so that they are not acknowledged and
 * have no archive entry. Left live, such a link would vanish on a Redis loss while Redis and the
 * archive disagree about it; a client never received it, so taking it back loses nothing.
 *
 * <p>A take-back is a compare-and-set of the exact value the create wrote to the removal marker
 * (never {@code DEL}: see {@link RedisHotStore}), so it can only undo that create, never a later
 * one. On a standalone Redis, where a create's {@code Put} may have reached the outbox with it
 * ({@link OneScriptCreates}), the same script appends a {@code Remove}, so the archive ends without
 * the link as well (a tombstone cell when it never had it). It is tried at once and, when Redis does not answer (the usual reason the create failed:
 * a failover or restart), again in the background with a doubling pause (from
 * {@link #FIRST_RETRY_MILLIS} to {@link #MAX_RETRY_MILLIS}) until it succeeds, the value is gone
 * (expired, replaced), or the link's TTL has passed (it expired by itself). At most
 * {@link #MAX_PENDING} wait at a time; beyond that one is given up and counted, and a line in the
 * log says so once per interval.
 */
final class TakeBacks implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(TakeBacks.class.getName());

    static final long FIRST_RETRY_MILLIS = 100;
    static final long MAX_RETRY_MILLIS = 5_000;
    static final int MAX_PENDING = 100_000;
    private static final long LOG_INTERVAL_NANOS = 10_000_000_000L;

    /** (code, value) → the compare-and-set of the code's link to the removal marker: 1 replaced, 0 the value is not there. */
    private final BiFunction<String, String, CompletableFuture<Long>> replaceWithMarker;
    private final ScheduledExecutorService retries;
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong givenUp = new AtomicLong();
    private final AtomicLong lastLogNanos = new AtomicLong();

    TakeBacks(BiFunction<String, String, CompletableFuture<Long>> replaceWithMarker, String name) {
        this.replaceWithMarker = replaceWithMarker;
        this.retries = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "take-back-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Takes the link of {@code code}, stored as {@code value}, back, retrying for up to {@code ttlSeconds}. */
    void takeBack(String code, String value, long ttlSeconds, Throwable cause) {
        if (pending.incrementAndGet() > MAX_PENDING) {
            pending.decrementAndGet();
            givenUp.incrementAndGet();
            report("gave up taking back " + code + ": " + MAX_PENDING + " take-backs are waiting already (" + givenUp.get()
                    + " given up so far); it expires by its TTL", cause);
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ttlSeconds);
        attempt(code, value, deadline, FIRST_RETRY_MILLIS, cause);
    }

    private void attempt(String code, String value, long deadline, long nextPauseMillis, Throwable cause) {
        CompletableFuture<Long> replaced;
        try {
            replaced = replaceWithMarker.apply(code, value);
        } catch (RuntimeException e) {
            replaced = CompletableFuture.failedFuture(e);
        }
        replaced.whenComplete((n, failure) -> {
            if (failure == null) {
                pending.decrementAndGet();
                return;
            }
            if (System.nanoTime() >= deadline) {
                pending.decrementAndGet();
                return; // the link has expired by itself meanwhile
            }
            report("link " + code + " may be live in Redis without its outbox entry; taking it back again in " + nextPauseMillis
                    + " ms (" + pending.get() + " waiting)", failure);
            try {
                retries.schedule(() -> attempt(code, value, deadline, Math.min(MAX_RETRY_MILLIS, nextPauseMillis * 2), cause),
                        nextPauseMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closed) {
                pending.decrementAndGet();
            }
        });
    }

    /** Take-backs not done yet; for tests and metrics. */
    int pending() {
        return pending.get();
    }

    private void report(String what, Throwable cause) {
        long now = System.nanoTime();
        long last = lastLogNanos.get();
        if ((last == 0 || now - last >= LOG_INTERVAL_NANOS) && lastLogNanos.compareAndSet(last, now)) {
            LOG.log(Level.WARNING, "{0}: {1}", what, cause == null ? "" : cause.toString());
        }
    }

    /** Tries every waiting take-back once more, then stops. */
    @Override
    public void close() {
        retries.shutdown();
        try {
            retries.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        retries.shutdownNow();
    }
}
