package dev.shortcode.hbase;

import dev.shortcode.core.store.ClickArchive;
import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickFields;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Click counts in the {@code clicks} table, as the Redis click store rolls them up.
 *
 * <p>Rows: {@code salt(subject) utf8(subject) 0x00 kind date}, kind {@code d} for a day
 * ({@code yyyyMMdd}) and {@code m} for a month ({@code yyyyMM}): one subject's days, and its
 * months, are each one contiguous, ordered key range, and the salt (the links table's, see
 * {@link LinkRowKey}) spreads subjects over the pre-split regions. A day's counts are the
 * qualifiers of family {@code d} (one 8-byte long per {@link ClickFields} name), its hourly counts
 * those of family {@code h}; a month's are those of family {@code m}. Every cell's timestamp is
 * its bucket's start, so a rewrite replaces the cell and the families' times to live
 * ({@link ArchiveSchema}) keep the retention. Writes are Puts of absolute values, hence
 * idempotent. Thread-safe; stages complete on HBase client threads.
 */
final class HBaseClickArchive implements ClickArchive {

    static final byte[] DAYS = {'d'};
    static final byte[] HOURS = {'h'};
    static final byte[] MONTHS = {'m'};
    private static final byte DAY_ROW = 'd';
    private static final byte MONTH_ROW = 'm';
    private static final DateTimeFormatter DAY_TEXT = DateTimeFormatter.BASIC_ISO_DATE;
    private static final DateTimeFormatter MONTH_TEXT = DateTimeFormatter.ofPattern("yyyyMM");

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final String name;
    private final Duration deadline;

    HBaseClickArchive(AsyncConnection connection, ArchiveSchema schema, HBaseArchiveOptions config) {
        this.table = BoundedTables.open(connection, schema.clicks(), config);
        this.name = schema.clicks().getNameAsString();
        this.deadline = BoundedTables.deadline(config);
    }

    @Override
    public CompletionStage<Void> putDays(List<ClickRow> days) {
        List<Put> puts = new ArrayList<>(days.size());
        for (ClickRow row : days) {
            LocalDate day = row.bucket().start();
            long ts = day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            Put put = new Put(row(row.subject(), DAY_ROW, DAY_TEXT.format(day)));
            row.bucket().counts().forEach((field, count) -> put.addColumn(ClickFields.isHourly(field) ? HOURS : DAYS,
                    Bytes.toBytes(field), ts, Bytes.toBytes(count)));
            if (!put.isEmpty()) {
                puts.add(put);
            }
        }
        return write(puts, "day rows");
    }

    @Override
    public CompletionStage<Void> putMonths(List<ClickRow> months) {
        List<Put> puts = new ArrayList<>(months.size());
        for (ClickRow row : months) {
            LocalDate first = row.bucket().start();
            long ts = first.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            Put put = new Put(row(row.subject(), MONTH_ROW, MONTH_TEXT.format(first)));
            row.bucket().counts().forEach((field, count) -> {
                if (!ClickFields.isHourly(field)) {
                    put.addColumn(MONTHS, Bytes.toBytes(field), ts, Bytes.toBytes(count));
                }
            });
            if (!put.isEmpty()) {
                puts.add(put);
            }
        }
        return write(puts, "month rows");
    }

    private CompletionStage<Void> write(List<Put> puts, String what) {
        if (puts.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return Futures.bounded(table.putAll(puts), deadline, "write of " + puts.size() + " click " + what + " to " + name);
    }

    @Override
    public CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to) {
        Scan scan = new Scan().withStartRow(row(subject, DAY_ROW, DAY_TEXT.format(from)))
                .withStopRow(row(subject, DAY_ROW, DAY_TEXT.format(to)), true).addFamily(DAYS).addFamily(HOURS);
        return Futures.bounded(table.scanAll(scan), deadline, "click days of " + subject + " from " + name).thenApply(rows -> {
            List<ClickBucket> buckets = new ArrayList<>(rows.size());
            for (Result result : rows) {
                Map<String, Long> counts = new HashMap<>();
                read(result, DAYS, counts);
                read(result, HOURS, counts);
                if (!counts.isEmpty()) {
                    buckets.add(new ClickBucket(LocalDate.parse(date(result.getRow()), DAY_TEXT), counts));
                }
            }
            return buckets;
        });
    }

    @Override
    public CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to) {
        Scan scan = new Scan().withStartRow(row(subject, MONTH_ROW, MONTH_TEXT.format(from)))
                .withStopRow(row(subject, MONTH_ROW, MONTH_TEXT.format(to)), true).addFamily(MONTHS);
        return Futures.bounded(table.scanAll(scan), deadline, "click months of " + subject + " from " + name).thenApply(rows -> {
            List<ClickBucket> buckets = new ArrayList<>(rows.size());
            for (Result result : rows) {
                Map<String, Long> counts = new HashMap<>();
                read(result, MONTHS, counts);
                if (!counts.isEmpty()) {
                    buckets.add(new ClickBucket(YearMonth.parse(date(result.getRow()), MONTH_TEXT).atDay(1), counts));
                }
            }
            return buckets;
        });
    }

    @Override
    public CompletionStage<Void> delete(String subject) {
        byte[] prefix = prefix(subject);
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix).setFilter(new KeyOnlyFilter());
        return Futures.bounded(table.scanAll(scan), deadline, "click rows of " + subject + " in " + name).thenCompose(rows -> {
            List<Delete> deletes = new ArrayList<>(rows.size());
            for (Result result : rows) {
                deletes.add(new Delete(result.getRow()));
            }
            return deletes.isEmpty() ? CompletableFuture.completedFuture(null)
                    : Futures.bounded(table.deleteAll(deletes), deadline, "delete of " + deletes.size() + " click rows of " + subject);
        });
    }

    private static void read(Result result, byte[] family, Map<String, Long> into) {
        NavigableMap<byte[], byte[]> cells = result.getFamilyMap(family);
        if (cells != null) {
            cells.forEach((qualifier, value) -> into.put(Bytes.toString(qualifier), Bytes.toLong(value)));
        }
    }

    /** {@code salt utf8(subject) 0x00}: the subject's rows and no other's, since no subject holds a zero byte. */
    static byte[] prefix(String subject) {
        byte[] key = LinkRowKey.of(subject);
        return Arrays.copyOf(key, key.length + 1);
    }

    static byte[] row(String subject, byte kind, String date) {
        byte[] prefix = prefix(subject);
        byte[] dateBytes = date.getBytes(StandardCharsets.US_ASCII);
        byte[] row = Arrays.copyOf(prefix, prefix.length + 1 + dateBytes.length);
        row[prefix.length] = kind;
        System.arraycopy(dateBytes, 0, row, prefix.length + 1, dateBytes.length);
        return row;
    }

    private static String date(byte[] row) {
        int zero = row.length - 1;
        while (row[zero] != 0) {
            zero--;
        }
        return new String(row, zero + 2, row.length - zero - 2, StandardCharsets.US_ASCII);
    }
}
