package dev.shortcode.hbase;

import dev.shortcode.core.store.RowModerationStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Moderation rows in the {@code moderation} table, one cell each; compare-and-set with HBase's
 * {@code checkAndMutate}. Every call is bounded by the operation timeout and fails with an
 * {@link HBaseArchiveException}. Created by {@link HBaseStorage}, which owns the connection.
 */
final class HBaseModerationStore extends RowModerationStore {

    static final byte[] FAMILY = {'m'};
    static final byte[] VALUE = {'v'};
    /** Racing updates of one row settle within a few; reports arrive at human rates. */
    private static final int MAX_UPDATE_ATTEMPTS = 20;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final String tableName;
    private final Duration deadline;

    HBaseModerationStore(AsyncConnection connection, TableName table, HBaseArchiveOptions config) {
        this.table = BoundedTables.open(connection, table, config);
        this.tableName = table.getNameAsString();
        this.deadline = BoundedTables.deadline(config);
    }

    @Override
    protected CompletionStage<Optional<String>> get(String row) {
        return Futures.bounded(table.get(new Get(bytes(row)).addColumn(FAMILY, VALUE)), deadline, "read of " + row + " in " + tableName)
                .thenApply(result -> Optional.ofNullable(result.getValue(FAMILY, VALUE)).map(HBaseModerationStore::text));
    }

    @Override
    protected CompletionStage<List<String>> scan(String prefix) {
        return Futures.bounded(table.scanAll(new Scan().setRowPrefixFilter(bytes(prefix)).addColumn(FAMILY, VALUE)), deadline,
                "scan of " + tableName).thenApply(rows -> rows.stream().map(r -> text(r.getValue(FAMILY, VALUE))).toList());
    }

    @Override
    protected CompletionStage<Boolean> putIfAbsent(String row, String value) {
        return compareAndSet(row, null, value);
    }

    /**
     * A compare-and-set loop: racing changes of one row (reports of one code) each retry on the
     * value that won, up to {@link #MAX_UPDATE_ATTEMPTS} times with a short random pause.
     */
    @Override
    protected CompletionStage<String> update(String row, Function<Optional<String>, String> change) {
        return update(row, change, 1);
    }

    private CompletionStage<String> update(String row, Function<Optional<String>, String> change, int attempt) {
        return get(row).thenCompose(current -> {
            String next = change.apply(current);
            return compareAndSet(row, current.orElse(null), next).thenCompose(done -> {
                if (done) {
                    return CompletableFuture.completedFuture(next);
                }
                if (attempt >= MAX_UPDATE_ATTEMPTS) {
                    return CompletableFuture.failedFuture(new HBaseArchiveException("update of " + row + " in " + tableName
                            + ": changed under each of " + MAX_UPDATE_ATTEMPTS + " attempts", new java.io.IOException("concurrent changes")));
                }
                long pauseMillis = ThreadLocalRandom.current().nextLong(1, 5L * attempt);
                return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(pauseMillis, TimeUnit.MILLISECONDS))
                        .thenCompose(v -> update(row, change, attempt + 1));
            });
        });
    }

    private CompletionStage<Boolean> compareAndSet(String row, String expected, String value) {
        Put put = new Put(bytes(row)).addColumn(FAMILY, VALUE, bytes(value));
        CheckAndMutate.Builder check = CheckAndMutate.newBuilder(put.getRow());
        CheckAndMutate cas = expected == null ? check.ifNotExists(FAMILY, VALUE).build(put)
                : check.ifMatches(FAMILY, VALUE, CompareOperator.EQUAL, bytes(expected)).build(put);
        return Futures.bounded(table.checkAndMutate(cas), deadline, "write of " + row + " in " + tableName)
                .thenApply(result -> result.isSuccess());
    }

    @Override
    protected CompletionStage<Void> put(String row, String value) {
        return Futures.bounded(table.put(new Put(bytes(row)).addColumn(FAMILY, VALUE, bytes(value))), deadline,
                "write of " + row + " in " + tableName);
    }

    @Override
    protected CompletionStage<Boolean> delete(String row) {
        String what = "delete of " + row + " in " + tableName;
        return get(row).thenCompose(current -> current.isEmpty() ? CompletableFuture.completedFuture(false)
                : Futures.bounded(table.delete(new Delete(bytes(row))), deadline, what).thenApply(v -> true));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] value) {
        return new String(value, StandardCharsets.UTF_8);
    }
}
