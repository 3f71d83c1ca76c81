package dev.shortcode.hbase;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * The cells of one link: family {@code l}, qualifier {@code r}, one cell per version, the value
 * {@link LinkRecordCodec#encode} (UTF-8) or empty for a removal (a tombstone).
 *
 * <h2>Timestamps make replays idempotent</h2>
 * The cell timestamp is not the write time but a function of the mutation itself:
 * <pre>
 * Put    of version v: createdAtMillis + 2(v - 1)
 * Remove at version v: createdAtMillis + 2(v - 1) + 1
 * </pre>
 * HBase keeps cells ordered by timestamp whatever order they arrive in, and a Get returns the
 * newest. So applying a mutation twice writes the same cell twice (same row, column, timestamp and
 * value: no change); an older Put replayed after a newer one sorts below it; and a Remove at
 * version v hides every Put up to and including version v, even one replayed later. A later
 * creation of the same code (after its pool wrapped and the old link expired) has a later
 * {@code createdAtMillis}, days beyond any version of the old link, and so replaces it.
 *
 * <p>Why a tombstone cell and not an HBase Delete: a delete marker is purged at the next major
 * compaction, after which a late replay of an old Put would bring the link back. The tombstone is
 * an ordinary cell and stays; a removed code costs one small cell for good.
 */
final class LinkCells {

    static final byte[] FAMILY = {'l'};
    static final byte[] RECORD = {'r'};
    private static final byte[] TOMBSTONE = new byte[0];

    private LinkCells() {}

    static long putTimestamp(long createdAtMillis, long version) {
        return Math.addExact(createdAtMillis, Math.multiplyExact(2, version - 1));
    }

    static long removeTimestamp(long createdAtMillis, long version) {
        return Math.addExact(putTimestamp(createdAtMillis, version), 1);
    }

    static Put toPut(ArchiveMutation mutation) {
        if (mutation instanceof ArchiveMutation.Put put) {
            // the record as the outbox carried it: not decoded and encoded again
            return new Put(LinkRowKey.of(put.code()), true).addColumn(FAMILY, RECORD,
                    putTimestamp(put.createdAtMillis(), put.version()), put.record().getBytes(StandardCharsets.UTF_8));
        }
        ArchiveMutation.Remove remove = (ArchiveMutation.Remove) mutation;
        if (remove.version() < 1) {
            throw new IllegalArgumentException("version of removal of " + remove.code() + " must be positive: " + remove.version());
        }
        return new Put(LinkRowKey.of(remove.code()), true).addColumn(FAMILY, RECORD,
                removeTimestamp(remove.createdAtMillis(), remove.version()), TOMBSTONE);
    }

    /** The newest version in {@code result}, empty when there is none or it is a tombstone. */
    static Optional<LinkRecord> read(String code, Result result) {
        Cell cell = result.getColumnLatestCell(FAMILY, RECORD);
        if (cell == null || cell.getValueLength() == 0) {
            return Optional.empty();
        }
        return Optional.of(LinkRecordCodec.decode(code, new String(CellUtil.cloneValue(cell), StandardCharsets.UTF_8)));
    }
}
