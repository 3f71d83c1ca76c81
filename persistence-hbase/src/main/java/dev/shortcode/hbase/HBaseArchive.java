package dev.shortcode.hbase;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The archive in HBase: every link version and removal, and the daily issue counts.
 *
 * <h2>Writes</h2>
 * A batch of at least {@code write.batch-size} mutations is sent at once, all of it, in chunks of
 * at most that size (one multi-RPC per region server each). Smaller ones go into one
 * {@link AsyncBufferedMutator} shared by all callers, which sends when it holds
 * {@code write.batch-size} mutations, or {@code write.flush-interval} after the first one arrived,
 * so many archivers writing small batches at once share RPCs. A large batch gains nothing from the
 * buffer, its last partial chunk included, and would pay for it: the buffer gives every mutation a
 * second future, completed by a listener on the client's own (docs/BENCHMARKS.md measures both).
 * {@link #write} completes when every mutation of its batch is
 * acknowledged by HBase (in the WAL of its region server), and fails with an
 * {@link HBaseArchiveException} when HBase did not take them within the operation timeout; the
 * caller (the outbox archiver) then keeps its entries and retries later. The buffer never holds
 * more than one batch; what is in flight is bounded by the callers, each of which waits for its
 * write before it reads more.
 *
 * <h2>Idempotence</h2>
 * Cell timestamps derive from the mutation (see {@link LinkCells}): replaying any part of any
 * batch, in any order, leaves the same newest cell per code. Order within a batch is therefore
 * irrelevant, and a batch that failed half-way is simply written again.
 *
 * <h2>The link index</h2>
 * Each link's index rows ({@link IndexCells}, family {@code i} of the same table) go with its cell:
 * a batch of creates is one batch of Puts, link and index rows together, nothing read. A batch
 * that updates or removes links first reads those links' current cells (one multi-get), sends the
 * Deletes of the index rows they lose, then the Puts. Updates and removals are rare next to creates.
 *
 * <h2>Counts</h2>
 * {@link #addIssued} is an HBase Increment; the client sends a nonce with it, so its own retries
 * after a lost answer are not counted twice. A caller that retries a failed {@code addIssued}
 * itself may count twice: the counts are for capacity planning, not for billing.
 *
 * <p>Thread-safe. Returned stages complete on HBase client threads: callers must not block in
 * their callbacks. Created by {@link HBaseStorage}, which owns the connection.
 */
public final class HBaseArchive implements Archive {

    private final AsyncTable<AdvancedScanResultConsumer> links;
    private final AsyncTable<AdvancedScanResultConsumer> counts;
    private final AsyncBufferedMutator mutator;
    private final IndexCells index;
    /** Mutations per write RPC batch ({@code write.batch-size}). */
    private final int batchSize;
    private final String linksName;
    private final String countsName;
    /** Deadline of one operation as the caller sees it: HBase's own timeout plus a flush interval and slack. */
    private final Duration deadline;
    private final AtomicBoolean closed = new AtomicBoolean();

    HBaseArchive(AsyncConnection connection, ArchiveSchema schema, HBaseArchiveOptions config) {
        long operationMs = config.operationTimeout().toMillis();
        long rpcMs = config.rpcTimeout().toMillis();
        this.links = connection.getTableBuilder(schema.links())
                .setOperationTimeout(operationMs, TimeUnit.MILLISECONDS)
                .setRpcTimeout(rpcMs, TimeUnit.MILLISECONDS)
                .build();
        this.counts = connection.getTableBuilder(schema.counts())
                .setOperationTimeout(operationMs, TimeUnit.MILLISECONDS)
                .setRpcTimeout(rpcMs, TimeUnit.MILLISECONDS)
                .build();
        this.mutator = connection.getBufferedMutatorBuilder(schema.links())
                .setMaxMutations(config.writeBatchSize())
                .setWriteBufferPeriodicFlush(config.flushInterval().toNanos(), TimeUnit.NANOSECONDS)
                .setOperationTimeout(operationMs, TimeUnit.MILLISECONDS)
                .setRpcTimeout(rpcMs, TimeUnit.MILLISECONDS)
                .build();
        this.batchSize = config.writeBatchSize();
        this.index = new IndexCells(new IndexRowKey(config.indexBuckets()));
        this.linksName = schema.links().getNameAsString();
        this.countsName = schema.counts().getNameAsString();
        this.deadline = config.operationTimeout().plus(config.flushInterval()).plusSeconds(1);
    }

    /**
     * {@inheritDoc}
     *
     * <p>A mutation that cannot be stored (a field with a tab, a timestamp out of range) fails the
     * whole batch with an {@link IllegalArgumentException} before any of it is sent.
     */
    @Override
    public CompletionStage<Void> write(List<ArchiveMutation> batch) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new IllegalStateException("archive closed"));
        }
        if (batch.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<Put> puts = new ArrayList<>(batch.size() * 3);
        Set<String> toRead;
        try {
            for (ArchiveMutation mutation : batch) {
                puts.add(LinkCells.toPut(mutation));
            }
            toRead = IndexCells.needsCurrent(batch);
            if (toRead.isEmpty()) {
                // creates only: the index rows go in the same batch of Puts, nothing is read
                puts.addAll(index.changes(batch, Map.of()).puts());
            }
        } catch (RuntimeException e) {
            // Checked before anything is buffered: a batch is never half-sent because of a bad entry.
            return CompletableFuture.failedFuture(e);
        }
        if (toRead.isEmpty()) {
            return send(puts, batch.size());
        }
        return current(toRead).thenCompose(current -> {
            IndexCells.Changes changes = index.changes(batch, current);
            puts.addAll(changes.puts());
            // the old rows go before the new cell: a retry of a half-done write still reads the old version
            return sendDeletes(changes.deletes()).thenCompose(ignored -> send(puts, batch.size()));
        });
    }

    /** The archived links of {@code codes} as they are now; removed and unknown ones absent. */
    private CompletableFuture<Map<String, LinkRecord>> current(Set<String> codes) {
        List<String> ordered = new ArrayList<>(codes);
        List<Get> gets = new ArrayList<>(ordered.size());
        for (String code : ordered) {
            gets.add(new Get(LinkRowKey.of(code)).addColumn(LinkCells.FAMILY, LinkCells.RECORD));
        }
        return Futures.bounded(links.getAll(gets), deadline, "archive read of " + gets.size() + " links before their update from " + linksName)
                .thenApply(results -> {
                    Map<String, LinkRecord> current = new HashMap<>();
                    for (int i = 0; i < ordered.size(); i++) {
                        String code = ordered.get(i);
                        LinkCells.read(code, results.get(i)).ifPresent(link -> current.put(code, link));
                    }
                    return current;
                });
    }

    private CompletableFuture<Void> sendDeletes(List<Delete> deletes) {
        if (deletes.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<CompletableFuture<?>> acks = new ArrayList<>();
        for (int from = 0; from < deletes.size(); from += batchSize) {
            acks.add(links.batchAll(deletes.subList(from, Math.min(deletes.size(), from + batchSize))));
        }
        return Futures.bounded(CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)), deadline,
                "archive delete of " + deletes.size() + " index rows from " + linksName);
    }

    private CompletableFuture<Void> send(List<Put> puts, int mutations) {
        List<CompletableFuture<?>> acks = new ArrayList<>();
        if (puts.size() < batchSize) {
            acks.addAll(mutator.mutate(puts));
        } else {
            for (int from = 0; from < puts.size(); from += batchSize) {
                acks.add(links.putAll(puts.subList(from, Math.min(puts.size(), from + batchSize))));
            }
        }
        return Futures.bounded(CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)), deadline,
                "archive write of " + mutations + " mutations to " + linksName + " (" + puts.size() + " rows with the index's)");
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        Get get = new Get(LinkRowKey.of(code)).addColumn(LinkCells.FAMILY, LinkCells.RECORD);
        return Futures.bounded(links.get(get), deadline, "archive read of " + code + " from " + linksName)
                .thenApply(result -> LinkCells.read(code, result));
    }

    @Override
    public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (count == 0) {
            return CompletableFuture.completedFuture(null);
        }
        Increment increment = new Increment(DayCountRows.of(pool, day)).addColumn(DayCountRows.FAMILY, DayCountRows.COUNT, count);
        increment.setReturnResults(false);
        return Futures.bounded(counts.increment(increment), deadline, "count of " + pool + " on " + day + " in " + countsName)
                .thenApply(ignored -> null);
    }

    @Override
    public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
        if (from.isAfter(to)) {
            return CompletableFuture.completedFuture(Collections.emptyMap());
        }
        Scan scan = new Scan()
                .withStartRow(DayCountRows.of(pool, from))
                .withStopRow(DayCountRows.of(pool, to), true)
                .addColumn(DayCountRows.FAMILY, DayCountRows.COUNT);
        return Futures.bounded(counts.scanAll(scan), deadline, "counts of " + pool + " " + from + ".." + to + " from " + countsName)
                .thenApply(HBaseArchive::toDayMap);
    }

    private static Map<LocalDate, Long> toDayMap(List<Result> rows) {
        Map<LocalDate, Long> byDay = new TreeMap<>();
        for (Result row : rows) {
            byte[] value = row.getValue(DayCountRows.FAMILY, DayCountRows.COUNT);
            if (value != null) {
                byDay.put(DayCountRows.day(row.getRow()), Bytes.toLong(value));
            }
        }
        return Collections.unmodifiableMap(byDay);
    }

    /** Sends what the write buffer holds and stops accepting writes; the connection stays open. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            mutator.close();
        }
    }
}
