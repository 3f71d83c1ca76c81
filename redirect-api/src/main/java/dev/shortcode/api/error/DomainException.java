package dev.shortcode.api.error;

/**
 * A request the service refuses, for a reason the client can act on. Says what went wrong in the
 * domain's terms, never in HTTP's: {@link ErrorMapping} gives each {@link Kind} its status, in one
 * place. The message is the problem's {@code detail}: it names the field or value and says what to
 * do instead. No stack trace is kept: these are answers, not faults.
 */
public abstract sealed class DomainException extends RuntimeException
        permits InvalidRequestException, NotFoundException, AliasTakenException, ExternalIdTakenException, ConcurrentUpdateException,
        IdempotencyKeyReusedException, IdempotencyInProgressException, NotOwnerException, PoolExhaustedException,
        LastAdminKeyException, BatchTooLargeException, UnauthenticatedException, MissingScopeException, LinkDisabledException,
        ClientRateLimitedException, NotReadyException, RefReusedException, RefInProgressException,
        RateLimitedException, OverloadedException, DomainTakenException {

    private static final long serialVersionUID = 1L;

    /** The kinds of refusal, each one status and one problem title ({@link ErrorMapping}). */
    public enum Kind {
        INVALID_REQUEST, NOT_FOUND, ALIAS_TAKEN, EXTERNAL_ID_TAKEN, CONCURRENT_UPDATE, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS, NOT_OWNER,
        POOL_EXHAUSTED, LAST_ADMIN_KEY, BATCH_TOO_LARGE, UNAUTHENTICATED, MISSING_SCOPE, LINK_DISABLED, CLIENT_RATE_LIMITED, NOT_READY,
        REF_REUSED, REF_IN_PROGRESS, RATE_LIMITED, OVERLOADED, DOMAIN_TAKEN
    }

    private final Kind kind;
    private final String type;

    /** @param type the problem type's last segment, e.g. {@code invalid-ttl}: what clients branch on */
    DomainException(Kind kind, String type, String detail) {
        super(detail, null, false, false);
        this.kind = kind;
        this.type = type;
    }

    public Kind kind() {
        return kind;
    }

    public String type() {
        return type;
    }
}
