package dev.shortcode.api.error;

/** The request cannot be served as sent: a field is missing, malformed or out of range; the detail names it and says what is allowed. */
public final class InvalidRequestException extends DomainException {

    private static final long serialVersionUID = 1L;

    public InvalidRequestException(String type, String detail) {
        super(Kind.INVALID_REQUEST, type, detail);
    }
}
