package dev.shortcode.core.embedded;

import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.core.store.WebhookEventType;
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
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * The single-node hot store: links with a sliding TTL in the {@code links} column family of the
 * {@link EmbeddedDatabase}, which is also the archive's copy of every link (so the embedded mode
 * needs no outbox, and writes each link once).
 *
 * <h2>One copy of each link</h2>
 * An expired link is not removed: its entry stays, invisible to this store, as the archive's
 * record of the code ({@link EmbeddedArchive#get} reads it there), until a create takes the code
 * again and overwrites it. Only a delete writes to the {@code archive} column family: it removes
 * the entry and merges a removal cell there in the same atomic, synced write batch. A separate
 * archive cell per link, as this store kept before, cost a second memtable insert per create (a
 * random place in a skip list of a few hundred thousand entries: cache misses at every level) and
 * a second compaction of every link, 40 % of a create's CPU (docs/BENCHMARKS.md), for a second
 * copy of what the same database already held durably.
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
 * while {@code clock.millis() < expiresAt}. Expired links are invisible at once; their entries
 * stay as the archive's copy (above).
 *
 * <h2>Sliding extension, coalesced</h2>
 * A read pushes the expiry to {@code now + ttl}, but writes it only when the stored expiry lags
 * that by more than the extension window, {@code min(slack * ttl, maxWindow)} (defaults 10% and
 * one hour, see {@link EmbeddedOptions}). A hot link thus costs at most one write per window, and
 * lives at least {@code ttl - window} after its last read.
 *
 * <p>The extension is housekeeping handed to the writer: the read does not wait for it, the
 * writer re-checks the link before writing (so it can never bring back a link deleted, replaced or
 * expired meanwhile), and writes it unsynced (losing it to a power failure only shortens that
 * link's life by up to one window). This also keeps reads off
 * RocksDB's write path, where an unsynced write queues behind a synced one's {@code fdatasync}.
 * At most one extension per code is queued at a time, and none while the writer's queue is half
 * full: a later read asks again.
 *
 * <h2>Webhook events</h2>
 * A create, update or delete that a webhook subscribes to stages its event in the
 * {@link EmbeddedEventJournal} within its own operation: the change and its event are written in
 * one batch, so neither is ever durable without the other.
 */
final class EmbeddedHotStore implements HotStore {

    private static final System.Logger LOG = System.getLogger(EmbeddedHotStore.class.getName());

    private final EmbeddedDatabase storage;
    private final GroupCommitWriter writer;
    private final Clock clock;
    private final EmbeddedOptions options;
    private final LinkKeys keys;
    private final IndexRows indexRows;
    private final EmbeddedEventJournal events;
    /** Codes with an extension queued; bounded by the writer's queue. */
    private final Set<String> extensionQueued = ConcurrentHashMap.newKeySet();

    private final LongAdder extensions = new LongAdder();
    private final LongAdder replaced = new LongAdder();

    /** A store over {@code storage}, which it does not own. */
    EmbeddedHotStore(EmbeddedDatabase storage, Clock clock) {
        this(storage, clock, new EmbeddedEventJournal(storage));
    }

    /** A store that records the link events {@code events} is asked for with the changes themselves. */
    EmbeddedHotStore(EmbeddedDatabase storage, Clock clock, EmbeddedEventJournal events) {
        this.storage = storage;
        this.events = events;
        this.writer = storage.writer();
        this.clock = clock;
        this.options = storage.options();
        this.keys = storage.linkKeys();
        this.indexRows = new IndexRows(storage);
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
        final byte[] timeRow;
        /** Its link.created event when a webhook wants it, else null. */
        final byte[] event;

        Creation(LinkRecord link, int index) {
            // Encoded here, on the caller's thread: the writer is one thread and only checks and stamps the expiry.
            this.link = link;
            this.index = index;
            this.key = keys.keyOf(link.code());
            this.entry = HotEntry.encode(0, link);
            this.timeRow = IndexRows.timeRow(link);
            // The event reuses the entry's record bytes, and is timed like the link's createdAt.
            this.event = events.wants(WebhookEventType.LINK_CREATED, link.ownerKeyId())
                    ? LinkEvent.encode(WebhookEventType.LINK_CREATED, link.createdAtMillis(), link.ownerKeyId(), link.code(), entry,
                            HotEntry.EXPIRY_BYTES, entry.length - HotEntry.EXPIRY_BYTES)
                    : null;
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
            if (event != null) {
                events.record(staging, event);
            }
            if (current != null) {
                // the code's previous link, expired, leaves the archive too: the code's newest link is this one
                indexRows.remove(staging, HotEntry.link(link.code(), current));
                staging.afterCommit(replaced::increment);
            }
            indexRows.add(staging, link, timeRow);
            return true;
        }
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        return read(code, true);
    }

    /** The same read as {@link #get}, without queueing an extension. */
    @Override
    public CompletionStage<Optional<LinkRecord>> peek(String code) {
        return read(code, false);
    }

    private CompletionStage<Optional<LinkRecord>> read(String code, boolean extend) {
        try {
            byte[] key = keys.keyOf(code);
            byte[] value = storage.call(db -> db.get(storage.links(), key));
            if (value == null) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            long now = clock.millis();
            long expiresAt = HotEntry.expiresAt(value);
            if (expiresAt <= now) {
                return CompletableFuture.completedFuture(Optional.empty()); // the archive's copy now
            }
            LinkRecord link = HotEntry.link(code, value);
            if (extend && lagsBeyondWindow(expiresAt, link.ttlSeconds(), now)) {
                extendLater(code, key);
            }
            return CompletableFuture.completedFuture(Optional.of(link));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Put-if-absent over an expired entry or none. Not synced on its own (the archive's copy is
     * durable already; a power failure costs one more cold read).
     */
    @Override
    public CompletionStage<Boolean> restore(LinkRecord link) {
        byte[] key = keys.keyOf(link.code());
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
        byte[] key = keys.keyOf(code);
        byte[] entry = HotEntry.encode(0, link);
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
            staging.put(storage.links(), key, entry); // the archive's copy too
            indexRows.replace(staging, stored, link);
            recordEvent(staging, WebhookEventType.LINK_UPDATED, now, link);
            return UpdateResult.UPDATED;
        });
    }

    @Override
    public CompletionStage<Boolean> delete(String code) {
        byte[] key = keys.keyOf(code);
        return writer.submit(staging -> {
            byte[] current = staging.get(storage.links(), key);
            if (current == null || HotEntry.expiresAt(current) <= clock.millis()) {
                return false; // nothing live to delete; an expired entry stays as the archive's copy
            }
            LinkRecord removed = HotEntry.link(code, current);
            staging.delete(storage.links(), key);
            staging.merge(storage.archive(), EmbeddedDatabase.bytes(code), ArchiveCell.remove(removed));
            indexRows.remove(staging, removed);
            recordEvent(staging, WebhookEventType.LINK_DELETED, clock.millis(), removed);
            return true;
        });
    }

    /** Stages the change's event in the same batch, when a webhook wants it (one volatile read and a set lookup when none does). */
    private void recordEvent(GroupCommitWriter.Staging staging, WebhookEventType type, long now, LinkRecord link) {
        if (events.wants(type, link.ownerKeyId())) {
            events.record(staging, LinkEvent.of(type, now, link));
        }
    }

    /** Counters for metrics and tests. */
    public Stats stats() {
        return new Stats(extensions.sum(), replaced.sum());
    }

    /**
     * @param extensionWrites reads that rewrote an expiry (at most one per code per extension window)
     * @param replaced        expired links overwritten by a create of their code (a pool that wrapped)
     */
    public record Stats(long extensionWrites, long replaced) {}

    /** Nothing of its own to stop; the storage belongs to the caller. */
    @Override
    public void close() {}

    private boolean lagsBeyondWindow(long expiresAt, long ttlSeconds, long now) {
        return HotEntry.expiryOf(now, ttlSeconds) - expiresAt > options.extensionWindowMillis(ttlSeconds);
    }

    /**
     * Queues the extension a read found due; the writer re-checks it: nothing is written when the
     * link is gone, expired, replaced or already extended.
     */
    private void extendLater(String code, byte[] key) {
        if (!extensionQueued.add(code)) {
            return;
        }
        CompletionStage<Void> queued = writer.trySubmitHousekeeping(staging -> {
            extensionQueued.remove(code); // from here on a read may queue the next one; this one re-checks anyway
            byte[] current = staging.get(storage.links(), key);
            long now = clock.millis();
            if (current == null) {
                return null;
            }
            long expiresAt = HotEntry.expiresAt(current);
            if (expiresAt <= now) {
                return null; // expired meanwhile: the archive's copy, not to be brought back
            }
            long ttlSeconds = HotEntry.link(code, current).ttlSeconds();
            if (lagsBeyondWindow(expiresAt, ttlSeconds, now)) {
                staging.put(storage.links(), key, HotEntry.withExpiry(current, HotEntry.expiryOf(now, ttlSeconds)));
                staging.afterCommit(extensions::increment);
            }
            return null;
        });
        if (queued == null) {
            extensionQueued.remove(code); // writer busy or closed: a later read asks again
        } else {
            queued.whenComplete((ok, e) -> {
                if (e != null) {
                    extensionQueued.remove(code); // the batch may have failed before the task ran
                    LOG.log(Level.DEBUG, "TTL extension of {0} failed: {1}", code, e.toString());
                }
            });
        }
    }
}
