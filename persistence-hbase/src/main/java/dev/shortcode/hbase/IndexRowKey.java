package dev.shortcode.hbase;

import dev.shortcode.core.index.IndexKeys;
import java.nio.charset.StandardCharsets;

/**
 * Row keys of the link index: one salt byte, then the {@link IndexKeys} bytes the embedded index
 * uses as they are.
 *
 * <pre>row = salt(bucket) ++ IndexKeys key      salt(b) = b * 256 / buckets</pre>
 *
 * A link's time and tag rows go to the bucket of its code ({@link LinkRowKey#salt}'s byte modulo
 * the bucket count), so one owner's creates, which all sort at the newest end of the owner's
 * range, land in {@code buckets} places instead of one: a single owner making 10^8 links a day
 * loads {@code buckets} regions, not the one region holding the owner's newest row. A listing
 * scans every bucket and merges. The salt bytes are spread over {@code [0, 256)} like the split
 * points of {@link LinkRowKey#splitKeys}, so with as many regions as buckets (the default 16 and
 * 16) each bucket starts in a region of its own. An external id row goes to the bucket of the
 * owner and external id, so a lookup is one Get.
 *
 * <p>The bucket count is part of the stored format: rows written under one count are not found
 * under another.
 */
final class IndexRowKey {

    private final int buckets;

    IndexRowKey(int buckets) {
        if (buckets < 1 || buckets > 256) {
            throw new IllegalArgumentException("buckets must lie in 1..256: " + buckets);
        }
        this.buckets = buckets;
    }

    int buckets() {
        return buckets;
    }

    /** The salt byte of bucket {@code b}. */
    byte salt(int bucket) {
        return (byte) (bucket * 256 / buckets);
    }

    /** The bucket of a link's time and tag rows. */
    int bucketOf(String code) {
        return (LinkRowKey.salt(code) & 0xff) % buckets;
    }

    /** {@code key} under bucket {@code b}'s salt byte. */
    byte[] salted(int bucket, byte[] key) {
        byte[] row = new byte[key.length + 1];
        row[0] = salt(bucket);
        System.arraycopy(key, 0, row, 1, key.length);
        return row;
    }

    /** The {@link IndexKeys} key of a salted row. */
    static byte[] unsalted(byte[] row) {
        byte[] key = new byte[row.length - 1];
        System.arraycopy(row, 1, key, 0, key.length);
        return key;
    }

    byte[] timeRow(String owner, long createdAtMillis, String code) {
        return salted(bucketOf(code), IndexKeys.timeKey(owner, createdAtMillis, code));
    }

    byte[] tagRow(String owner, String tag, long createdAtMillis, String code) {
        return salted(bucketOf(code), IndexKeys.tagKey(owner, tag, createdAtMillis, code));
    }

    /** The row whose columns are the codes that carried the owner's external id. */
    byte[] externalIdRow(String owner, String externalId) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        return salted((LinkRowKey.salt(new String(key, StandardCharsets.UTF_8)) & 0xff) % buckets, key);
    }
}
