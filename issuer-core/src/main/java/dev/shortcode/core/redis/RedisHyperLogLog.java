package dev.shortcode.core.redis;

import dev.shortcode.core.store.VisitorHashes;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * A HyperLogLog built on the node exactly as Redis' {@code PFADD} builds one, written in Redis'
 * dense representation, so that a flush sends a subject-day with thousands of visitors as one
 * 12 kB value for {@code PFMERGE} instead of thousands of elements for Redis to hash one by one
 * (an owner's day sees every visitor of all its links).
 *
 * <p>Design note. The sketch must be the one {@code PFADD} of the same elements would make,
 * register for register, or a visitor counted by one node through a sketch and by another
 * through {@code PFADD} would count twice. Redis (hyperloglog.c): each element is hashed with
 * MurmurHash64A, seed {@code 0xadc83b19}, its bytes read little-endian; the low 14 bits choose
 * one of 16,384 registers, and the register keeps the largest run length of the remaining bits
 * (trailing zeros + 1, a sentinel bit making it at most 51). The dense value is the 16-byte
 * header ({@code HYLL}, encoding 0, three unused bytes, an 8-byte cached cardinality whose top
 * bit marks it stale, so that the first {@code PFCOUNT} computes it) and the registers, 6 bits
 * each, packed from the least significant bit of each byte.
 */
final class RedisHyperLogLog {

    static final int PRECISION = 14;
    static final int REGISTERS = 1 << PRECISION;
    static final int BITS = 6;
    static final int HEADER_BYTES = 16;
    static final int DENSE_BYTES = HEADER_BYTES + REGISTERS * BITS / 8;
    private static final long SEED = 0xadc83b19L;
    private static final long M = 0xc6a4a7935bd1e995L;
    private static final int R = 47;

    private final byte[] registers = new byte[REGISTERS];

    /** The sketch of {@code elements}, each as its UTF-8 bytes (what {@code PFADD} receives from a text client). */
    static byte[] denseOf(Collection<String> elements) {
        RedisHyperLogLog sketch = new RedisHyperLogLog();
        if (elements instanceof VisitorHashes visitors) {
            visitors.forEachTextBytes(sketch::add); // the same bytes, without a string and an array per visitor
        } else {
            for (String element : elements) {
                sketch.add(element.getBytes(StandardCharsets.UTF_8));
            }
        }
        return sketch.dense();
    }

    void add(byte[] element) {
        long hash = murmurHash64A(element);
        int index = (int) (hash & (REGISTERS - 1));
        long rest = (hash >>> PRECISION) | (1L << (64 - PRECISION));
        byte run = (byte) (Long.numberOfTrailingZeros(rest) + 1);
        if (run > registers[index]) {
            registers[index] = run;
        }
    }

    /** The register's value, for tests that compare with Redis' own. */
    int register(int index) {
        return registers[index];
    }

    byte[] dense() {
        byte[] out = new byte[DENSE_BYTES];
        out[0] = 'H';
        out[1] = 'Y';
        out[2] = 'L';
        out[3] = 'L';
        out[15] = (byte) 0x80; // the cached cardinality is stale
        for (int r = 0; r < REGISTERS; r++) {
            int value = registers[r];
            if (value == 0) {
                continue;
            }
            int bit = r * BITS;
            int at = HEADER_BYTES + (bit >>> 3);
            int shift = bit & 7;
            out[at] |= (byte) (value << shift);
            if (shift > 8 - BITS) {
                out[at + 1] |= (byte) (value >>> (8 - shift));
            }
        }
        return out;
    }

    /** Austin Appleby's MurmurHash64A as Redis has it (hyperloglog.c), little-endian, Redis' seed. */
    private static long murmurHash64A(byte[] data) {
        int length = data.length;
        long h = SEED ^ (length * M);
        int blocks = length - (length & 7);
        for (int i = 0; i < blocks; i += 8) {
            long k = (data[i] & 0xffL) | (data[i + 1] & 0xffL) << 8 | (data[i + 2] & 0xffL) << 16 | (data[i + 3] & 0xffL) << 24
                    | (data[i + 4] & 0xffL) << 32 | (data[i + 5] & 0xffL) << 40 | (data[i + 6] & 0xffL) << 48 | (data[i + 7] & 0xffL) << 56;
            k *= M;
            k ^= k >>> R;
            k *= M;
            h ^= k;
            h *= M;
        }
        int tail = length & 7;
        if (tail > 0) {
            for (int i = tail - 1; i >= 0; i--) {
                h ^= (data[blocks + i] & 0xffL) << (8 * i);
            }
            h *= M;
        }
        h ^= h >>> R;
        h *= M;
        h ^= h >>> R;
        return h;
    }
}
