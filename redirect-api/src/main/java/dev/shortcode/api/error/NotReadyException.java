package dev.shortcode.api.error;

/** What was asked for is not there yet (the first measurement of the stores, say); a retry shortly will find it. */
public final class NotReadyException extends DomainException {

    private static final long serialVersionUID = 1L;

    public NotReadyException(String detail) {
        super(Kind.NOT_READY, "not-ready", detail);
    }
}
