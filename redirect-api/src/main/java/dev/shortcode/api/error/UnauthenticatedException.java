package dev.shortcode.api.error;

/** No API key, or one that is unknown, revoked or expired. */
public final class UnauthenticatedException extends DomainException {

    private static final long serialVersionUID = 1L;

    public UnauthenticatedException(String detail) {
        super(Kind.UNAUTHENTICATED, "unauthenticated", detail);
    }
}
