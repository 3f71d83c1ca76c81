package dev.shortcode.core.embedded;

import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * The single-node hot store: links with a sliding TTL in the {@code links} column family of the
 * {@link EmbeddedDatabase}, each create, update and delete also recorded in its {@code archive}
 * column family in the same atomic, synced write batch (so the embedded mode needs no outbox).
 *
 * <h2>Threads</h2>
 * Safe on an event loop: no method waits for the disk. {@link #get} reads on the caller's thread
 * (a RocksDB point read takes microseconds, less than a hand-off) and returns a completed stage.
 * Creates, updates and deletes are operations of the storage's {@link GroupCommitWriter}: the
 * stage completes on the writer thread once the change is synced, together with everything else
 * pending at the time (one {@code fdatasync} for the whole batch). The writer is the only thread
 * that changes links, so the read-check-write of each operation needs no lock, and several
 * operations on one code in one batch see each other in submission order. {@link #createAll}
 * hands all its links to the writer as one group: one queue entry, one write batch, one sync. A full write queue
 * fails the stage at once with {@link WriteQueueFullException}; other failures complete it with
 * {@link EmbeddedStorageException}.
 *
 * <h2>TTL</h2>
 * The expiry is stored in the value ({@link HotEntry}); nothing expires by itself. A link is live
 * while {@code clock.millis() < expiresAt}. Expired links are invisible at once and removed
 * lazily: after the read that finds one, by a create that takes its code, and by a bounded
 * periodic sweep ({@link ExpirySweeper}) for the links nobody reads. RocksJava offers no
 * compaction filter written in Java, hence the sweep.
 *
 * <h2>Sliding extension, coalesced</h2>
 * A read pushes the expiry to {@code now + ttl}, but writes it only when the stored expiry lags
 * that by more than the extension window, {@code min(slack * ttl, maxWindow)} (defaults 10% and
 * one hour, see {@link EmbeddedOptions}). A hot link thus costs at most one write per window, and
 * lives at least {@code ttl - window} after its last read.
 *
 * <p>The extension (and the purge of an expired link a read found) is housekeeping handed to the
 * writer: the read does not wait for it, the writer re-checks the link before writing (so it can
 * never bring back a link deleted or replaced meanwhile), and writes it unsynced (losing it to a
 * power failure only shortens that link's life by up to one window). This also keeps reads off
 * RocksDB's write path, where an unsynced write queues behind a synced one's {@code fdatasync}.
 * At most one such task per code is queued at a time, and none while the writer's queue is half
 * full: a later read asks again.
 */
final class EmbeddedHotStore implements HotStore {

    private static final System.Logger LOG = System.getLogger(EmbeddedHotStore.class.getName());

    private final EmbeddedDatabase storage;
    private final GroupCommitWriter writer;
    private final Clock clock;
    private final EmbeddedOptions options;
    private final ExpirySweeper sweeper;
    private final ScheduledExecutorService sweepThread;
    /** Codes with an extension or purge queued; bounded by the writer's queue. */
    private final Set<String> tidyQueued = ConcurrentHashMap.newKeySet();

    private final LongAdder extensions = new LongAdder();
    private final LongAdder purges = new LongAdder();

    /**
     * A store over {@code storage} with its own sweep thread, stopped by {@link #close()} (or by
     * closing the storage, which closes this store first).
     */
    EmbeddedHotStore(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.writer = storage.writer();
        this.clock = clock;
        this.options = storage.options();
        this.sweeper = new ExpirySweeper(storage, storage.links(), clock);
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
        return writer.submit(new Creation(link, 0));
    }

    /**
     * One writer entry for all of them: one write batch and one sync however many links, their
     * free-code checks in one multi-get. They are applied in the order of their keys (the
     * memtable inserts them faster when each lands next to the previous one); a stable order, so
     * of a code given twice the first is still stored and the later copy finds it live.
     */
    @Override
    public CompletionStage<List<Boolean>> createAll(List<LinkRecord> links) {
        int n = links.size();
        List<Creation> creations = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            creations.add(new Creation(links.get(i), i));
        }
        creations.sort((a, b) -> Arrays.compareUnsigned(a.key, b.key));
        return writer.submitAll(creations).thenApply(inKeyOrder -> {
            Boolean[] answers = new Boolean[n];
            for (int j = 0; j < n; j++) {
                answers[creations.get(j).index] = inKeyOrder.get(j);
            }
            return Arrays.asList(answers);
        });
    }

    /** The put-if-absent of one link, for {@link #create} and {@link #createAll} alike; {@code index} is its place in a createAll list. */
    private final class Creation implements GroupCommitWriter.KeyedOperation<Boolean> {
        final LinkRecord link;
        final int index;
        final byte[] key;
        final byte[] entry;
        final byte[] cell;

        Creation(LinkRecord link, int index) {
            // Encoded here, on the caller's thread: the writer is one thread and only checks and stamps the expiry.
            this.link = link;
            this.index = index;
            this.key = EmbeddedDatabase.bytes(link.code());
            byte[] payload = HotEntry.payload(link);
            this.entry = HotEntry.encode(0, payload);
            this.cell = ArchiveCell.put(link, payload);
        }

        @Override
        public ColumnFamilyHandle family() {
            return storage.links();
        }

        @Override
        public byte[] key() {
            return key;
        }

        @Override
        public Boolean apply(GroupCommitWriter.Staging staging) throws RocksDBException {
            long now = clock.millis();
            byte[] current = staging.get(storage.links(), key);
            if (current != null && HotEntry.expiresAt(current) > now) {
                return false; // SET NX: never overwrite a live link
            }
            ExpiryPrefix.write(entry, HotEntry.expiryOf(now, link.ttlSeconds()));
            staging.put(storage.links(), key, entry);
            staging.merge(storage.archive(), key, cell);
            if (current != null) {
                staging.afterCommit(purges::increment); // the expired entry was overwritten
            }
            return true;
        }
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        return read(code, true);
    }

    /** The same read as {@link #get}, without queueing an extension (a purge of an expired link still is). */
    @Override
    public CompletionStage<Optional<LinkRecord>> peek(String code) {
        return read(code, false);
    }

    private CompletionStage<Optional<LinkRecord>> read(String code, boolean extend) {
        try {
            byte[] key = EmbeddedDatabase.bytes(code);
            byte[] value = storage.call(db -> db.get(storage.links(), key));
            if (value == null) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            long now = clock.millis();
            long expiresAt = HotEntry.expiresAt(value);
            if (expiresAt <= now) {
                tidyLater(code, key);
                return CompletableFuture.completedFuture(Optional.empty());
            }
            LinkRecord link = HotEntry.link(code, value);
            if (extend && lagsBeyondWindow(expiresAt, link.ttlSeconds(), now)) {
                tidyLater(code, key);
            }
            return CompletableFuture.completedFuture(Optional.of(link));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Put-if-absent into the links family only: the archive family holds the link already. Not
     * synced on its own (the archive is the durable copy; a power failure costs one more cold read).
     */
    @Override
    public CompletionStage<Boolean> restore(LinkRecord link) {
        byte[] key = EmbeddedDatabase.bytes(link.code());
        byte[] entry = HotEntry.encode(0, link);
        return writer.submitUnsynced(staging -> {
            long now = clock.millis();
            byte[] current = staging.get(storage.links(), key);
            if (current != null && HotEntry.expiresAt(current) > now) {
                return false;
            }
            ExpiryPrefix.write(entry, HotEntry.expiryOf(now, link.ttlSeconds()));
            staging.put(storage.links(), key, entry);
            return true;
        });
    }

    @Override
    public CompletionStage<UpdateResult> update(LinkRecord link) {
        String code = link.code();
        byte[] key = EmbeddedDatabase.bytes(code);
        byte[] entry = HotEntry.encode(0, link);
        byte[] cell = ArchiveCell.put(link);
        return writer.submit(staging -> {
            long now = clock.millis();
            byte[] current = staging.get(storage.links(), key);
            if (current == null || HotEntry.expiresAt(current) <= now) {
                return UpdateResult.MISSING;
            }
            LinkRecord stored = HotEntry.link(code, current);
            if (stored.version() + 1 != link.version() || stored.createdAtMillis() != link.createdAtMillis()) {
                return UpdateResult.STALE;
            }
            ExpiryPrefix.write(entry, HotEntry.expiryOf(now, link.ttlSeconds()));
            staging.put(storage.links(), key, entry);
            staging.merge(storage.archive(), key, cell);
            return UpdateResult.UPDATED;
        });
    }

    @Override
    public CompletionStage<Boolean> delete(String code) {
        byte[] key = EmbeddedDatabase.bytes(code);
        return writer.submit(staging -> {
            byte[] current = staging.get(storage.links(), key);
            if (current == null) {
                return false;
            }
            staging.delete(storage.links(), key);
            if (HotEntry.expiresAt(current) <= clock.millis()) {
                staging.afterCommit(purges::increment); // nothing live to delete; the archive keeps its last cell
                return false;
            }
            staging.merge(storage.archive(), key, ArchiveCell.remove(HotEntry.link(code, current)));
            return true;
        });
    }

    /**
     * Removes expired links, looking at up to {@code sweepBatch} of them from where the previous
     * sweep stopped (wrapping around at the end). Waits for the writer: not for an event loop.
     *
     * @return links removed
     */
    public int sweepOnce() {
        int removed = sweeper.sweep(options.sweepBatch());
        purges.add(removed);
        return removed;
    }

    /** Counters for metrics and tests. */
    public Stats stats() {
        return new Stats(extensions.sum(), purges.sum());
    }

    /**
     * @param extensionWrites reads that rewrote an expiry (at most one per code per extension window)
     * @param purges          expired links removed (after reads, by creates, deletes or the sweep)
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

    /**
     * Queues the housekeeping a read found due: purge the link if it is expired, extend it if its
     * expiry lags beyond the window, nothing otherwise (gone, replaced, or already extended).
     */
    private void tidyLater(String code, byte[] key) {
        if (!tidyQueued.add(code)) {
            return;
        }
        CompletionStage<Void> queued = writer.trySubmitHousekeeping(staging -> {
            tidyQueued.remove(code); // from here on a read may queue the next one; this one re-checks anyway
            byte[] current = staging.get(storage.links(), key);
            long now = clock.millis();
            if (current == null) {
                return null;
            }
            long expiresAt = HotEntry.expiresAt(current);
            if (expiresAt <= now) {
                staging.delete(storage.links(), key);
                staging.afterCommit(purges::increment);
                return null;
            }
            long ttlSeconds = HotEntry.link(code, current).ttlSeconds();
            if (lagsBeyondWindow(expiresAt, ttlSeconds, now)) {
                staging.put(storage.links(), key, HotEntry.withExpiry(current, HotEntry.expiryOf(now, ttlSeconds)));
                staging.afterCommit(extensions::increment);
            }
            return null;
        });
        if (queued == null) {
            tidyQueued.remove(code); // writer busy or closed: a later read asks again
        } else {
            queued.whenComplete((ok, e) -> {
                if (e != null) {
                    tidyQueued.remove(code); // the batch may have failed before the task ran
                    LOG.log(Level.DEBUG, "TTL housekeeping of {0} failed: {1}", code, e.toString());
                }
            });
        }
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
}
