package dev.shortcode.core.index;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The index's keys, the same bytes in RocksDB and HBase (which puts a salt byte in front):
 *
 * <pre>
 * owner 0 'T' newest(8) code            one per link: the owner's links by creation time
 * owner 0 'G' tag 0 newest(8) code      one per tag of a link: the owner's links with a tag
 * owner 0 'X' externalId                the code holding the owner's external id (value)
 * owner 0 'C' tag                       how many of the owner's links carry the tag (value, embedded)
 * </pre>
 *
 * {@code newest(8)} is {@code Long.MAX_VALUE - createdAtMillis}, big-endian, so a forward scan
 * reads newest first, and among links of one millisecond by code (ascending bytes, codes being
 * ASCII): the order of {@link Position}. Owner ids, tags and codes hold no NUL byte (their
 * alphabets exclude it), so the separators are unambiguous and a prefix names exactly one
 * owner's (and tag's) rows.
 */
public final class IndexKeys {

    public static final byte TIME = 'T';
    public static final byte TAG = 'G';
    public static final byte EXTERNAL_ID = 'X';
    public static final byte TAG_COUNT = 'C';
    private static final byte SEP = 0;

    private IndexKeys() {}

    /** The prefix of every row of {@code owner} of one kind: {@code owner 0 kind}. */
    public static byte[] prefix(String owner, byte kind) {
        byte[] o = utf8(owner);
        byte[] out = Arrays.copyOf(o, o.length + 2);
        out[o.length] = SEP;
        out[o.length + 1] = kind;
        return out;
    }

    /** The prefix of the owner's rows of one tag: {@code owner 0 'G' tag 0}. */
    public static byte[] tagPrefix(String owner, String tag) {
        return concat(prefix(owner, TAG), utf8(tag), new byte[] {SEP});
    }

    public static byte[] timeKey(String owner, long createdAtMillis, String code) {
        return concat(prefix(owner, TIME), newest(createdAtMillis), utf8(code));
    }

    public static byte[] tagKey(String owner, String tag, long createdAtMillis, String code) {
        return concat(tagPrefix(owner, tag), newest(createdAtMillis), utf8(code));
    }

    public static byte[] externalIdKey(String owner, String externalId) {
        return concat(prefix(owner, EXTERNAL_ID), utf8(externalId));
    }

    public static byte[] tagCountKey(String owner, String tag) {
        return concat(prefix(owner, TAG_COUNT), utf8(tag));
    }

    /** Where a scan under {@code prefix} resumes: the first key strictly after the position (or the prefix itself). */
    public static byte[] seekKey(byte[] prefix, Position after) {
        if (after == null) {
            return prefix;
        }
        // The position's own key followed by a 0 byte: the smallest key greater than it.
        return concat(prefix, newest(after.createdAtMillis()), utf8(after.code()), new byte[] {SEP});
    }

    /** The position a time or tag key under {@code prefix} names. */
    public static Position position(byte[] key, int prefixLength) {
        long createdAt = Long.MAX_VALUE - ByteBuffer.wrap(key, prefixLength, Long.BYTES).getLong();
        String code = new String(key, prefixLength + Long.BYTES, key.length - prefixLength - Long.BYTES, StandardCharsets.UTF_8);
        return new Position(createdAt, code);
    }

    /** Whether {@code key} starts with {@code prefix}. */
    public static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The first key after every key that starts with {@code prefix} (for scans with an end). */
    public static byte[] prefixEnd(byte[] prefix) {
        byte[] end = prefix.clone();
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xff) {
                end[i]++;
                return Arrays.copyOf(end, i + 1);
            }
        }
        throw new IllegalArgumentException("a prefix of 0xff bytes has no end");
    }

    /** The host of a stored (normalised) URL, lower-cased, without a trailing dot; null when it has none. */
    public static String hostOf(String url) {
        try {
            String host = URI.create(url).getHost();
            if (host == null) {
                return null;
            }
            host = host.toLowerCase(Locale.ROOT);
            return host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static byte[] newest(long createdAtMillis) {
        return ByteBuffer.allocate(Long.BYTES).putLong(Long.MAX_VALUE - createdAtMillis).array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
