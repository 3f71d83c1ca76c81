package dev.shortcode.core.embedded;

import dev.shortcode.core.store.DeliveryLog;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * A webhook's deliveries in the {@code webhook_deliveries} column family: key the webhook id, a
 * zero byte and the delivery id, so a delivery has one entry whatever node or attempt wrote it
 * last; value its creation time (8 bytes, big-endian) and the entry. A webhook's are one prefix,
 * read whole (they are at most {@code keep} and a few) and ordered by that time. Written without
 * a sync (a history, not a promise: a power cut may take its last lines), by the one dispatcher
 * thread that records, so the trim that follows each write sees what it wrote.
 */
final class EmbeddedDeliveryLog implements DeliveryLog {

    private final EmbeddedDatabase storage;
    /** One node delivers to every webhook here: a retry asked is kept in memory until it takes it. */
    private final java.util.Map<String, java.util.Set<String>> retries = new java.util.concurrent.ConcurrentHashMap<>();

    EmbeddedDeliveryLog(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    private record Stored(byte[] key, long createdAt, String entry) {}

    @Override
    public CompletionStage<Void> record(String webhookId, String deliveryId, long createdAtMillis, String entry, int keep) {
        byte[] prefix = prefix(webhookId);
        byte[] d = deliveryId.getBytes(StandardCharsets.UTF_8);
        byte[] key = ByteBuffer.allocate(prefix.length + d.length).put(prefix).put(d).array();
        byte[] e = entry.getBytes(StandardCharsets.UTF_8);
        byte[] value = ByteBuffer.allocate(Long.BYTES + e.length).putLong(createdAtMillis).put(e).array();
        try {
            storage.call(db -> {
                db.put(storage.webhookDeliveries(), storage.relaxed(), key, value);
                List<Stored> all = newestFirst(db, prefix);
                for (int i = keep; i < all.size(); i++) {
                    db.delete(storage.webhookDeliveries(), storage.relaxed(), all.get(i).key());
                }
                return null;
            });
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    @Override
    public CompletionStage<List<String>> recent(String webhookId) {
        try {
            return CompletableFuture.completedFuture(storage.call(db -> newestFirst(db, prefix(webhookId)).stream().map(Stored::entry).toList()));
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    @Override
    public CompletionStage<Void> forget(String webhookId) {
        try {
            storage.call(db -> {
                for (Stored stored : newestFirst(db, prefix(webhookId))) {
                    db.delete(storage.webhookDeliveries(), storage.relaxed(), stored.key());
                }
                return null;
            });
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    @Override
    public CompletionStage<Void> requestRetry(String webhookId, String deliveryId) {
        retries.computeIfAbsent(webhookId, id -> java.util.concurrent.ConcurrentHashMap.newKeySet()).add(deliveryId);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<List<String>> takeRetries(String webhookId) {
        java.util.Set<String> taken = retries.remove(webhookId);
        return CompletableFuture.completedFuture(taken == null ? List.of() : List.copyOf(taken));
    }

    private List<Stored> newestFirst(org.rocksdb.RocksDB db, byte[] prefix) {
        List<Stored> found = new ArrayList<>();
        try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.webhookDeliveries(), read)) {
            for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
                byte[] value = it.value();
                found.add(new Stored(it.key(), ByteBuffer.wrap(value).getLong(),
                        new String(value, Long.BYTES, value.length - Long.BYTES, StandardCharsets.UTF_8)));
            }
        }
        found.sort(Comparator.comparingLong(Stored::createdAt).reversed());
        return found;
    }

    private static byte[] prefix(String webhookId) {
        byte[] id = webhookId.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(id, id.length + 1); // the zero byte ends the id
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }
}
