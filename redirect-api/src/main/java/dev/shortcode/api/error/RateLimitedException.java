package dev.shortcode.api.error;

/**
 * The API key used up one of its limits: its burst ({@code rate-limited}) or its day's quota of
 * links ({@code quota-exceeded}). Nothing was done; the problem names the policy, and the answer
 * says when to retry.
 */
public final class RateLimitedException extends DomainException {

    private static final long serialVersionUID = 1L;

    private final String policy;
    private final long retryAfterSeconds;

    private RateLimitedException(String type, String policy, long retryAfterSeconds, String detail) {
        super(Kind.RATE_LIMITED, type, detail);
        this.policy = policy;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** More requests a minute than the key may send. */
    public static RateLimitedException burst(String policy, long perMinute, long retryAfterSeconds) {
        return new RateLimitedException("rate-limited", policy, retryAfterSeconds, "this API key may send " + perMinute
                + " requests a minute (policy '" + policy + "'); retry after " + retryAfterSeconds + " s");
    }

    /** More links today than the key may create. */
    public static RateLimitedException quota(String policy, long perDay, long asked, long remaining, long retryAfterSeconds) {
        return new RateLimitedException("quota-exceeded", policy, retryAfterSeconds, "this API key may create " + perDay
                + " links a day (UTC; policy '" + policy + "'): " + remaining + " left, this request needs " + asked
                + "; nothing was created; the quota is renewed at 00:00 UTC, in " + retryAfterSeconds + " s");
    }

    /** The policy violated, as named in the RateLimit header fields. */
    public String policy() {
        return policy;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
