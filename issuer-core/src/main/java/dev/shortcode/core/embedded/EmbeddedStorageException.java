package dev.shortcode.core.embedded;

/** The embedded database failed or is closed; the operation did not take effect (or is not known to have). */
public class EmbeddedStorageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EmbeddedStorageException(String message, Throwable cause) {
        super(message, cause);
    }

    public EmbeddedStorageException(String message) {
        super(message);
    }
}
