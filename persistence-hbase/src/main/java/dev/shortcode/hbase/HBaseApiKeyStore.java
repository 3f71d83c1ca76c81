package dev.shortcode.hbase;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;

/**
 * API keys in the keys table: their durable home, shared by every node, surviving a Redis that
 * restarts without persistence.
 *
 * <h2>Layout</h2>
 * Row = the key's secret hash (64 lowercase hex characters, ASCII), one cell {@code k:v} =
 * {@link ApiKey#encode()} as UTF-8. The hash is the row because the hot path, authenticating a
 * request the caller's cache has not seen, knows only the hash: it is then one Get, and the
 * table's row Bloom filter answers an unknown key without reading a store file. Listing and
 * lookups by id scan the whole table, which holds a handful of rows and is read that way only by
 * rare admin operations.
 *
 * <h2>Uniqueness</h2>
 * A hash is unique by construction: {@link #create} is one conditional put {@code ifNotExists},
 * atomic in the region server, so of any number of concurrent creates of one hash exactly one
 * succeeds. An id has no row of its own, so its uniqueness is only checked: {@code create} first
 * scans for the id and answers false if it is taken. Two creates of the same id with different
 * hashes running at the same moment could both pass that check; HBase has no transaction across
 * two rows to close the gap, and it does not arise in practice: ids are 12 random base62
 * characters (62^12 values) or derived from the hash, so a second key with an existing id but
 * another hash is not generated. Should it happen anyway, {@link #revoke} revokes every key with
 * the id, so revoking an id never leaves a key of that id usable.
 *
 * <h2>Revocation and updates</h2>
 * A compare-and-set on the whole cell: the revoked or updated copy is written only if the cell
 * still holds the value it was derived from. A CAS that fails means the cell changed since it was
 * read (a concurrent revoke, a limit change, a node recording the key's last use); the cell is
 * read again and the change derived again from what it holds now, a few times at most.
 *
 * <p>Every method is asynchronous and never blocks the caller; stages complete on HBase client
 * threads (callers must not block in their callbacks). A failure of HBase, including no answer
 * within the operation timeout, fails the stage with an {@link HBaseArchiveException} naming the
 * operation and the table. Thread-safe. Created by {@link HBaseStorage}, which owns the connection.
 */
public final class HBaseApiKeyStore implements ApiKeyStore {

    static final byte[] FAMILY = {'k'};
    static final byte[] VALUE = {'v'};
    /** Only revokes, updates and nodes recording a use change a cell; each lost race is won by another, so as many tries as racing writers settle it. */
    private static final int MAX_CAS_ATTEMPTS = 16;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final String tableName;
    /** HBase's own timeout plus slack: a second guard so that no stage stays open for ever. */
    private final Duration deadline;

    HBaseApiKeyStore(AsyncConnection connection, TableName table, HBaseArchiveOptions config) {
        this.table = BoundedTables.open(connection, table, config);
        this.tableName = table.getNameAsString();
        this.deadline = BoundedTables.deadline(config);
    }

