package dev.shortcode.core.embedded;

import dev.shortcode.core.store.RowModerationStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Moderation rows in the {@code moderation} column family. Writes are acknowledged operations of
 * the {@link GroupCommitWriter} (its only writer, so a compare-and-set is a read and a write in
 * one step); reads run on the caller's thread.
 */
final class EmbeddedModerationStore extends RowModerationStore {

    private final EmbeddedDatabase db;

    EmbeddedModerationStore(EmbeddedDatabase db) {
        this.db = db;
    }

    @Override
    protected CompletionStage<Optional<String>> get(String row) {
        try {
            byte[] value = db.call(rocks -> rocks.get(db.moderation(), EmbeddedDatabase.bytes(row)));
            return CompletableFuture.completedFuture(Optional.ofNullable(value).map(v -> new String(v, StandardCharsets.UTF_8)));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    protected CompletionStage<List<String>> scan(String prefix) {
        byte[] start = EmbeddedDatabase.bytes(prefix);
        try {
            return CompletableFuture.completedFuture(db.call(rocks -> {
                List<String> values = new ArrayList<>();
                try (ReadOptions read = new ReadOptions(); RocksIterator it = rocks.newIterator(db.moderation(), read)) {
                    for (it.seek(start); it.isValid() && startsWith(it.key(), start); it.next()) {
                        values.add(new String(it.value(), StandardCharsets.UTF_8));
                    }
                    it.status();
                }
                return values;
            }));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    protected CompletionStage<Boolean> putIfAbsent(String row, String value) {
        byte[] key = EmbeddedDatabase.bytes(row);
        byte[] bytes = EmbeddedDatabase.bytes(value);
        return db.writer().submit(staging -> {
            if (staging.get(db.moderation(), key) != null) {
                return false;
            }
            staging.put(db.moderation(), key, bytes);
            return true;
        });
    }

    /** Read and write in one writer operation: the writer is the family's only writer, so nothing comes between. */
    @Override
    protected CompletionStage<String> update(String row, Function<Optional<String>, String> change) {
        byte[] key = EmbeddedDatabase.bytes(row);
        return db.writer().submit(staging -> {
            byte[] current = staging.get(db.moderation(), key);
            String next = change.apply(Optional.ofNullable(current).map(v -> new String(v, StandardCharsets.UTF_8)));
            staging.put(db.moderation(), key, EmbeddedDatabase.bytes(next));
            return next;
        });
    }

    @Override
    protected CompletionStage<Void> put(String row, String value) {
        byte[] key = EmbeddedDatabase.bytes(row);
        byte[] bytes = EmbeddedDatabase.bytes(value);
        return db.writer().submit(staging -> {
            staging.put(db.moderation(), key, bytes);
            return null;
        });
    }

    @Override
    protected CompletionStage<Boolean> delete(String row) {
        byte[] key = EmbeddedDatabase.bytes(row);
        return db.writer().submit(staging -> {
            if (staging.get(db.moderation(), key) == null) {
                return false;
            }
            staging.delete(db.moderation(), key);
            return true;
        });
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }
}
