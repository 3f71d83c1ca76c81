package dev.shortcode.core.embedded;

import dev.shortcode.core.store.IdempotencyStore;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Idempotency keys in the {@code idempotency} column family of the {@link EmbeddedDatabase}, with
 * the semantics of the Redis store: a claim takes a free (absent or expired) key with a pending
 * marker that lives {@link #PENDING_TTL}, so a winner that dies blocks retries only that long;
 * completing stores the outcome for the given TTL; releasing deletes the entry.
 *
 * <p>Every operation is an acknowledged operation of the {@link GroupCommitWriter}: it is the
 * only writer of the family, so a claim's check and write are atomic, and of many concurrent
 * claims of one key exactly one wins, even within one batch. Entries survive restarts. An
 * expired entry is treated as absent by the next claim, and a sweep ({@link ExpirySweeper}, on
 * this store's own thread, at the storage's sweep interval and batch) removes the ones nobody
 * claims again.
 */
final class EmbeddedIdempotencyStore implements IdempotencyStore {

    private static final System.Logger LOG = System.getLogger(EmbeddedIdempotencyStore.class.getName());

    /** How long a claim may stay pending before another request may take over (as in Redis). */
    public static final Duration PENDING_TTL = Duration.ofSeconds(30);

    private final EmbeddedDatabase storage;
    private final Clock clock;
    private final ExpirySweeper sweeper;
    private final ScheduledExecutorService sweepThread;

    /** A store with its own sweep thread, stopped by {@link #close()} or by closing the storage. */
    EmbeddedIdempotencyStore(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        this.sweeper = new ExpirySweeper(storage, storage.idempotency(), clock);
        this.sweepThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-embedded-idempotency-sweep");
            t.setDaemon(true);
            return t;
        });
        long interval = storage.options().sweepInterval().toMillis();
        sweepThread.scheduleWithFixedDelay(this::sweepInBackground, interval, interval, TimeUnit.MILLISECONDS);
        storage.register(this);
    }

    /** {@code ttl} is not used here, as in Redis: the pending marker lives {@link #PENDING_TTL}; {@link #complete} sets the full one. */
    @Override
    public CompletionStage<Claim> claim(String scope, String idempotencyKey, Duration ttl) {
        byte[] key;
        try {
            key = IdempotencyEntry.key(scope, idempotencyKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return storage.writer().submit(staging -> {
            long now = clock.millis();
            byte[] current = staging.get(storage.idempotency(), key);
            if (current != null && ExpiryPrefix.read(current) > now) {
                return IdempotencyEntry.claimOf(current);
            }
            staging.put(storage.idempotency(), key, IdempotencyEntry.pending(ExpiryPrefix.after(now, PENDING_TTL.toMillis())));
            return new Claim.Won();
        });
    }

    @Override
    public CompletionStage<Void> complete(String scope, String idempotencyKey, String outcome, Duration ttl) {
        byte[] key;
        try {
            if (ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException("idempotency TTL must be positive: " + ttl);
            }
            key = IdempotencyEntry.key(scope, idempotencyKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        long ttlMillis = ttl.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : ttl.toMillis();
        return storage.writer().submit(staging -> {
            staging.put(storage.idempotency(), key, IdempotencyEntry.done(ExpiryPrefix.after(clock.millis(), ttlMillis), outcome));
            return null;
        });
    }

    @Override
    public CompletionStage<Void> release(String scope, String idempotencyKey) {
        byte[] key;
        try {
            key = IdempotencyEntry.key(scope, idempotencyKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return storage.writer().submit(staging -> {
            staging.delete(storage.idempotency(), key);
            return null;
        });
    }

    /**
     * Removes expired entries, looking at up to the storage's sweep batch of them from where the
     * previous sweep stopped. Waits for the writer: not for an event loop.
     *
     * @return entries removed
     */
    public int sweepOnce() {
        return sweeper.sweep(storage.options().sweepBatch());
    }

    /** Stops the sweep thread; the storage belongs to the caller. */
    @Override
    public void close() {
        sweepThread.shutdown();
        try {
            if (!sweepThread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the idempotency sweep did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void sweepInBackground() {
        try {
            sweepOnce();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "idempotency sweep failed: {0}", e.getMessage());
        }
    }
}
