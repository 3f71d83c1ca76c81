package dev.shortcode.core.embedded;

import dev.shortcode.core.store.IdempotencyStore.Claim;
import java.nio.charset.StandardCharsets;

/**
 * Key and value of an idempotency key in the {@code idempotency} column family.
 *
 * <pre>
 * key:   scope (UTF-8) | 0 | idempotency key (UTF-8)
 * value: expiresAt ({@link ExpiryPrefix}, 8 bytes) | state (1 byte: 0 pending, 1 done) | outcome (UTF-8, done only)
 * </pre>
 *
 * The NUL separator keeps one scope's keys apart from another's whose name extends it ("a" and
 * "ab"); scopes therefore must not contain NUL. The leading expiry lets the {@link ExpirySweeper}
 * remove forgotten entries without decoding them.
 */
final class IdempotencyEntry {

    private static final byte PENDING = 0;
    private static final byte DONE = 1;
    private static final int HEADER_BYTES = ExpiryPrefix.BYTES + 1;

    private IdempotencyEntry() {}

    static byte[] key(String scope, String idempotencyKey) {
        if (scope.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("idempotency scope must not contain NUL");
        }
        return (scope + '\0' + idempotencyKey).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] pending(long expiresAtMillis) {
        byte[] value = new byte[HEADER_BYTES];
        ExpiryPrefix.write(value, expiresAtMillis);
        value[ExpiryPrefix.BYTES] = PENDING;
        return value;
    }

    static byte[] done(long expiresAtMillis, String outcome) {
        byte[] payload = outcome.getBytes(StandardCharsets.UTF_8);
        byte[] value = new byte[HEADER_BYTES + payload.length];
        ExpiryPrefix.write(value, expiresAtMillis);
        value[ExpiryPrefix.BYTES] = DONE;
        System.arraycopy(payload, 0, value, HEADER_BYTES, payload.length);
        return value;
    }

    /** What a later claim of a live entry gets: {@link Claim.Pending} or {@link Claim.Done}. */
    static Claim claimOf(byte[] value) {
        if (value.length < HEADER_BYTES) {
            throw new IllegalArgumentException("corrupt idempotency entry: " + value.length + " bytes");
        }
        return switch (value[ExpiryPrefix.BYTES]) {
            case PENDING -> new Claim.Pending();
            case DONE -> new Claim.Done(new String(value, HEADER_BYTES, value.length - HEADER_BYTES, StandardCharsets.UTF_8));
            default -> throw new IllegalArgumentException("corrupt idempotency entry: state " + value[ExpiryPrefix.BYTES]);
        };
    }
}
