package dev.shortcode.core.embedded;

import dev.shortcode.core.store.IdempotencyStore;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 *
 * <p>The {@code *All} operations are one {@linkplain GroupCommitWriter#submitAll group} of the
 * writer: one queue entry, one stage, the claims' reads in one multi-get, however many keys (a
 * bulk chunk's refs were two writer tasks per line before). Each key still succeeds or fails on
 * its own: a corrupt entry fails its key's claim, not the others'.
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
        return storage.writer().submit(staging -> claim(staging, key));
    }

    /** Takes a free (absent or expired) key with a pending marker; else what its live entry says. Throws on a corrupt entry, having staged nothing. */
    private Claim claim(GroupCommitWriter.Staging staging, byte[] key) throws RocksDBException {
        long now = clock.millis();
        byte[] current = staging.get(storage.idempotency(), key);
        if (current != null && ExpiryPrefix.read(current) > now) {
            return IdempotencyEntry.claimOf(current);
        }
        staging.put(storage.idempotency(), key, IdempotencyEntry.pending(ExpiryPrefix.after(now, PENDING_TTL.toMillis())));
        return new Claim.Won();
    }

    @Override
    public List<CompletionStage<Claim>> claimAll(String scope, List<String> idempotencyKeys, Duration ttl) {
        List<KeyClaim> claims = new ArrayList<>(idempotencyKeys.size());
        try {
            for (String idempotencyKey : idempotencyKeys) {
                claims.add(new KeyClaim(IdempotencyEntry.key(scope, idempotencyKey)));
            }
        } catch (RuntimeException e) { // the scope: the same for every key
            return failedStages(idempotencyKeys.size(), e);
        }
        return perKey(storage.writer().submitAll(claims), idempotencyKeys.size());
    }

    /**
     * One key's claim in a group: answers the {@link Claim}, or the failure of this key alone
     * (a throw would fail the stage of the whole group, and with it every other key's claim).
     */
    private final class KeyClaim implements GroupCommitWriter.KeyedOperation<Object> {
        private final byte[] key;

        KeyClaim(byte[] key) {
            this.key = key;
        }

        @Override
        public ColumnFamilyHandle family() {
            return storage.idempotency();
        }

        @Override
        public byte[] key() {
            return key;
        }

        @Override
        public Object apply(GroupCommitWriter.Staging staging) throws RocksDBException {
            try {
                return claim(staging, key);
            } catch (RuntimeException corrupt) {
                return corrupt;
            }
        }
    }

    @Override
    public CompletionStage<Void> complete(String scope, String idempotencyKey, String outcome, Duration ttl) {
        byte[] key;
        long ttlMillis;
        try {
            ttlMillis = ttlMillis(ttl);
            key = IdempotencyEntry.key(scope, idempotencyKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return storage.writer().submit(staging -> complete(staging, key, outcome, ttlMillis));
    }

    private Void complete(GroupCommitWriter.Staging staging, byte[] key, String outcome, long ttlMillis) {
        staging.put(storage.idempotency(), key, IdempotencyEntry.done(ExpiryPrefix.after(clock.millis(), ttlMillis), outcome));
        return null;
    }

    private static long ttlMillis(Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("idempotency TTL must be positive: " + ttl);
        }
        return ttl.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : ttl.toMillis();
    }

    @Override
    public List<CompletionStage<Void>> completeAll(String scope, List<Completion> completions, Duration ttl) {
        List<GroupCommitWriter.Operation<Object>> operations = new ArrayList<>(completions.size());
        try {
            long ttlMillis = ttlMillis(ttl);
            for (Completion c : completions) {
                byte[] key = IdempotencyEntry.key(scope, c.idempotencyKey());
                String outcome = c.outcome();
                operations.add(staging -> complete(staging, key, outcome, ttlMillis));
            }
        } catch (RuntimeException e) { // the TTL or the scope: the same for every key
            return failedStages(completions.size(), e);
        }
        return perKey(storage.writer().submitAll(operations), completions.size());
    }

    @Override
    public CompletionStage<Void> release(String scope, String idempotencyKey) {
        byte[] key;
        try {
            key = IdempotencyEntry.key(scope, idempotencyKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return storage.writer().submit(staging -> release(staging, key));
    }

    private Void release(GroupCommitWriter.Staging staging, byte[] key) {
        staging.delete(storage.idempotency(), key);
        return null;
    }

    @Override
    public List<CompletionStage<Void>> releaseAll(String scope, List<String> idempotencyKeys) {
        List<GroupCommitWriter.Operation<Object>> operations = new ArrayList<>(idempotencyKeys.size());
        try {
            for (String idempotencyKey : idempotencyKeys) {
                byte[] key = IdempotencyEntry.key(scope, idempotencyKey);
                operations.add(staging -> release(staging, key));
            }
        } catch (RuntimeException e) { // the scope: the same for every key
            return failedStages(idempotencyKeys.size(), e);
        }
        return perKey(storage.writer().submitAll(operations), idempotencyKeys.size());
    }

    /**
     * One stage per key of a group: each completes with its key's result, or fails with the
     * failure its operation answered; all fail when the group does (not written).
     */
    @SuppressWarnings("unchecked")
    private static <T> List<CompletionStage<T>> perKey(CompletionStage<List<Object>> group, int n) {
        List<CompletableFuture<T>> stages = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            stages.add(new CompletableFuture<>());
        }
        group.whenComplete((results, failure) -> {
            for (int i = 0; i < n; i++) {
                if (failure != null) {
                    stages.get(i).completeExceptionally(failure);
                } else if (results.get(i) instanceof RuntimeException keyFailure) {
                    stages.get(i).completeExceptionally(keyFailure);
                } else {
                    stages.get(i).complete((T) results.get(i));
                }
            }
        });
        return List.copyOf(stages);
    }

    private static <T> List<CompletionStage<T>> failedStages(int n, RuntimeException failure) {
        List<CompletionStage<T>> stages = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            stages.add(CompletableFuture.failedFuture(failure));
        }
        return stages;
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
