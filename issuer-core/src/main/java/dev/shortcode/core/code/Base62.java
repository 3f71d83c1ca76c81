package dev.shortcode.core.code;

/**
 * Base62 with the alphabet {@code 0-9A-Za-z}, left-padded with {@code '0'} to a fixed length.
 *
 * <p>Fixed length matters: a code's length names its pool, so id 0 of the 5-char pool is
 * {@code "00000"}, not {@code "0"}. Encoding is on the hot path of every issued code: no
 * intermediate objects beyond the resulting string.
 */
public final class Base62 {

    /** Alphabet in code-point order, so that fixed-length codes sort like their ids. */
    public static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private static final byte[] DIGITS = ALPHABET.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] VALUES = new byte[128];
    private static final int CHUNK_DIGITS = 5;
    private static final long CHUNK = 62L * 62 * 62 * 62 * 62;

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < DIGITS.length; i++) {
            VALUES[DIGITS[i]] = (byte) i;
        }
    }

    private Base62() {}

    /**
     * Encodes {@code value} as exactly {@code length} characters.
     *
     * @throws IllegalArgumentException if the value is negative or needs more than {@code length} digits
     */
    public static String encode(long value, int length) {
        if (value < 0) {
            throw new IllegalArgumentException("value must not be negative: " + value);
        }
        byte[] out = new byte[length];
        long rest = value;
        int pos = length;
        // Five digits at a time in int arithmetic: 62^5 fits an int, and int division by a
        // constant compiles to a multiply and a shift; long division is several times slower.
        while (pos > 0) {
            int chunk;
            if (rest < CHUNK) {
                chunk = (int) rest;
                rest = 0;
            } else {
                long quotient = rest / CHUNK;
                chunk = (int) (rest - quotient * CHUNK);
                rest = quotient;
            }
            int digits = Math.min(CHUNK_DIGITS, pos);
            for (int d = 0; d < digits; d++) {
                int quotient = chunk / 62;
                out[--pos] = DIGITS[chunk - quotient * 62];
                chunk = quotient;
            }
            if (chunk != 0) {
                rest = 1; // the value needs more digits than the length leaves
                break;
            }
        }
        if (rest != 0) {
            throw new IllegalArgumentException(value + " does not fit in " + length + " base62 digits");
        }
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * Decodes a code of any length up to 10 characters (the longest whose values all fit a long) or
     * an 11-character code whose value fits a long.
     *
     * @throws IllegalArgumentException on an empty input, a character outside the alphabet or overflow
     */
    public static long decode(CharSequence code) {
        long value = decodeOrNegative(code);
        if (value < 0) {
            throw new IllegalArgumentException("not a base62 code of at most 11 chars: '" + code + "'");
        }
        return value;
    }

    /** Like {@link #decode} but returns -1 instead of throwing: for validating untrusted input without I/O. */
    public static long decodeOrNegative(CharSequence code) {
        int length = code.length();
        if (length == 0 || length > 11) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < length; i++) {
            char c = code.charAt(i);
            int digit = c < 128 ? VALUES[c] : -1;
            if (digit < 0) {
                return -1;
            }
            if (value > (Long.MAX_VALUE - digit) / 62) {
                return -1;
            }
            value = value * 62 + digit;
        }
        return value;
    }

    /** True when every character is in the alphabet. */
    public static boolean isAlphabet(CharSequence code) {
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c >= 128 || VALUES[c] < 0) {
                return false;
            }
        }
        return true;
    }
}
