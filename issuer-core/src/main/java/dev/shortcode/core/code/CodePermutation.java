package dev.shortcode.core.code;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A keyed bijection on {@code [0, capacity)}: codes stay unique like a counter's but do not reveal
 * their order or let a client enumerate neighbours.
 *
 * <p>A balanced Feistel network over the smallest even number of bits {@code b} with
 * {@code 2^b >= capacity} is a permutation of {@code [0, 2^b)}. Cycle-walking (apply it again
 * while the result is {@code >= capacity}) restricts it to {@code [0, capacity)} and stays a
 * bijection, because the cycle through any in-range value must come back into range. With the
 * capacities of base62 lengths the domain is at most 1.4x the range, so on average fewer than
 * 1.4 Feistel passes run per id.
 *
 * <p>Four rounds (Luby-Rackoff: enough for a strong pseudo-random permutation given a good round
 * function). The round function is keyed multiply-shift hashing: XOR the half-block with one
 * round key, multiply by another (odd) one and keep the top bits of the product, where every
 * input bit has had its say. One multiply per round keeps the dependency chain short: the whole
 * permutation costs a few nanoseconds, where a two-multiply finaliser per round cost three times
 * as much (measured with {@code CodeAllocatorBenchmark}). This is obfuscation of a counter, not
 * encryption of secrets: the round keys come from HMAC-SHA256 of the operator's secret, the code
 * length and the epoch, so each epoch of each pool gets an unrelated order.
 */
public final class CodePermutation {

    /** Feistel rounds, and round keys per permutation. */
    public static final int ROUNDS = 4;

    private final long capacity;
    private final int halfBits;
    private final long halfMask;
    private final int shift;
    private final long[] xorKeys;
    private final long[] mulKeys;

    CodePermutation(long capacity, long[] roundKeys) {
        if (capacity < 4) {
            throw new IllegalArgumentException("capacity too small: " + capacity);
        }
        if (roundKeys.length != ROUNDS) {
            throw new IllegalArgumentException(ROUNDS + " round keys required");
        }
        int bits = 64 - Long.numberOfLeadingZeros(capacity - 1);
        if ((bits & 1) == 1) {
            bits++;
        }
        this.capacity = capacity;
        this.halfBits = bits / 2;
        this.halfMask = (1L << halfBits) - 1;
        this.shift = 64 - halfBits;
        this.xorKeys = new long[ROUNDS];
        this.mulKeys = new long[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            xorKeys[i] = Long.rotateLeft(roundKeys[i], 29) & halfMask;
            mulKeys[i] = roundKeys[i] | 1; // odd: a bijective multiplier modulo 2^64
        }
    }

    /** The permutation of {@code space} for one epoch, keyed from {@code secret}. */
    public static CodePermutation of(CodeSpace space, long epoch, byte[] secret) {
        return new CodePermutation(space.capacity(), deriveRoundKeys(secret, space.length(), epoch));
    }

    /**
     * The permutation of {@code space} with round keys derived before ({@link #deriveRoundKeys}): for a
     * store that keeps the keys of one epoch and must get the same permutation whatever the secret
     * is later.
     */
    public static CodePermutation of(CodeSpace space, long[] roundKeys) {
        return new CodePermutation(space.capacity(), roundKeys.clone());
    }

    public long capacity() {
        return capacity;
    }

    /** Maps an id in {@code [0, capacity)} to its permuted value in the same range. */
    public long permute(long id) {
        checkRange(id);
        long v = id;
        do {
            v = forward(v);
        } while (v >= capacity);
        return v;
    }

    /** The inverse of {@link #permute}: recovers the id from a permuted value. */
    public long invert(long value) {
        checkRange(value);
        long v = value;
        do {
            v = backward(v);
        } while (v >= capacity);
        return v;
    }

    private void checkRange(long v) {
        if (v < 0 || v >= capacity) {
            throw new IllegalArgumentException(v + " is outside [0, " + capacity + ")");
        }
    }

    private long forward(long v) {
        long left = v >>> halfBits;
        long right = v & halfMask;
        for (int i = 0; i < ROUNDS; i++) {
            long next = left ^ round(right, i);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }

    private long backward(long v) {
        long left = v >>> halfBits;
        long right = v & halfMask;
        for (int i = ROUNDS - 1; i >= 0; i--) {
            long previous = right ^ round(left, i);
            right = left;
            left = previous;
        }
        return (left << halfBits) | right;
    }

    private long round(long half, int i) {
        return ((half ^ xorKeys[i]) * mulKeys[i]) >>> shift;
    }

    /** The round keys of {@code length}'s permutation in {@code epoch}: HMAC-SHA256 of the secret. */
    public static long[] deriveRoundKeys(byte[] secret, int length, long epoch) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            byte[] digest = mac.doFinal(("shortcode/permutation/v1/" + length + "/" + epoch).getBytes(StandardCharsets.UTF_8));
            ByteBuffer buffer = ByteBuffer.wrap(digest);
            long[] keys = new long[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                keys[i] = buffer.getLong();
            }
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by the JDK but unavailable", e);
        }
    }
}
