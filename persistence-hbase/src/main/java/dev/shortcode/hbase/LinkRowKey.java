package dev.shortcode.hbase;

import java.nio.charset.StandardCharsets;

/**
 * Row key of the links table: one salt byte, then the code's UTF-8 bytes.
 *
 * <pre>row = salt(code) ++ utf8(code)      salt = top byte of fmix32(String.hashCode(code))</pre>
 *
 * Issued codes already look random (they come out of a keyed permutation), but custom aliases
 * do not ({@code promo1}, {@code promo2}, ...): without the salt they would all land in one region.
 * The salt is computed from the code alone, so a read finds the row with one Get, and the salt
 * spreads rows evenly over the 256 prefixes the table is pre-split on. {@link String#hashCode()}
 * is specified by the platform, and the finaliser is MurmurHash3's {@code fmix32}: both are fixed,
 * because the salt is part of the stored format and must never change.
 */
final class LinkRowKey {

    private LinkRowKey() {}

    static byte[] of(String code) {
        byte[] utf8 = code.getBytes(StandardCharsets.UTF_8);
        byte[] row = new byte[utf8.length + 1];
        row[0] = salt(code);
        System.arraycopy(utf8, 0, row, 1, utf8.length);
        return row;
    }

    /** The code stored in a row key. */
    static String code(byte[] row) {
        return new String(row, 1, row.length - 1, StandardCharsets.UTF_8);
    }

    static byte salt(String code) {
        int h = code.hashCode();
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return (byte) (h >>> 24);
    }

    /**
     * Split points that cut the salt range {@code [0x00, 0xff]} into {@code regions} nearly equal
     * parts: {@code regions - 1} one-byte keys (none for a single region).
     */
    static byte[][] splitKeys(int regions) {
        if (regions < 1 || regions > 256) {
            throw new IllegalArgumentException("regions must lie in 1..256: " + regions);
        }
        byte[][] splits = new byte[regions - 1][];
        for (int i = 1; i < regions; i++) {
            splits[i - 1] = new byte[] {(byte) (i * 256 / regions)};
        }
        return splits;
    }
}
