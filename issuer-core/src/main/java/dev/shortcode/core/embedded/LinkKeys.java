package dev.shortcode.core.embedded;

import dev.shortcode.core.code.Base62;
import dev.shortcode.core.code.CodePermutation;
import dev.shortcode.core.code.CodeSpace;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.IntToLongFunction;

/**
 * The links column family's key of a code: issued codes in the order they were issued, any other
 * code as its characters.
 *
 * <h2>Why not the code itself</h2>
 * Codes are a keyed permutation of a counter ({@link CodePermutation}), so consecutive creates
 * land at random places of the code order. Keyed by their codes, every create inserted at a
 * random place of the memtable's skip list (cache misses at each level), and every table flushed
 * overlapped every other one, so compactions rewrote each link at every level. Keyed by the id
 * each code was issued for, a stream of creates appends: each insert lands next to the previous
 * one, and tables of consecutive ranges do not overlap. Measured over a million links created in
 * groups of a thousand: the writer thread's CPU 4.9 -> 2.4 µs per link, the process's 7.2 -> 4.6;
 * over a bulk stream of three million, the service's 11.1 -> 7.5 (docs/BENCHMARKS.md, "links
 * keyed in issue order").
 *
 * <h2>The key</h2>
 * A code of a pool's shape (length 2 to 11, base62, its value below the length's capacity:
 * {@link CodeSpace#isWellFormed}) is keyed by one byte, its length, then the inverse permutation
 * of its value under this database's round keys for that length, big-endian in the fewest bytes
 * that hold the length's capacity (2 bytes for length 2, 6 for 7, 8 for 11). Any other code (an
 * alias with {@code -} or {@code _}, or of another length) is keyed by its UTF-8 bytes, the first
 * of which is at least {@code -} (0x2D), above every length byte: the two forms never meet. Both
 * are bijections, so each code has one key and each key one code, issued or chosen; an alias of a
 * pool's shape simply has the key of the id it would have been issued for.
 *
 * <h2>Whose order</h2>
 * The round keys are chosen once, when a database is created or first opened with this layout:
 * those of the issuer's secret and each length's epoch at the time (its watermark), the very
 * permutation the issuer hands out codes with. They are kept in the database
 * ({@link #encode}), so a code's key never changes, whatever the configuration says later. Codes
 * issued in that epoch under that secret get consecutive keys; codes of a later epoch (after the
 * pool wrapped) or of another secret are spread over the order as codes were before: every key is
 * still right, only the appending is lost.
 *
 * <p>Immutable and thread-safe.
 */
final class LinkKeys {

    /** The first byte of every key in the code form: nothing in the id form reaches it. */
    static final byte CODE_FORM_FLOOR = '-';

    private static final byte FORMAT = 1;
    private static final int LENGTHS = CodeSpace.MAX_LENGTH - CodeSpace.MIN_LENGTH + 1;

    private final long[] epochs = new long[LENGTHS];
    private final long[][] roundKeys = new long[LENGTHS][];
    private final CodePermutation[] permutations = new CodePermutation[LENGTHS];
    private final CodeSpace[] spaces = new CodeSpace[LENGTHS];
    private final int[] idBytes = new int[LENGTHS];

    private LinkKeys(long[] epochs, long[][] roundKeys) {
        for (int i = 0; i < LENGTHS; i++) {
            CodeSpace space = CodeSpace.ofLength(CodeSpace.MIN_LENGTH + i);
            this.spaces[i] = space;
            this.epochs[i] = epochs[i];
            this.roundKeys[i] = roundKeys[i].clone();
            this.permutations[i] = CodePermutation.of(space, roundKeys[i]);
            this.idBytes[i] = (64 - Long.numberOfLeadingZeros(space.capacity() - 1) + 7) / 8;
        }
    }

