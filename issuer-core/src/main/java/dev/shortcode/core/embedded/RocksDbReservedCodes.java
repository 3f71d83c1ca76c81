package dev.shortcode.core.embedded;

import dev.shortcode.core.lease.ReservedCodes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Reserved codes in the {@code reserved_codes} column family: key the code length (one byte) and
 * the code's ASCII characters, value the wall time it was first recorded (8 bytes, big-endian).
 * A synced put, outside the group-commit writer: like a watermark, it is written before the
 * alias it protects and never depends on a read.
 *
 * <p>One process owns the database, so a copy in memory, newest last, answers the reads: the
 * watermark filter asks for what was added since its last look about once a second.
 */
final class RocksDbReservedCodes implements ReservedCodes {

    private final EmbeddedDatabase storage;
    private final Clock clock;

    /** Every reserved code by length, in the order recorded (the stored times, ascending). */
    private final Map<Integer, List<Reserved>> byLength = new HashMap<>();

    RocksDbReservedCodes(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        storage.call(db -> {
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.reservedCodes(), read)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] key = it.key();
                    listOf(key[0]).add(new Reserved(ByteBuffer.wrap(it.value()).getLong(),
                            new String(key, 1, key.length - 1, StandardCharsets.US_ASCII)));
                }
            }
            return null;
        });
        byLength.values().forEach(list -> list.sort(Comparator.comparingLong(Reserved::millis)));
    }

    @Override
    public synchronized void add(int codeLength, String code) {
        byte[] key = key(codeLength, code);
        long now = clock.millis();
        boolean added = storage.call(db -> {
            if (db.get(storage.reservedCodes(), key) != null) {
                return false;
            }
            db.put(storage.reservedCodes(), storage.durable(), key, ByteBuffer.allocate(Long.BYTES).putLong(now).array());
            return true;
        });
        if (added) {
            List<Reserved> list = listOf(codeLength);
            long millis = list.isEmpty() ? now : Math.max(now, list.get(list.size() - 1).millis()); // keeps the list in order
            list.add(new Reserved(millis, code));
        }
    }

    @Override
    public synchronized List<String> all(int codeLength) {
        return listOf(codeLength).stream().map(Reserved::code).toList();
    }

    @Override
    public synchronized List<String> addedSince(int codeLength, long sinceMillis) {
        List<Reserved> list = listOf(codeLength);
        int from = list.size();
        while (from > 0 && list.get(from - 1).millis() >= sinceMillis) {
            from--;
        }
        return list.subList(from, list.size()).stream().map(Reserved::code).toList();
    }

    private List<Reserved> listOf(int codeLength) {
        return byLength.computeIfAbsent(codeLength, l -> new ArrayList<>());
    }

    private record Reserved(long millis, String code) {}

    static byte[] key(int codeLength, String code) {
        byte[] c = code.getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(1 + c.length).put((byte) codeLength).put(c).array();
    }
}
