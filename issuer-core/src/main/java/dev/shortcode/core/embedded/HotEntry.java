package dev.shortcode.core.embedded;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import java.nio.charset.StandardCharsets;

/**
 * The value of a code in the {@code links} column family: the expiry, then the record.
 *
 * <pre>expiresAt (8 bytes, big-endian epoch millis) | LinkRecordCodec payload (UTF-8)</pre>
 *
 * The expiry leads so that checking it (reads, the sweep) needs no decoding of the record, and a
 * TTL extension rewrites 8 bytes of a copy without re-encoding. It is wall-clock time because it
 * must survive restarts: a clock set back keeps links longer, a clock set forward expires them early.
 */
final class HotEntry {

    static final int EXPIRY_BYTES = Long.BYTES;

    private HotEntry() {}

    static byte[] encode(long expiresAtMillis, LinkRecord link) {
        byte[] payload = LinkRecordCodec.encode(link).getBytes(StandardCharsets.UTF_8);
        byte[] value = new byte[EXPIRY_BYTES + payload.length];
        writeExpiry(value, expiresAtMillis);
        System.arraycopy(payload, 0, value, EXPIRY_BYTES, payload.length);
        return value;
    }

    static long expiresAt(byte[] value) {
        if (value.length < EXPIRY_BYTES) {
            throw new IllegalArgumentException("corrupt hot entry: " + value.length + " bytes");
        }
        long v = 0;
        for (int i = 0; i < EXPIRY_BYTES; i++) {
            v = (v << 8) | (value[i] & 0xFF);
        }
        return v;
    }

    static LinkRecord link(String code, byte[] value) {
        return LinkRecordCodec.decode(code, new String(value, EXPIRY_BYTES, value.length - EXPIRY_BYTES, StandardCharsets.UTF_8));
    }

    /** A copy of {@code value} with another expiry; the record bytes are kept as they are. */
    static byte[] withExpiry(byte[] value, long expiresAtMillis) {
        byte[] copy = value.clone();
        writeExpiry(copy, expiresAtMillis);
        return copy;
    }

    /** {@code now + ttl}, saturating instead of overflowing for absurd TTLs. */
    static long expiryOf(long nowMillis, long ttlSeconds) {
        long ttlMillis = ttlSeconds > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : ttlSeconds * 1000;
        long sum = nowMillis + ttlMillis;
        return ((nowMillis ^ sum) & (ttlMillis ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    private static void writeExpiry(byte[] value, long expiresAtMillis) {
        for (int i = EXPIRY_BYTES - 1; i >= 0; i--) {
            value[i] = (byte) expiresAtMillis;
            expiresAtMillis >>>= 8;
        }
    }
}
