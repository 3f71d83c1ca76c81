package dev.shortcode.api.error;

/** Another request with the same Idempotency-Key has not finished within the wait. */
public final class IdempotencyInProgressException extends DomainException {

    private static final long serialVersionUID = 1L;

    public IdempotencyInProgressException() {
        super(Kind.IDEMPOTENCY_IN_PROGRESS, "idempotency-in-progress", "a request with this Idempotency-Key is still being processed; retry later");
    }
}
