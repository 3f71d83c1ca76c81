package dev.shortcode.loadtest;

/**
 * What happened to one sent request, with the clock readings that latency is computed from.
 *
 * @param sentNanos      when a connection was obtained and the request written; -1 if never
 * @param completedNanos when the whole response body had arrived, or the failure was seen
 * @param status         the HTTP status, or 0 on failure
 * @param failure        null when a response arrived
 */
public record Exchange(long sentNanos, long completedNanos, int status, FailureKind failure) {

    public static Exchange response(long sentNanos, long completedNanos, int status) {
        return new Exchange(sentNanos, completedNanos, status, null);
    }

    public static Exchange failed(long sentNanos, long completedNanos, FailureKind failure) {
        return new Exchange(sentNanos, completedNanos, 0, failure);
    }

    public boolean answered() {
        return failure == null;
    }
}
