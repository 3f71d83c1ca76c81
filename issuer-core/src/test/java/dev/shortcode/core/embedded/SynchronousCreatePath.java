package dev.shortcode.core.embedded;

import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The create path as it was before the {@link GroupCommitWriter} (commit 865578f), kept as the
 * baseline of {@link EmbeddedHotStoreMeasurementIntegrationTests}: the check and the synced write
 * run on the caller's thread under a striped per-code lock, so the caller blocks for the
 * {@code fdatasync}, and concurrent callers share syncs only through RocksDB's own write groups.
 * The same database, column family, encoding, write and write options as the store (one entry per
 * link, no archive cell).
 */
final class SynchronousCreatePath {

    private static final int STRIPES = 1024;

    private final EmbeddedDatabase storage;
    private final Clock clock;
    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

    SynchronousCreatePath(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    boolean create(LinkRecord link) {
        String code = link.code();
        byte[] key = storage.linkKeys().keyOf(code);
        int h = code.hashCode();
        ReentrantLock lock = stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
        lock.lock();
        try {
            long now = clock.millis();
            byte[] current = storage.call(db -> db.get(storage.links(), key));
            if (current != null && HotEntry.expiresAt(current) > now) {
                return false;
            }
            byte[] entry = HotEntry.encode(HotEntry.expiryOf(now, link.ttlSeconds()), link);
            storage.call(db -> {
                db.put(storage.links(), storage.durable(), key, entry);
                return null;
            });
            return true;
        } finally {
            lock.unlock();
        }
    }
}
