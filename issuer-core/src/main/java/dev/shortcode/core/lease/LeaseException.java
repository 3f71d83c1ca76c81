package dev.shortcode.core.lease;

/** A block could not be leased: the backend is unreachable or a reset did not settle in time. */
public class LeaseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LeaseException(String message) {
        super(message);
    }

    public LeaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
