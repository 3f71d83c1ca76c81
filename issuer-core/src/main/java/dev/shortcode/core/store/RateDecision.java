package dev.shortcode.core.store;

/**
 * What a {@link RateLimits#take} decided, with what the RateLimit header fields report.
 *
 * @param allowed           whether the units were taken
 * @param remaining         whole units left after this decision
 * @param resetSeconds      seconds until more units become available: the next unit of a
 *                          gradual limit (0 when it is full), the next 00:00 UTC of a daily one
 * @param retryAfterSeconds when refused, seconds until the asked units could be taken (at least
 *                          1); 0 when allowed
 * @param shared            true when decided by the limit shared by all nodes; false when by this
 *                          node alone (embedded storage, or the shared store did not answer)
 */
public record RateDecision(boolean allowed, long remaining, long resetSeconds, long retryAfterSeconds, boolean shared) {

    public RateDecision {
        if (remaining < 0 || resetSeconds < 0 || retryAfterSeconds < 0) {
            throw new IllegalArgumentException("negative figures in " + remaining + "/" + resetSeconds + "/" + retryAfterSeconds);
        }
        if (!allowed && retryAfterSeconds < 1) {
            throw new IllegalArgumentException("a refusal says when to retry");
        }
    }
}
