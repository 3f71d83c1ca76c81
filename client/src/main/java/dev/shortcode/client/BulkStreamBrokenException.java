package dev.shortcode.client;

import java.util.List;

/**
 * A bulk stream ended before every line sent was answered: the connection broke, the service
 * closed it (its stream lifetime, an idle timeout) or stopped answering. The lines sent and not
 * answered are {@link #unanswered()}, in order; lines not taken from the caller's iterator yet are
 * still there. Sending both again with the same refs is safe: a line that made its link answers
 * that link.
 */
public final class BulkStreamBrokenException extends ShortcodeException {

    private final transient List<Object> unanswered;
    private final long answered;

    BulkStreamBrokenException(String message, Throwable cause, List<Object> unanswered, long answered) {
        super(message, cause);
        this.unanswered = List.copyOf(unanswered);
        this.answered = answered;
    }

    /** The items of this stream that were sent, or taken to be sent, and got no result line. */
    @SuppressWarnings("unchecked")
    public <T> List<T> unanswered() {
        return (List<T>) unanswered;
    }

    /** Result lines this stream delivered before it broke. */
    public long answered() {
        return answered;
    }
}
