package dev.shortcode.api.stats;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The keyed hash that stands for a visitor in the unique-visitor counts: SipHash-2-4 (Aumasson
 * and Bernstein, 2012) of (IP, user agent, code) under the day's 16-byte random salt; the stores
 * take it as 16 hex digits ({@link dev.shortcode.core.store.VisitorHashes#text}). Without the salt
 * nobody can tell whether a hash belongs to a given IP, and once the salt is destroyed (after 48
 * hours) nobody can at all; the IP itself is never stored (Plausible's scheme). The same visitor gets another hash the next day, so uniques are per day.
 */
final class VisitorHash {

    private VisitorHash() {}

    /** The hash, which the tally and the flush keep as it is, not as its text. */
    static long hash(byte[] salt, String ip, String userAgent, String code) {
        byte[] message = (ip + '\0' + (userAgent == null ? "" : userAgent) + '\0' + code).getBytes(StandardCharsets.UTF_8);
        return sipHash24(salt, message);
    }

    /** SipHash-2-4 of {@code message} under the 16-byte {@code key}. */
    static long sipHash24(byte[] key, byte[] message) {
        ByteBuffer k = ByteBuffer.wrap(key).order(ByteOrder.LITTLE_ENDIAN);
        long k0 = k.getLong(0);
        long k1 = k.getLong(8);
        long v0 = 0x736f6d6570736575L ^ k0;
        long v1 = 0x646f72616e646f6dL ^ k1;
        long v2 = 0x6c7967656e657261L ^ k0;
        long v3 = 0x7465646279746573L ^ k1;
        ByteBuffer m = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
        int whole = message.length - message.length % 8;
        for (int i = 0; i < whole; i += 8) {
            long mi = m.getLong(i);
            v3 ^= mi;
            for (int r = 0; r < 2; r++) {
                v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
                v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
                v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
                v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
            }
            v0 ^= mi;
        }
        long last = ((long) message.length & 0xff) << 56;
        for (int i = whole; i < message.length; i++) {
            last |= ((long) message[i] & 0xff) << (8 * (i - whole));
        }
        v3 ^= last;
        for (int r = 0; r < 2; r++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        v0 ^= last;
        v2 ^= 0xff;
        for (int r = 0; r < 4; r++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }
}
