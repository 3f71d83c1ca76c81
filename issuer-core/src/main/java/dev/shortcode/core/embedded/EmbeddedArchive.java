package dev.shortcode.core.embedded;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * The single-node archive: the {@code links} column family, where the {@link EmbeddedHotStore}
 * keeps every link it stored, live or expired, and the {@code archive} column family, where it
 * records deletes and {@link #write} records everything else (imports, replays); day counts in the
 * {@code issued} family. A code's archived link is the newer of the two families' (by the order of
 * {@link ArchiveCell}): a delete's removal cell masks the entry it removed, and a link created
 * after it (a wrapped pool) masks the removal. Databases written before links were kept once also
 * hold a put cell per link in the {@code archive} family, which the same rule reads correctly.
 *
 * <p>No write reads first: a mutation is a merge of an {@link ArchiveCell}, and RocksDB's
 * {@code max} merge operator keeps the newest cell, so concurrent writers need no lock, a replay
 * changes nothing, and a removal masks every older put. Day counts are merges with the
 * {@code uint64add} operator (8-byte little-endian counters), keyed {@code pool \0 yyyy-MM-dd} so
 * one pool's days are adjacent and in order.
 *
 * <p>Reads complete on the caller's thread. Writes are acknowledged operations of the storage's
 * {@link GroupCommitWriter}: they share a synced write batch with whatever else is pending, and
 * their stage completes on the writer thread once it is on disk.
 */
final class EmbeddedArchive implements Archive {

    private static final byte SEPARATOR = 0;

    private final EmbeddedDatabase storage;

    EmbeddedArchive(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    @Override
    public CompletionStage<Void> write(List<ArchiveMutation> batch) {
        if (batch.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<ArchiveMutation> mutations = List.copyOf(batch); // the caller may reuse its list before the writer runs
        return storage.writer().submit(staging -> {
            for (ArchiveMutation m : mutations) {
                staging.merge(storage.archive(), EmbeddedDatabase.bytes(m.code()), ArchiveCell.of(m));
            }
            return null;
        });
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        return completed(() -> {
            byte[] entry = storage.call(db -> db.get(storage.links(), storage.linkKeys().keyOf(code)));
            byte[] cell = storage.call(db -> db.get(storage.archive(), EmbeddedDatabase.bytes(code)));
            if (entry != null) {
                LinkRecord kept = HotEntry.link(code, entry);
                if (cell == null || ArchiveCell.putIsNotOlder(kept, cell)) {
                    return Optional.of(kept);
                }
            }
            return cell == null ? Optional.empty() : ArchiveCell.link(code, cell);
        });
    }

    @Override
    public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
        byte[] key;
        try {
            if (count < 0) {
                throw new IllegalArgumentException("issued count must not be negative: " + count);
            }
            key = dayKey(pool, day);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (count == 0) {
            return CompletableFuture.completedFuture(null);
        }
        byte[] delta = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(count).array();
        return storage.writer().submit(staging -> {
            staging.merge(storage.issued(), key, delta);
            return null;
        });
    }

    @Override
    public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
        return completed(() -> {
            byte[] first = dayKey(pool, from);
            byte[] last = dayKey(pool, to);
            int prefix = EmbeddedDatabase.bytes(pool).length + 1;
            return storage.call(db -> {
                Map<LocalDate, Long> days = new TreeMap<>();
                try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.issued(), read)) {
                    for (it.seek(first); it.isValid() && Arrays.compareUnsigned(it.key(), last) <= 0; it.next()) {
                        byte[] key = it.key();
                        LocalDate day = LocalDate.parse(new String(key, prefix, key.length - prefix, StandardCharsets.US_ASCII));
                        days.put(day, ByteBuffer.wrap(it.value()).order(ByteOrder.LITTLE_ENDIAN).getLong());
                    }
                    it.status();
                }
                return days;
            });
        });
    }

    /** ISO dates order as text for years 0 to 9999. */
    private static byte[] dayKey(String pool, LocalDate day) {
        if (pool.indexOf(SEPARATOR) >= 0) {
            throw new IllegalArgumentException("pool name must not contain NUL: " + pool);
        }
        if (day.getYear() < 0 || day.getYear() > 9999) {
            throw new IllegalArgumentException("day out of range: " + day);
        }
        return (pool + (char) SEPARATOR + day).getBytes(StandardCharsets.UTF_8);
    }

    private static <T> CompletionStage<T> completed(Supplier<T> operation) {
        try {
            return CompletableFuture.completedFuture(operation.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
