package dev.shortcode.core.embedded;

/**
 * The expiry that leads every value of a column family whose entries expire (links, idempotency
 * keys): 8 bytes, big-endian epoch millis. Leading, so that checking it (reads, the
 * {@link ExpirySweeper}) needs no decoding of the rest and rewriting it needs no re-encoding. It is
 * wall-clock time because it must survive restarts: a clock set back keeps entries longer, a
 * clock set forward expires them early.
 */
final class ExpiryPrefix {

    static final int BYTES = Long.BYTES;

    private ExpiryPrefix() {}

    static long read(byte[] value) {
        if (value.length < BYTES) {
            throw new IllegalArgumentException("corrupt expiring entry: " + value.length + " bytes");
        }
        long v = 0;
        for (int i = 0; i < BYTES; i++) {
            v = (v << 8) | (value[i] & 0xFF);
        }
        return v;
    }

    static void write(byte[] value, long expiresAtMillis) {
        for (int i = BYTES - 1; i >= 0; i--) {
            value[i] = (byte) expiresAtMillis;
            expiresAtMillis >>>= 8;
        }
    }

    /** {@code now + ttl}, saturating instead of overflowing for absurd TTLs. */
    static long after(long nowMillis, long ttlMillis) {
        long sum = nowMillis + ttlMillis;
        return ((nowMillis ^ sum) & (ttlMillis ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /** {@code now + ttl} for a TTL in seconds, saturating. */
    static long afterSeconds(long nowMillis, long ttlSeconds) {
        return after(nowMillis, ttlSeconds > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : ttlSeconds * 1000);
    }
}
