package dev.shortcode.core.embedded;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Walks a column family of expiring entries ({@link ExpiryPrefix}) a bounded slice at a time and
 * removes the expired ones nobody reads. Each sweep resumes after the last key the previous one
 * looked at and wraps around at the end, so successive sweeps cover the whole family; at the
 * defaults (10,000 keys a second) a million keys are covered in under two minutes. Used for
 * idempotency keys; expired links are not swept (they are the archive's copy).
 *
 * <p>The scan reads without filling the block cache (it would evict the hot entries); the
 * candidates are then removed by one housekeeping operation of the {@link GroupCommitWriter},
 * which re-checks each under its exclusive write access, so an entry re-created or extended since
 * the scan stays. The sweep thread waits for that operation; it is never an event loop. One sweep
 * at a time.
 */
final class ExpirySweeper {

    private final EmbeddedDatabase storage;
    private final ColumnFamilyHandle family;
    private final Clock clock;
    /** The last key looked at; null to start from the first. */
    private byte[] resumeAfter;

    ExpirySweeper(EmbeddedDatabase storage, ColumnFamilyHandle family, Clock clock) {
        this.storage = storage;
        this.family = family;
        this.clock = clock;
    }

    /** @return entries removed; 0 as well when the writer's queue was too full to take the purge (the next round retries) */
    synchronized int sweep(int maxKeys) {
        List<byte[]> expired = findExpired(maxKeys);
        if (expired.isEmpty()) {
            return 0;
        }
        CompletionStage<Integer> purged = storage.writer().trySubmitHousekeeping(staging -> {
            long now = clock.millis();
            int removed = 0;
            for (byte[] key : expired) {
                byte[] current = staging.get(family, key);
                if (current != null && ExpiryPrefix.read(current) <= now) {
                    staging.delete(family, key);
                    removed++;
                }
            }
            return removed;
        });
        return purged == null ? 0 : purged.toCompletableFuture().join();
    }

    private List<byte[]> findExpired(int maxKeys) {
        long now = clock.millis();
        return storage.call(db -> {
            List<byte[]> expired = new ArrayList<>();
            ByteBuffer expiry = ByteBuffer.allocateDirect(ExpiryPrefix.BYTES);
            try (ReadOptions read = new ReadOptions().setFillCache(false);
                    RocksIterator it = db.newIterator(family, read)) {
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
                    if (length >= ExpiryPrefix.BYTES && expiry.getLong(0) <= now) {
                        expired.add(key);
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
