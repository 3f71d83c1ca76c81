package dev.shortcode.hbase;

import dev.shortcode.core.lease.ReservedCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Reserved codes as rows of the watermarks table, beside their pool's mark: row
 * {@code "05:promo"} (the mark's row, a colon, the code), cell {@code w:r}, empty. A pool's codes
 * are one prefix scan; the cells' own timestamps let a reader ask only for what was added since
 * it last looked ({@link #addedSince}), filtered by the region server.
 */
final class HBaseReservedCodes implements ReservedCodes {

    private static final byte[] CODE = {'r'};
    private static final byte SEPARATOR = ':';

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final String tableName;
    private final Duration deadline;

    HBaseReservedCodes(AsyncTable<AdvancedScanResultConsumer> table, TableName name, Duration deadline) {
        this.table = table;
        this.tableName = name.getNameAsString();
        this.deadline = deadline;
    }

    @Override
    public void add(int codeLength, String code) {
        Put put = new Put(row(codeLength, code)).addColumn(HBaseWatermarkStore.FAMILY, CODE, new byte[0]);
        Futures.await(table.put(put), deadline, "reservation of code " + code + " in " + tableName);
    }

    @Override
    public List<String> all(int codeLength) {
        return scan(codeLength, new Scan(), "reserved codes of length " + codeLength);
    }

    @Override
    public List<String> addedSince(int codeLength, long sinceMillis) {
        Scan scan = new Scan();
        try {
            scan.setTimeRange(Math.max(0, sinceMillis), Long.MAX_VALUE);
        } catch (IOException e) {
            throw new IllegalArgumentException("time range from " + sinceMillis, e);
        }
        return scan(codeLength, scan, "reserved codes of length " + codeLength + " since " + sinceMillis);
    }

    private List<String> scan(int codeLength, Scan scan, String what) {
        byte[] prefix = row(codeLength, "");
        scan.setStartStopRowForPrefixScan(prefix).addColumn(HBaseWatermarkStore.FAMILY, CODE);
        List<Result> rows = Futures.await(table.scanAll(scan), deadline, what + " from " + tableName);
        List<String> codes = new ArrayList<>(rows.size());
        for (Result r : rows) {
            byte[] row = r.getRow();
            codes.add(new String(row, prefix.length, row.length - prefix.length, StandardCharsets.US_ASCII));
        }
        return codes;
    }

    static byte[] row(int codeLength, String code) {
        byte[] mark = HBaseWatermarkStore.row(codeLength);
        byte[] c = code.getBytes(StandardCharsets.US_ASCII);
        byte[] row = new byte[mark.length + 1 + c.length];
        System.arraycopy(mark, 0, row, 0, mark.length);
        row[mark.length] = SEPARATOR;
        System.arraycopy(c, 0, row, mark.length + 1, c.length);
        return row;
    }
}