    @Override
    public CompletionStage<Boolean> create(ApiKey key) {
        Put put;
        try {
            put = new Put(row(key.secretHash())).addColumn(FAMILY, VALUE, bytes(key.encode()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        CheckAndMutate ifNew = CheckAndMutate.newBuilder(put.getRow()).ifNotExists(FAMILY, VALUE).build(put);
        String what = "create of API key " + key.id() + " in " + tableName;
        return withId(key.id(), what).thenCompose(sameId -> sameId.isEmpty()
                ? Futures.bounded(table.checkAndMutate(ifNew), deadline, what).thenApply(result -> result.isSuccess())
                : CompletableFuture.completedFuture(false));
    }

    @Override
    public CompletionStage<Optional<ApiKey>> findByHash(String secretHash) {
        if (secretHash.isEmpty()) {
            // No row has an empty key (HBase refuses one), so no key has this hash.
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Get get = new Get(row(secretHash)).addColumn(FAMILY, VALUE);
        return Futures.bounded(table.get(get), deadline, "lookup of an API key by hash in " + tableName)
                .thenApply(result -> Optional.ofNullable(result.getValue(FAMILY, VALUE)).map(HBaseApiKeyStore::decode));
    }

    /** Every key, revoked ones included, in id order. */
    @Override
    public CompletionStage<List<ApiKey>> list() {
        return Futures.bounded(table.scanAll(new Scan().addColumn(FAMILY, VALUE)), deadline, "listing of API keys in " + tableName)
                .thenApply(rows -> rows.stream()
                        .map(r -> decode(r.getValue(FAMILY, VALUE)))
                        .sorted(Comparator.comparing(ApiKey::id))
                        .toList());
    }

    /** {@inheritDoc} If several keys carry the id (see the class note), revokes them all; true if any was revoked now. */
    @Override
    public CompletionStage<Boolean> revoke(String id) {
        String what = "revoke of API key " + id + " in " + tableName;
        return withId(id, what).thenCompose(rows -> {
            List<CompletableFuture<Boolean>> revokes = new ArrayList<>(rows.size());
            for (Result row : rows) {
                revokes.add(revoke(row.getRow(), row.getValue(FAMILY, VALUE), 1, what));
            }
            return CompletableFuture.allOf(revokes.toArray(CompletableFuture[]::new))
                    .thenApply(ignored -> revokes.stream().anyMatch(CompletableFuture::join));
        });
    }

    /** Revokes the key in {@code row}, whose cell was last seen holding {@code seen}. */
    private CompletableFuture<Boolean> revoke(byte[] row, byte[] seen, int attempt, String what) {
        if (seen == null || decode(seen).revoked()) {
            // Gone, or revoked by someone else (perhaps a concurrent revoke that won the CAS).
            return CompletableFuture.completedFuture(false);
        }
        if (attempt > MAX_CAS_ATTEMPTS) {
            return CompletableFuture.failedFuture(new HBaseArchiveException(
                    what + ": the key changed under each of " + MAX_CAS_ATTEMPTS + " attempts", new IOException("concurrent changes")));
        }
        Put put = new Put(row).addColumn(FAMILY, VALUE, bytes(decode(seen).revokedCopy().encode()));
        CheckAndMutate ifUnchanged = CheckAndMutate.newBuilder(row).ifMatches(FAMILY, VALUE, CompareOperator.EQUAL, seen).build(put);
        return Futures.bounded(table.checkAndMutate(ifUnchanged), deadline, what).thenCompose(result -> result.isSuccess()
                ? CompletableFuture.completedFuture(true)
                : Futures.bounded(table.get(new Get(row).addColumn(FAMILY, VALUE)), deadline, what)
                        .thenCompose(now -> revoke(row, now.getValue(FAMILY, VALUE), attempt + 1, what)));
    }

    /** {@inheritDoc} If several keys carry the id (see the class note), updates them all and answers the first. */
    @Override
    public CompletionStage<Optional<ApiKey>> update(String id, UnaryOperator<ApiKey> change) {
        String what = "update of API key " + id + " in " + tableName;
        return withId(id, what).thenCompose(rows -> {
            List<CompletableFuture<ApiKey>> updates = new ArrayList<>(rows.size());
            for (Result row : rows) {
                updates.add(update(row.getRow(), row.getValue(FAMILY, VALUE), change, 1, what));
            }
            return CompletableFuture.allOf(updates.toArray(CompletableFuture[]::new))
                    .thenApply(ignored -> updates.stream().map(CompletableFuture::join).filter(k -> k != null).findFirst());
        });
    }

    /** Updates the key in {@code row}, whose cell was last seen holding {@code seen}; null when the cell is gone. */
    private CompletableFuture<ApiKey> update(byte[] row, byte[] seen, UnaryOperator<ApiKey> change, int attempt, String what) {
        if (seen == null) {
            return CompletableFuture.completedFuture(null);
        }
        if (attempt > MAX_CAS_ATTEMPTS) {
            return CompletableFuture.failedFuture(new HBaseArchiveException(
                    what + ": the key changed under each of " + MAX_CAS_ATTEMPTS + " attempts", new IOException("concurrent changes")));
        }
        ApiKey current = decode(seen);
        ApiKey changed = change.apply(current);
        if (changed == current) {
            return CompletableFuture.completedFuture(current);
        }
        if (!changed.id().equals(current.id()) || !changed.secretHash().equals(current.secretHash())) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("an update may not change a key's id or secret hash"));
        }
        Put put = new Put(row).addColumn(FAMILY, VALUE, bytes(changed.encode()));
        CheckAndMutate ifUnchanged = CheckAndMutate.newBuilder(row).ifMatches(FAMILY, VALUE, CompareOperator.EQUAL, seen).build(put);
        return Futures.bounded(table.checkAndMutate(ifUnchanged), deadline, what).thenCompose(result -> result.isSuccess()
                ? CompletableFuture.completedFuture(changed)
                : Futures.bounded(table.get(new Get(row).addColumn(FAMILY, VALUE)), deadline, what)
                        .thenCompose(now -> update(row, now.getValue(FAMILY, VALUE), change, attempt + 1, what)));
    }

    /**
     * The rows whose key has {@code id}. The filter runs in the region server: an encoded key
     * starts with its id and a tab, and an id never contains a tab, so the prefix matches exactly
     * the keys with this id. The decoded id is compared again all the same, in case of a corrupt cell.
     */
    private CompletableFuture<List<Result>> withId(String id, String what) {
        Scan scan = new Scan()
                .addColumn(FAMILY, VALUE)
                .setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryPrefixComparator(bytes(id + "\t"))));
        return Futures.bounded(table.scanAll(scan), deadline, what)
                .thenApply(rows -> rows.stream().filter(r -> decode(r.getValue(FAMILY, VALUE)).id().equals(id)).toList());
    }

    private static byte[] row(String secretHash) {
        return secretHash.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static ApiKey decode(byte[] value) {
        return ApiKey.decode(new String(value, StandardCharsets.UTF_8));
    }
}
