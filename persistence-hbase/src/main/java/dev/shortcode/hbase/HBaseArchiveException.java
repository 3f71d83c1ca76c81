package dev.shortcode.hbase;

import dev.shortcode.core.store.StorageUnavailableException;
import java.io.IOException;

/**
 * An archive operation that HBase did not complete: refused, failed after its retries, or not
 * answered within the operation timeout (HBase down or unreachable). The message names the
 * operation, the table and how long it waited; the cause is HBase's own exception.
 *
 * <p>Nothing was acknowledged: a write that fails this way may or may not have been applied in
 * part, and is safe to retry as a whole (writes are idempotent).
 */
public final class HBaseArchiveException extends StorageUnavailableException {

    private static final long serialVersionUID = 1L;

    public HBaseArchiveException(String message, IOException cause) {
        super("hbase", message, cause);
    }
}
