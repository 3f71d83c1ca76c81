package dev.shortcode.api.problem;

import dev.shortcode.core.embedded.EmbeddedStorageException;
import dev.shortcode.core.embedded.WriteQueueFullException;
import dev.shortcode.hbase.HBaseArchiveException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import java.util.List;
import java.util.Optional;

/**
 * Tells a storage outage from a bug. A dependency that is down, slow or overloaded is the client's
 * cue to retry (503 with {@code Retry-After}), not an internal error: nothing was stored by the
 * failed request, or what was is safe to repeat (creates are put-if-absent, the archive idempotent).
 */
public final class StorageOutage {

    /** Seconds a client is told to wait: reconnects and failovers of Redis take about this long. */
    public static final int RETRY_AFTER_SECONDS = 1;

    /** Redis error replies that mean "not now" (memory, loading, failover, cluster reshaping), not a bad command. */
    private static final List<String> TRANSIENT_REDIS_ERRORS =
            List.of("OOM", "LOADING", "BUSY", "CLUSTERDOWN", "TRYAGAIN", "MASTERDOWN", "READONLY", "NOREPLICAS");

    private StorageOutage() {}

    /** What is unavailable, for a problem's {@code detail}; empty when the failure is not an outage. */
    public static Optional<String> describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String cause = " (" + t.getClass().getSimpleName() + ")";
            if (t instanceof RedisConnectionException || t instanceof RedisCommandTimeoutException
                    || t instanceof RedisCommandInterruptedException) {
                return Optional.of("Redis did not answer" + cause + "; retry shortly");
            }
            if (t instanceof RedisCommandExecutionException e && isTransient(e.getMessage())) {
                return Optional.of("Redis refused the command for now (" + firstWord(e.getMessage()) + "); retry shortly");
            }
            if (t instanceof HBaseArchiveException) {
                return Optional.of("the HBase archive did not answer" + cause + "; retry shortly");
            }
            if (t instanceof WriteQueueFullException) {
                return Optional.of("the embedded store is receiving writes faster than its disk syncs them; retry shortly");
            }
            if (t instanceof EmbeddedStorageException) {
                return Optional.of("the embedded store failed" + cause + "; it is logged; retry shortly");
            }
        }
        return Optional.empty();
    }

    private static boolean isTransient(String message) {
        return message != null && TRANSIENT_REDIS_ERRORS.contains(firstWord(message));
    }

    private static String firstWord(String message) {
        int space = message.indexOf(' ');
        return space < 0 ? message : message.substring(0, space);
    }
}
