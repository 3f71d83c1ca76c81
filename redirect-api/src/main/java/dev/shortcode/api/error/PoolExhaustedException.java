package dev.shortcode.api.error;

/**
 * Issued codes kept turning out taken (live links of an older epoch after a wrap): the pool is
 * nearly full. The create did nothing; a retry may succeed, and the operator should add a longer
 * pool or shorten the TTL (the capacity page says which).
 */
public final class PoolExhaustedException extends DomainException {

    private static final long serialVersionUID = 1L;

    public PoolExhaustedException(String pool, int attempts) {
        super(Kind.POOL_EXHAUSTED, "pool-exhausted", "pool " + pool + " found " + attempts
                + " taken codes in a row; it is nearly full: retry, and tell the operator to add a longer pool");
    }
}
