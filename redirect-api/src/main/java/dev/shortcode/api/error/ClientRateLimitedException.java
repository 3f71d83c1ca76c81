package dev.shortcode.api.error;

/** One client (an IP address) sent more requests of a kind than its allowance; it may try again after {@link #retryAfterSeconds()}. */
public final class ClientRateLimitedException extends DomainException {

    private static final long serialVersionUID = 1L;

    private final long retryAfterSeconds;

    public ClientRateLimitedException(String what, long retryAfterSeconds) {
        super(Kind.CLIENT_RATE_LIMITED, "rate-limited", "too many " + what + " from this address; retry in " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
