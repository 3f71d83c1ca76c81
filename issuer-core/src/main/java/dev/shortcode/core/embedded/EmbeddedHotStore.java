package dev.shortcode.core.embedded;

import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.rocksdb.WriteBatch;

/**
 * The single-node hot store: links with a sliding TTL in the {@code links} column family of the
 * {@link EmbeddedStorage}, each create, update and delete also recorded in its {@code archive}
 * column family in the same atomic, synced write batch (so the embedded mode needs no outbox).
 *
 * <h2>TTL</h2>
 * The expiry is stored in the value ({@link HotEntry}); nothing expires by itself. A link is live
 * while {@code clock.millis() < expiresAt}. Expired links are invisible at once and removed
 * lazily: by the read that finds one, by a create that takes its code, and by a bounded periodic
 * sweep ({@link ExpiredLinkSweeper}) for the links nobody reads. RocksJava offers no compaction
 * filter written in Java, hence the sweep.
 *
 * <h2>Sliding extension, coalesced</h2>
 * A read pushes the expiry to {@code now + ttl}, but writes it only when the stored expiry lags
 * that by more than the extension window, {@code min(slack * ttl, maxWindow)} (defaults 10% and
 * one hour, see {@link EmbeddedOptions}). A hot link thus costs at most one write per window, and
 * lives at least {@code ttl - window} after its last read. The rewrite is unsynced: losing it to
 * a power failure only shortens that one link's life by up to one window.
 *
 * <h2>Consistency</h2>
 * Every read-check-write of a code (put-if-absent, version check, delete, extension, purge) runs
 * under that code's stripe of {@link CodeLocks} and re-reads under it, so an extension or purge
 * can never bring back a link that was deleted or replaced in between. Plain reads take no lock.
 *
 * <h2>Non-blocking contract</h2>
 * Every method runs on the caller's thread and returns an already completed stage: a RocksDB point
 * read takes microseconds, cheaper than a hand-off to another thread. Creates, updates and deletes
 * return after the WAL sync ({@code fdatasync}: 0.25 ms on the development VM's idle disk, 1-3 ms
 * when it is busy): that is the price of "acknowledged means on disk". Concurrent callers share
 * syncs through RocksDB's group commit. A caller on an event loop that cannot spend that should
 * dispatch creates, updates and deletes to a bounded worker pool; reads can stay on the loop.
 * Failures complete the stage exceptionally with {@link EmbeddedStorageException}.
 */
public final class EmbeddedHotStore implements HotStore {

    private static final System.Logger LOG = System.getLogger(EmbeddedHotStore.class.getName());

    private final EmbeddedStorage storage;
    private final Clock clock;
    private final EmbeddedOptions options;
    private final ExpiredLinkSweeper sweeper;
    private final ScheduledExecutorService sweepThread;

    private final LongAdder extensions = new LongAdder();
    private final LongAdder purges = new LongAdder();

