package dev.shortcode.api.error;

import java.time.Duration;

/** An Idempotency-Key sent again with a different request (url, ttl or alias) within its lifetime. */
public final class IdempotencyKeyReusedException extends DomainException {

    private static final long serialVersionUID = 1L;

    public IdempotencyKeyReusedException(String key, String madeCode, Duration remembered) {
        super(Kind.IDEMPOTENCY_KEY_REUSED, "idempotency-key-reused", "Idempotency-Key '" + Echo.of(key) + "' was used in the last "
                + remembered.toHours() + " h for a different request (another url, ttl or alias), which made link '" + madeCode
                + "'; send a new key");
    }
}
