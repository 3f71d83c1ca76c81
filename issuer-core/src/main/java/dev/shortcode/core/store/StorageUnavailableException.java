package dev.shortcode.core.store;

import java.util.Optional;

/**
 * A store did not answer, or refused for now: down, unreachable, overloaded, failing over. Not a
 * bug: the operation did not take effect, or what did is safe to repeat (creates are
 * put-if-absent, archive writes idempotent), so the caller's client should retry shortly.
 *
 * <p>Every storage adapter translates its client library's failures into this type (or a subclass)
 * at its own boundary, so that callers tell an outage from a bug with one {@code instanceof} and
 * know nothing of Lettuce, HBase or RocksDB exceptions.
 */
public class StorageUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String store;

    /** @param store what is unavailable, for people: {@code redis}, {@code hbase}, {@code rocksdb} */
    public StorageUnavailableException(String store, String message, Throwable cause) {
        super(message, cause);
        this.store = store;
    }

    public StorageUnavailableException(String store, String message) {
        this(store, message, null);
    }

    public String store() {
        return store;
    }

    /** The outage anywhere in {@code failure}'s cause chain, if there is one. */
    public static Optional<StorageUnavailableException> in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StorageUnavailableException outage) {
                return Optional.of(outage);
            }
        }
        return Optional.empty();
    }
}
