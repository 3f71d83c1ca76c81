package dev.shortcode.core.embedded;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.WebhookEventType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * The event journal in the {@code webhook_events} column family, keyed by the 8-byte big-endian
 * sequence. Only the {@link GroupCommitWriter} thread appends ({@link #record}, from inside the
 * operation that makes the change, or {@link #append}), so sequences are handed out in commit
 * order and a reader never sees a later sequence before an earlier one; a failed batch leaves a
 * gap, which readers do not mind.
 */
final class EmbeddedEventJournal implements EventJournal {

    private final EmbeddedDatabase db;
    /** The last sequence handed out; written by the writer thread only. */
    private final AtomicLong last;
    private final AtomicLong trimmedThrough;
    private volatile EventFilter filter = EventFilter.NONE;

    EmbeddedEventJournal(EmbeddedDatabase db) {
        this.db = db;
        long[] bounds = db.call(rocks -> {
            try (ReadOptions read = new ReadOptions(); RocksIterator it = rocks.newIterator(db.webhookEvents(), read)) {
                it.seekToFirst();
                long first = it.isValid() ? sequenceOf(it.key()) : 0;
                it.seekToLast();
                long lastKey = it.isValid() ? sequenceOf(it.key()) : 0;
                it.status();
                return new long[] {first, lastKey};
            }
        });
        this.last = new AtomicLong(bounds[1]);
        this.trimmedThrough = new AtomicLong(bounds[0] == 0 ? bounds[1] : bounds[0] - 1);
    }

    @Override
    public void filter(EventFilter filter) {
        this.filter = filter;
    }

    @Override
    public boolean wants(WebhookEventType type, String ownerKeyId) {
        return filter.wants(type, ownerKeyId);
    }

    /** Stages {@code event} in the batch of the operation that made the change; on the writer thread only. */
    void record(GroupCommitWriter.Staging staging, LinkEvent event) {
        record(staging, event.encode());
    }

    /** {@link #record} of an event {@link LinkEvent#encode encoded} already, off the writer thread. */
    void record(GroupCommitWriter.Staging staging, byte[] encodedEvent) {
        staging.put(db.webhookEvents(), key(last.incrementAndGet()), encodedEvent);
    }

    @Override
    public CompletionStage<Void> append(List<LinkEvent> events) {
        EventFilter current = filter;
        List<LinkEvent> wanted = events.stream().filter(e -> current.wants(e.type(), e.ownerKeyId())).toList();
        if (wanted.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return db.writer().submit(staging -> {
            for (LinkEvent e : wanted) {
                record(staging, e);
            }
            return null;
        });
    }

    @Override
    public CompletionStage<List<Entry>> read(long afterSequence, int max) {
        try {
            return CompletableFuture.completedFuture(db.call(rocks -> {
                List<Entry> entries = new ArrayList<>();
                try (ReadOptions read = new ReadOptions(); RocksIterator it = rocks.newIterator(db.webhookEvents(), read)) {
                    for (it.seek(key(afterSequence + 1)); it.isValid() && entries.size() < max; it.next()) {
                        entries.add(new Entry(sequenceOf(it.key()), LinkEvent.decode(it.value())));
                    }
                    it.status();
                }
                return entries;
            }));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A range delete, outside the writer: only sequences every webhook is past, never written again. */
    @Override
    public CompletionStage<Void> trim(long sequence) {
        long from = trimmedThrough.get();
        if (sequence <= from) {
            return CompletableFuture.completedFuture(null);
        }
        try {
            db.call(rocks -> {
                rocks.deleteRange(db.webhookEvents(), db.relaxed(), key(0), key(sequence + 1));
                return null;
            });
            trimmedThrough.accumulateAndGet(sequence, Math::max);
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public long backlog() {
        return Math.max(0, last.get() - trimmedThrough.get());
    }

    static byte[] key(long sequence) {
        return ByteBuffer.allocate(Long.BYTES).putLong(sequence).array();
    }

    private static long sequenceOf(byte[] key) {
        return ByteBuffer.wrap(key).getLong();
    }
}
