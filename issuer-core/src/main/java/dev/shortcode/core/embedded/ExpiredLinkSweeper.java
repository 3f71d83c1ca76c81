package dev.shortcode.core.embedded;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Walks the {@code links} column family a bounded slice at a time and removes the expired links
 * nobody reads. Each sweep resumes after the last key the previous one looked at and wraps around
 * at the end, so successive sweeps cover the whole store; at the defaults (10,000 keys a second)
 * a million links are covered in under two minutes.
 *
 * <p>The scan reads a snapshot without filling the block cache (it would evict the hot links);
 * each candidate is then removed through the store's purge, which re-checks it under the code's
 * lock, so a link re-created since the snapshot stays. One sweep at a time.
 */
final class ExpiredLinkSweeper {

    private final EmbeddedStorage storage;
    private final Clock clock;
    private final Predicate<String> purgeIfExpired;
    /** The last key looked at; null to start from the first. */
    private byte[] resumeAfter;

    ExpiredLinkSweeper(EmbeddedStorage storage, Clock clock, Predicate<String> purgeIfExpired) {
        this.storage = storage;
        this.clock = clock;
        this.purgeIfExpired = purgeIfExpired;
    }

    /** @return links removed */
    synchronized int sweep(int maxKeys) {
        List<String> expired = findExpired(maxKeys);
        int removed = 0;
        for (String code : expired) {
            if (purgeIfExpired.test(code)) {
                removed++;
            }
        }
        return removed;
    }

    private List<String> findExpired(int maxKeys) {
        long now = clock.millis();
        return storage.call(db -> {
            List<String> expired = new ArrayList<>();
            ByteBuffer expiry = ByteBuffer.allocateDirect(HotEntry.EXPIRY_BYTES);
            try (ReadOptions read = new ReadOptions().setFillCache(false);
                    RocksIterator it = db.newIterator(storage.links(), read)) {
                if (resumeAfter == null) {
                    it.seekToFirst();
                } else {
                    it.seek(resumeAfter);
                    if (it.isValid() && Arrays.equals(it.key(), resumeAfter)) {
                        it.next();
                    }
                }
                int seen = 0;
                while (it.isValid() && seen < maxKeys) {
                    expiry.clear();
                    int length = it.value(expiry); // copies only the 8 expiry bytes
                    byte[] key = it.key();
                    if (length >= HotEntry.EXPIRY_BYTES && expiry.getLong(0) <= now) {
                        expired.add(new String(key, StandardCharsets.UTF_8));
                    }
                    resumeAfter = key;
                    seen++;
                    it.next();
                }
                it.status();
                if (!it.isValid()) {
                    resumeAfter = null; // reached the end: the next sweep starts over
                }
            }
            return expired;
        });
    }
}
