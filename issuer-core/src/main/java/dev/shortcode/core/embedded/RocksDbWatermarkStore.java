package dev.shortcode.core.embedded;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watermarks in the {@code watermarks} column family of the {@link EmbeddedDatabase}, so the
 * embedded mode keeps everything in one database. Key: the code length (4 bytes); value: epoch
 * and high id (8 bytes each, big-endian, never negative), so byte order is {@link Watermark}
 * order and RocksDB's {@code max} merge operator keeps the highest mark: advancing is a blind,
 * synced merge that can never lower the mark, whatever the order of concurrent calls.
 *
 * <p>A cache of the last known mark per pool spares the write when a mark is not higher (a node
 * recording late) and the read on every lease; it is exact because RocksDB lets one process
 * open the database at a time.
 */
final class RocksDbWatermarkStore implements WatermarkStore {

    private final EmbeddedDatabase storage;
    private final Map<Integer, Watermark> known = new ConcurrentHashMap<>();
    private final RocksDbReservedCodes reserved;

    RocksDbWatermarkStore(EmbeddedDatabase storage) {
        this(storage, java.time.Clock.systemUTC());
    }

    RocksDbWatermarkStore(EmbeddedDatabase storage, java.time.Clock clock) {
        this.storage = storage;
        this.reserved = new RocksDbReservedCodes(storage, clock);
    }

    @Override
    public dev.shortcode.core.lease.ReservedCodes reservedCodes() {
        return reserved;
    }

    @Override
    public Optional<Watermark> read(int codeLength) {
        Watermark cached = known.get(codeLength);
        if (cached != null) {
            return Optional.of(cached);
        }
        byte[] value = storage.call(db -> db.get(storage.watermarks(), key(codeLength)));
        if (value == null) {
            return Optional.empty();
        }
        if (value.length != 2 * Long.BYTES) {
            throw new IllegalStateException("corrupt watermark of code length " + codeLength + ": " + value.length + " bytes");
        }
        ByteBuffer b = ByteBuffer.wrap(value);
        Watermark stored = new Watermark(b.getLong(), b.getLong());
        return Optional.of(known.merge(codeLength, stored, Watermark::max));
    }

    @Override
    public void advance(int codeLength, Watermark mark) {
        try {
            Optional<Watermark> current = read(codeLength);
            if (current.isPresent() && current.get().compareTo(mark) >= 0) {
                return;
            }
            byte[] value = ByteBuffer.allocate(2 * Long.BYTES).putLong(mark.epoch()).putLong(mark.highId()).array();
            storage.call(db -> {
                db.merge(storage.watermarks(), storage.durable(), key(codeLength), value);
                return null;
            });
        } catch (EmbeddedStorageException e) {
            throw new EmbeddedStorageException("cannot make watermark " + mark + " of code length " + codeLength + " durable: "
                    + e.getMessage(), e);
        }
        known.merge(codeLength, mark, Watermark::max);
    }

    /**
     * The watermark a stored value holds, {@link Watermark#ZERO} for none or a value of another size:
     * for readers that must not fail on it (the footprint, the link key order at open).
     */
    static Watermark decodeOrZero(byte[] value) {
        if (value == null || value.length != 2 * Long.BYTES) {
            return Watermark.ZERO;
        }
        ByteBuffer b = ByteBuffer.wrap(value);
        return new Watermark(b.getLong(), b.getLong());
    }

    /** The key of a code length's watermark. */
    static byte[] key(int codeLength) {
        return ByteBuffer.allocate(Integer.BYTES).putInt(codeLength).array();
    }
}
