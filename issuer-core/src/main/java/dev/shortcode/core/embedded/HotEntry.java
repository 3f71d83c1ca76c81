package dev.shortcode.core.embedded;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import java.nio.charset.StandardCharsets;

/**
 * The value of a code in the {@code links} column family: the expiry, then the record.
 *
 * <pre>expiresAt ({@link ExpiryPrefix}, 8 bytes) | LinkRecordCodec payload (UTF-8)</pre>
 *
 * A TTL extension rewrites the 8 expiry bytes of a copy without re-encoding the record.
 */
final class HotEntry {

    static final int EXPIRY_BYTES = ExpiryPrefix.BYTES;

    private HotEntry() {}

    static byte[] encode(long expiresAtMillis, LinkRecord link) {
        return encode(expiresAtMillis, payload(link));
    }

    /** The record as this entry holds it after its expiry, and an {@link ArchiveCell} after its header. */
    static byte[] payload(LinkRecord link) {
        return LinkRecordCodec.encode(link).getBytes(StandardCharsets.UTF_8);
    }

    /** @param payload the record as {@link #payload} encodes it */
    static byte[] encode(long expiresAtMillis, byte[] payload) {
        byte[] value = new byte[EXPIRY_BYTES + payload.length];
        ExpiryPrefix.write(value, expiresAtMillis);
        System.arraycopy(payload, 0, value, EXPIRY_BYTES, payload.length);
        return value;
    }

    static long expiresAt(byte[] value) {
        return ExpiryPrefix.read(value);
    }

    static LinkRecord link(String code, byte[] value) {
        return LinkRecordCodec.decode(code, new String(value, EXPIRY_BYTES, value.length - EXPIRY_BYTES, StandardCharsets.UTF_8));
    }

    /** A copy of {@code value} with another expiry; the record bytes are kept as they are. */
    static byte[] withExpiry(byte[] value, long expiresAtMillis) {
        byte[] copy = value.clone();
        ExpiryPrefix.write(copy, expiresAtMillis);
        return copy;
    }

    /** {@code now + ttl}, saturating instead of overflowing for absurd TTLs. */
    static long expiryOf(long nowMillis, long ttlSeconds) {
        return ExpiryPrefix.afterSeconds(nowMillis, ttlSeconds);
    }
}
