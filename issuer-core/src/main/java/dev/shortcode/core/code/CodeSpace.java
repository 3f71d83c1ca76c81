package dev.shortcode.core.code;

/**
 * The id space of one code length: ids {@code [0, capacity)} map one-to-one onto codes of exactly
 * {@code length} base62 characters.
 *
 * <p>Capacity is {@code 62^length}, except for length 11: {@code 62^11} exceeds the signed 64-bit
 * range of Redis' {@code INCRBY}, so that pool uses {@code 2^62} ids (still 4.6 quintillion),
 * which keeps every counter value, including a block's overshoot past capacity, inside a long.
 */
public record CodeSpace(int length, long capacity) {

    public static final int MIN_LENGTH = 2;
    public static final int MAX_LENGTH = 11;

    /** Ids for length 11; see the class comment. */
    static final long LENGTH_11_CAPACITY = 1L << 62;

    public CodeSpace {
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw new IllegalArgumentException("code length " + length + " is outside " + MIN_LENGTH + ".." + MAX_LENGTH);
        }
        if (capacity != capacityOf(length)) {
            throw new IllegalArgumentException("capacity of length " + length + " is " + capacityOf(length));
        }
    }

    public static CodeSpace ofLength(int length) {
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw new IllegalArgumentException("code length " + length + " is outside " + MIN_LENGTH + ".." + MAX_LENGTH);
        }
        return new CodeSpace(length, capacityOf(length));
    }

    static long capacityOf(int length) {
        if (length == MAX_LENGTH) {
            return LENGTH_11_CAPACITY;
        }
        long c = 1;
        for (int i = 0; i < length; i++) {
            c *= 62;
        }
        return c;
    }

    /** True when {@code code} has this space's length and only alphabet characters: a cheap, I/O-free check. */
    public boolean isWellFormed(CharSequence code) {
        return valueOf(code) >= 0;
    }

    /**
     * The base62 value of a well-formed code of this space, -1 when it is not one ({@link #isWellFormed}):
     * for callers that need the value after the check, so that the code is decoded once.
     */
    public long valueOf(CharSequence code) {
        if (code.length() != length) {
            return -1;
        }
        long value = Base62.decodeOrNegative(code);
        return value < capacity ? value : -1;
    }
}
