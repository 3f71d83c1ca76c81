package dev.shortcode.core.embedded;

import dev.shortcode.core.store.StorageUnavailableException;

/** The embedded database failed or is closed; the operation did not take effect (or is not known to have). */
public class EmbeddedStorageException extends StorageUnavailableException {

    private static final long serialVersionUID = 1L;

    public EmbeddedStorageException(String message, Throwable cause) {
        super("rocksdb", message, cause);
    }

    public EmbeddedStorageException(String message) {
        super("rocksdb", message);
    }
}