    /**
     * A store over {@code storage} with its own sweep thread, stopped by {@link #close()} (or by
     * closing the storage, which closes this store first).
     */
    public EmbeddedHotStore(EmbeddedStorage storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        this.options = storage.options();
        this.sweeper = new ExpiredLinkSweeper(storage, clock, this::purgeIfExpired);
        this.sweepThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-embedded-sweep");
            t.setDaemon(true);
            return t;
        });
        long interval = options.sweepInterval().toMillis();
        sweepThread.scheduleWithFixedDelay(this::sweepInBackground, interval, interval, TimeUnit.MILLISECONDS);
        storage.register(this);
    }

    @Override
    public CompletionStage<Boolean> create(LinkRecord link) {
        return completed(() -> {
            String code = link.code();
            byte[] key = EmbeddedStorage.bytes(code);
            ReentrantLock lock = storage.locks().of(code);
            lock.lock();
            try {
                long now = clock.millis();
                byte[] current = storage.call(db -> db.get(storage.links(), key));
                if (current != null && HotEntry.expiresAt(current) > now) {
                    return false; // SET NX: never overwrite a live link
                }
                writeDurably(batch -> {
                    batch.put(storage.links(), key, HotEntry.encode(HotEntry.expiryOf(now, link.ttlSeconds()), link));
                    batch.merge(storage.archive(), key, ArchiveCell.put(link));
                });
                if (current != null) {
                    purges.increment(); // the expired entry was overwritten
                }
                return true;
            } finally {
                lock.unlock();
            }
        });
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        return completed(() -> {
            byte[] key = EmbeddedStorage.bytes(code);
            byte[] value = storage.call(db -> db.get(storage.links(), key));
            if (value == null) {
                return Optional.empty();
            }
            long now = clock.millis();
            long expiresAt = HotEntry.expiresAt(value);
            if (expiresAt <= now) {
                purgeIfExpired(code);
                return Optional.empty();
            }
            LinkRecord link = HotEntry.link(code, value);
            if (lagsBeyondWindow(expiresAt, link.ttlSeconds(), now)) {
                extend(code, key);
            }
            return Optional.of(link);
        });
    }

    @Override
    public CompletionStage<Boolean> update(LinkRecord link) {
        return completed(() -> {
            String code = link.code();
            byte[] key = EmbeddedStorage.bytes(code);
            ReentrantLock lock = storage.locks().of(code);
            lock.lock();
            try {
                long now = clock.millis();
                byte[] current = storage.call(db -> db.get(storage.links(), key));
                if (current == null || HotEntry.expiresAt(current) <= now
                        || HotEntry.link(code, current).version() + 1 != link.version()) {
                    return false;
                }
                writeDurably(batch -> {
                    batch.put(storage.links(), key, HotEntry.encode(HotEntry.expiryOf(now, link.ttlSeconds()), link));
                    batch.merge(storage.archive(), key, ArchiveCell.put(link));
                });
                return true;
            } finally {
                lock.unlock();
            }
        });
    }

    @Override
    public CompletionStage<Boolean> delete(String code) {
        return completed(() -> {
            byte[] key = EmbeddedStorage.bytes(code);
            ReentrantLock lock = storage.locks().of(code);
            lock.lock();
            try {
                byte[] current = storage.call(db -> db.get(storage.links(), key));
                if (current == null) {
                    return false;
                }
                if (HotEntry.expiresAt(current) <= clock.millis()) {
                    purgeLocked(key);
                    return false;
                }
                LinkRecord link = HotEntry.link(code, current);
                writeDurably(batch -> {
                    batch.delete(storage.links(), key);
                    batch.merge(storage.archive(), key, ArchiveCell.remove(link));
                });
                return true;
            } finally {
                lock.unlock();
            }
        });
    }

    /**
     * Removes expired links, looking at up to {@code sweepBatch} of them from where the previous
     * sweep stopped (wrapping around at the end).
     *
     * @return links removed
     */
    public int sweepOnce() {
        return sweeper.sweep(options.sweepBatch());
    }

    /** Counters for metrics and tests. */
    public Stats stats() {
        return new Stats(extensions.sum(), purges.sum());
    }

    /**
     * @param extensionWrites reads that rewrote an expiry (at most one per code per extension window)
     * @param purges          expired links removed (by reads, creates, deletes or the sweep)
     */
    public record Stats(long extensionWrites, long purges) {}

    /** Stops the sweep thread; the storage belongs to the caller. */
    @Override
    public void close() {
        sweepThread.shutdown();
        try {
            if (!sweepThread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the expiry sweep did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean lagsBeyondWindow(long expiresAt, long ttlSeconds, long now) {
        return HotEntry.expiryOf(now, ttlSeconds) - expiresAt > options.extensionWindowMillis(ttlSeconds);
    }

    /** Rewrites the expiry unless, under the lock, the link is gone, replaced by an expired one, or already extended. */
    private void extend(String code, byte[] key) {
        ReentrantLock lock = storage.locks().of(code);
        lock.lock();
        try {
            byte[] current = storage.call(db -> db.get(storage.links(), key));
            long now = clock.millis();
            if (current == null || HotEntry.expiresAt(current) <= now) {
                return;
            }
            long ttlSeconds = HotEntry.link(code, current).ttlSeconds();
            if (!lagsBeyondWindow(HotEntry.expiresAt(current), ttlSeconds, now)) {
                return; // another reader extended it meanwhile
            }
            byte[] extended = HotEntry.withExpiry(current, HotEntry.expiryOf(now, ttlSeconds));
            storage.call(db -> {
                db.put(storage.links(), storage.relaxed(), key, extended);
                return null;
            });
            extensions.increment();
        } finally {
            lock.unlock();
        }
    }

    /** Deletes the code's entry if it is (still) expired; true when it did. */
    boolean purgeIfExpired(String code) {
        byte[] key = EmbeddedStorage.bytes(code);
        ReentrantLock lock = storage.locks().of(code);
        lock.lock();
        try {
            byte[] current = storage.call(db -> db.get(storage.links(), key));
            if (current == null || HotEntry.expiresAt(current) > clock.millis()) {
                return false;
            }
            purgeLocked(key);
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void purgeLocked(byte[] key) {
        storage.call(db -> {
            db.delete(storage.links(), storage.relaxed(), key);
            return null;
        });
        purges.increment();
    }

    @FunctionalInterface
    private interface BatchFiller {
        void fill(WriteBatch batch) throws org.rocksdb.RocksDBException;
    }

    private void writeDurably(BatchFiller filler) {
        storage.call(db -> {
            try (WriteBatch batch = new WriteBatch()) {
                filler.fill(batch);
                db.write(storage.durable(), batch);
            }
            return null;
        });
    }

    private void sweepInBackground() {
        try {
            int removed = sweepOnce();
            if (removed > 0) {
                LOG.log(Level.DEBUG, "expiry sweep removed {0} links", removed);
            }
        } catch (RuntimeException e) {
            // Keep the schedule alive: a failed sweep is retried at the next interval.
            LOG.log(Level.WARNING, "expiry sweep failed: {0}", e.getMessage());
        }
    }

    private static <T> CompletionStage<T> completed(Supplier<T> operation) {
        try {
            return CompletableFuture.completedFuture(operation.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
