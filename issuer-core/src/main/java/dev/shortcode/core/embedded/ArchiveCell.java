package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * The value of a code in the {@code archive} column family, laid out so that comparing two cells
 * byte by byte orders them by age: RocksDB's built-in {@code max} merge operator then keeps the
 * newest without a read, a lock or a Java callback, and replaying any mutation changes nothing.
 *
 * <pre>createdAt (8) | version (8) | kind (1: 0 put, 1 remove) | LinkRecordCodec payload (puts only)</pre>
 *
 * Both numbers are big-endian with the sign bit flipped, so unsigned byte order is signed numeric
 * order. Newer means a later creation (a recycled code's new link beats everything of the old
 * one), then a higher version; at the same creation and version a removal beats the put, as an
 * HBase delete marker masks the cells of its timestamp.
 */
final class ArchiveCell {

    private static final int HEADER_BYTES = 2 * Long.BYTES + 1;
    private static final byte PUT = 0;
    private static final byte REMOVE = 1;

    private ArchiveCell() {}

    static byte[] of(ArchiveMutation mutation) {
        if (mutation instanceof ArchiveMutation.Put put) {
            return put(put.link());
        }
        ArchiveMutation.Remove remove = (ArchiveMutation.Remove) mutation;
        return header(remove.createdAtMillis(), remove.version(), REMOVE, 0).array();
    }

    static byte[] put(LinkRecord link) {
        byte[] payload = HotEntry.payload(link);
        return header(link.createdAtMillis(), link.version(), PUT, payload.length).put(payload).array();
    }

    /**
     * Whether a put of {@code link} is at least as new as {@code cell} in the cells' order, read
     * from the headers alone (the same link version has the same record).
     */
    static boolean putIsNotOlder(LinkRecord link, byte[] cell) {
        byte[] header = header(link.createdAtMillis(), link.version(), PUT, 0).array();
        return Arrays.compareUnsigned(header, 0, HEADER_BYTES, cell, 0, Math.min(HEADER_BYTES, cell.length)) >= 0;
    }

    static byte[] remove(LinkRecord link) {
        return header(link.createdAtMillis(), link.version(), REMOVE, 0).array();
    }

    /** The link a cell holds; empty for a removal. */
    static Optional<LinkRecord> link(String code, byte[] cell) {
        if (cell.length < HEADER_BYTES) {
            throw new IllegalArgumentException("corrupt archive cell of code " + code + ": " + cell.length + " bytes");
        }
        if (cell[HEADER_BYTES - 1] == REMOVE) {
            return Optional.empty();
        }
        String payload = new String(cell, HEADER_BYTES, cell.length - HEADER_BYTES, StandardCharsets.UTF_8);
        return Optional.of(LinkRecordCodec.decode(code, payload));
    }

    private static ByteBuffer header(long createdAtMillis, long version, byte kind, int payloadBytes) {
        return ByteBuffer.allocate(HEADER_BYTES + payloadBytes)
                .putLong(createdAtMillis ^ Long.MIN_VALUE)
                .putLong(version ^ Long.MIN_VALUE)
                .put(kind);
    }
}
