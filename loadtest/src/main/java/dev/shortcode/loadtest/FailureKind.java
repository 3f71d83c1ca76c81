package dev.shortcode.loadtest;

import java.net.ConnectException;
import java.util.Locale;

/**
 * Why a scheduled request got no HTTP response. Counted next to the unexpected status codes, so
 * the error table says what went wrong rather than one opaque number.
 */
public enum FailureKind {
    /** No pooled connection became free within {@code --timeout}. */
    POOL_TIMEOUT("pool-timeout"),
    /** Sent, but no response within {@code --timeout}. */
    TIMEOUT("timeout"),
    /** The TCP connection could not be opened (refused, reset during connect). */
    CONNECT_ERROR("connect-error"),
    /** Any other I/O failure (connection closed mid-response, protocol error). */
    IO_ERROR("io-error"),
    /** Not sent: {@code --max-in-flight} requests were already outstanding. */
    DROPPED("dropped"),
    /** Not sent: the generator itself fell behind the schedule past its time bound. */
    NOT_SENT("not-sent"),
    /** Sent but still outstanding when the run's drain time ran out. */
    UNFINISHED("unfinished");

    private final String label;

    FailureKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * @param sent whether the request had been written (a connection was obtained); a timeout
     *             before that is the pool's, after it the server's
     */
    public static FailureKind classify(Throwable failure, boolean sent) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return CONNECT_ERROR;
            }
            String name = t.getClass().getSimpleName().toLowerCase(Locale.ROOT);
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (name.contains("timeout") || message.contains("timeout") || message.contains("timed out")) {
                return sent ? TIMEOUT : POOL_TIMEOUT;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return sent ? IO_ERROR : CONNECT_ERROR;
    }
}
