package dev.shortcode.hbase;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * Durable watermarks shared by every node, one row per code length in the watermarks table.
 *
 * <h2>Layout</h2>
 * Row {@code "05"} (the code length, two ASCII digits), cell {@code w:m}, value 16 bytes: the
 * epoch and the high id as two big-endian 8-byte longs. Both are never negative, so comparing the
 * values byte by byte, unsigned, orders them exactly like {@link Watermark#compareTo}: first by
 * epoch, then by id.
 *
 * <h2>A mark only moves up</h2>
 * That byte order lets HBase do the comparison inside the region server, atomically with the
 * write: {@code checkAndMutate(row, w:m, GREATER, new).thenPut(new)} stores the new mark only if
 * it is greater than the stored one. Many nodes may advance at once in any order; each write is
 * one atomic compare-and-set, so the stored mark ends at the maximum and never goes down, with no
 * read-modify-write loop. Only the first mark of a length takes a different path: a conditional
 * put {@code ifNotExists}; losing that race just means another node created the row, and the
 * greater-than write follows.
 *
 * <p>The store remembers the highest mark it has seen durable per length and skips the round trip
 * for a mark not above it (another node may have raised the stored one further; a lower mark
 * would be a no-op anyway). Methods block for at most the operation timeout and throw
 * {@link HBaseArchiveException} (a {@link dev.shortcode.core.store.StorageUnavailableException}) when HBase does not
 * confirm. Thread-safe.
 */
public final class HBaseWatermarkStore implements WatermarkStore {

    static final byte[] FAMILY = {'w'};
    static final byte[] MARK = {'m'};
    /** A CAS that fails on a missing row means the row vanished since we saw it; try again at most this often. */
    private static final int MAX_ATTEMPTS = 3;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final String tableName;
    private final Duration deadline;
    /** Highest mark known durable per length; a hint, never above the stored mark. */
    private final Map<Integer, Watermark> known = new ConcurrentHashMap<>();
    private final HBaseReservedCodes reserved;

    HBaseWatermarkStore(AsyncConnection connection, TableName table, HBaseArchiveOptions config) {
        this.table = BoundedTables.open(connection, table, config);
        this.tableName = table.getNameAsString();
        this.deadline = BoundedTables.deadline(config);
        this.reserved = new HBaseReservedCodes(this.table, table, deadline);
    }

    @Override
    public dev.shortcode.core.lease.ReservedCodes reservedCodes() {
        return reserved;
    }

    @Override
    public Optional<Watermark> read(int codeLength) {
        Result result = Futures.await(table.get(new Get(row(codeLength)).addColumn(FAMILY, MARK)), deadline,
                "read of watermark " + codeLength + " from " + tableName);
        byte[] value = result.getValue(FAMILY, MARK);
        if (value == null) {
            return Optional.empty();
        }
        Watermark mark = decode(value);
        known.merge(codeLength, mark, Watermark::max);
        return Optional.of(mark);
    }

    /** Whether the watermark table answers a read now (of any row), within the operation timeout; false rather than a failure. */
    CompletableFuture<Boolean> answers() {
        return Futures.bounded(table.exists(new Get(row(1)).addColumn(FAMILY, MARK)), deadline, "probe of " + tableName)
                .handle((exists, failure) -> failure == null);
    }

    @Override
    public void advance(int codeLength, Watermark mark) {
        Watermark seen = known.get(codeLength);
        if (seen != null && seen.compareTo(mark) >= 0) {
            return;
        }
        byte[] row = row(codeLength);
        byte[] value = encode(mark);
        Put put = new Put(row).addColumn(FAMILY, MARK, value);
        String what = "advance of watermark " + codeLength + " to " + mark.epoch() + "/" + mark.highId() + " in " + tableName;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (seen == null) {
                if (cas(CheckAndMutate.newBuilder(row).ifNotExists(FAMILY, MARK).build(put), what)) {
                    known.merge(codeLength, mark, Watermark::max);
                    return;
                }
            }
            // "provided GREATER than stored": HBase compares the given value against the cell.
            if (cas(CheckAndMutate.newBuilder(row).ifMatches(FAMILY, MARK, CompareOperator.GREATER, value).build(put), what)) {
                known.merge(codeLength, mark, Watermark::max);
                return;
            }
            // Not greater: either the stored mark is at least as high (done), or the row is gone.
            Optional<Watermark> stored = read(codeLength);
            if (stored.isPresent()) {
                return;
            }
            known.remove(codeLength);
            seen = null;
        }
        throw new HBaseArchiveException(what + ": the row kept disappearing", new java.io.IOException("row deleted concurrently"));
    }

    private boolean cas(CheckAndMutate checkAndMutate, String what) {
        return Futures.await(table.checkAndMutate(checkAndMutate), deadline, what).isSuccess();
    }

    static byte[] row(int codeLength) {
        if (codeLength < 1 || codeLength > 99) {
            throw new IllegalArgumentException("code length outside 1..99: " + codeLength);
        }
        return String.format("%02d", codeLength).getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] encode(Watermark mark) {
        return ByteBuffer.allocate(16).putLong(mark.epoch()).putLong(mark.highId()).array();
    }

    static Watermark decode(byte[] value) {
        if (value.length != 16) {
            throw new IllegalStateException("corrupt watermark cell: " + value.length + " bytes, expected 16");
        }
        ByteBuffer buffer = ByteBuffer.wrap(value);
        return new Watermark(buffer.getLong(), buffer.getLong());
    }
}