    /** The order of codes issued under {@code secret}, each length in the epoch {@code epochOfLength} gives. */
    static LinkKeys derive(byte[] secret, IntToLongFunction epochOfLength) {
        long[] epochs = new long[LENGTHS];
        long[][] keys = new long[LENGTHS][];
        for (int i = 0; i < LENGTHS; i++) {
            int length = CodeSpace.MIN_LENGTH + i;
            epochs[i] = epochOfLength.applyAsLong(length);
            keys[i] = CodePermutation.deriveRoundKeys(secret, length, epochs[i]);
        }
        return new LinkKeys(epochs, keys);
    }

    /** What {@link #decode} reads back: a format byte, then per length its epoch and round keys. */
    byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(1 + LENGTHS * (1 + CodePermutation.ROUNDS) * Long.BYTES).put(FORMAT);
        for (int i = 0; i < LENGTHS; i++) {
            b.putLong(epochs[i]);
            for (long k : roundKeys[i]) {
                b.putLong(k);
            }
        }
        return b.array();
    }

    static LinkKeys decode(byte[] stored) {
        int expected = 1 + LENGTHS * (1 + CodePermutation.ROUNDS) * Long.BYTES;
        if (stored.length != expected || stored[0] != FORMAT) {
            throw new IllegalStateException("unknown link key order: " + stored.length + " bytes, format " + (stored.length > 0 ? stored[0] : -1));
        }
        ByteBuffer b = ByteBuffer.wrap(stored, 1, stored.length - 1);
        long[] epochs = new long[LENGTHS];
        long[][] keys = new long[LENGTHS][CodePermutation.ROUNDS];
        for (int i = 0; i < LENGTHS; i++) {
            epochs[i] = b.getLong();
            for (int r = 0; r < CodePermutation.ROUNDS; r++) {
                keys[i][r] = b.getLong();
            }
        }
        return new LinkKeys(epochs, keys);
    }

    /** The key of {@code code}. */
    byte[] keyOf(String code) {
        int length = code.length();
        if (length >= CodeSpace.MIN_LENGTH && length <= CodeSpace.MAX_LENGTH) {
            int i = length - CodeSpace.MIN_LENGTH;
            long value = spaces[i].valueOf(code);
            if (value >= 0) {
                return idKey(length, permutations[i].invert(value));
            }
        }
        return code.getBytes(StandardCharsets.UTF_8);
    }

    /** The code of {@code key}, as {@link #keyOf} made it. */
    String codeOf(byte[] key) {
        if (key.length > 0 && (key[0] & 0xFF) < CODE_FORM_FLOOR) {
            int length = key[0];
            int i = length - CodeSpace.MIN_LENGTH;
            if (i < 0 || i >= LENGTHS || key.length != 1 + idBytes[i]) {
                throw new IllegalArgumentException("not a link key: " + key.length + " bytes, first " + key[0]);
            }
            return Base62.encode(permutations[i].permute(idOf(key)), length);
        }
        return new String(key, StandardCharsets.UTF_8);
    }

    /** The key of the code issued for {@code id} in the order's epoch of {@code length}. */
    byte[] idKey(int length, long id) {
        int n = idBytes[length - CodeSpace.MIN_LENGTH];
        byte[] key = new byte[1 + n];
        key[0] = (byte) length;
        long v = id;
        for (int j = n; j >= 1; j--) {
            key[j] = (byte) v;
            v >>>= 8;
        }
        return key;
    }

    /** The id of a key in the id form. */
    static long idOf(byte[] key) {
        long v = 0;
        for (int j = 1; j < key.length; j++) {
            v = (v << 8) | (key[j] & 0xFF);
        }
        return v;
    }

    /** The code length of a key in the id form, 0 for one in the code form. */
    static int lengthOf(byte[] key) {
        return key.length > 0 && (key[0] & 0xFF) < CODE_FORM_FLOOR ? key[0] : 0;
    }

    /** The epoch of {@code length} whose codes have consecutive keys. */
    long epochOf(int length) {
        return epochs[length - CodeSpace.MIN_LENGTH];
    }
}
