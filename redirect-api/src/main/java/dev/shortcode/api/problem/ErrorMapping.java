package dev.shortcode.api.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shortcode.api.error.DomainException;
import dev.shortcode.api.error.ExternalIdTakenException;
import dev.shortcode.api.error.RateLimitedException;
import dev.shortcode.core.store.StorageUnavailableException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Every failure as the HTTP answer it gets, decided here and nowhere else:
 * <ul>
 *   <li>a {@link DomainException}: its kind's status (the table in {@link #domain});
 *   <li>a {@link StorageUnavailableException} anywhere in the cause chain: 503 with
 *       {@code Retry-After}; nothing was changed, or what was is safe to repeat. Logged once per
 *       store per interval ({@link OutageLog}), not once per request;
 *   <li>a body that is not the JSON the endpoint reads: 400 naming the field;
 *   <li>anything else is a bug: 500, logged with its stack under an error id that the answer
 *       carries, so a report can be matched to the log. No Java class names reach the client.
 * </ul>
 */
public final class ErrorMapping {

    private static final System.Logger LOG = System.getLogger(ErrorMapping.class.getName());

    /** Seconds a client is told to wait: reconnects and failovers of Redis take about this long. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private static final OutageLog OUTAGES = new OutageLog();

    private ErrorMapping() {}

    /** @param instance the request path, for the problem's {@code instance}; may be null */
    public static ProblemResponse map(Throwable failure, String instance) {
        Throwable cause = unwrap(failure);
        if (cause instanceof DomainException domain) {
            return domain(domain, instance);
        }
        Optional<StorageUnavailableException> outage = StorageUnavailableException.in(cause);
        if (outage.isPresent()) {
            OUTAGES.record(outage.get(), instance);
            return new ProblemResponse(503, new Problem(Problem.TYPE_BASE + "unavailable", "Service unavailable", 503,
                    "the " + outage.get().store() + " store did not answer; nothing was changed; retry shortly", instance),
                    Map.of("Retry-After", Integer.toString(RETRY_AFTER_SECONDS)));
        }
        if (cause instanceof JsonProcessingException json) {
            return domain(JsonProblems.of(json, ""), instance);
        }
        String errorId = UUID.randomUUID().toString().substring(0, 8);
        LOG.log(Level.ERROR, "unexpected failure (error id " + errorId + ") on " + instance, cause);
        return new ProblemResponse(500, new Problem(Problem.TYPE_BASE + "internal", "Internal error", 500,
                "the service failed unexpectedly; error id " + errorId + " is in its log", instance), Map.of());
    }

    private static ProblemResponse domain(DomainException e, String instance) {
        int status;
        String title;
        Map<String, String> headers = Map.of();
        switch (e.kind()) {
            case INVALID_REQUEST -> { status = 400; title = "Invalid request"; }
            case NOT_FOUND -> { status = 404; title = "Not found"; }
            case EXTERNAL_ID_TAKEN -> {
                return new ProblemResponse(409, new Problem(Problem.TYPE_BASE + e.type(), "Conflict", 409, e.getMessage(), instance, null,
                        ((ExternalIdTakenException) e).code()), Map.of());
            }
            case ALIAS_TAKEN, CONCURRENT_UPDATE, IDEMPOTENCY_IN_PROGRESS, LAST_ADMIN_KEY, DOMAIN_TAKEN -> { status = 409; title = "Conflict"; }
            case IDEMPOTENCY_KEY_REUSED -> { status = 422; title = "Idempotency-Key reused"; }
            case REF_REUSED -> { status = 422; title = "Ref reused"; }
            case REF_IN_PROGRESS -> { status = 409; title = "Conflict"; }
            case NOT_OWNER, MISSING_SCOPE -> { status = 403; title = "Forbidden"; }
            case BATCH_TOO_LARGE -> { status = 413; title = "Batch too large"; }
            case UNAUTHENTICATED -> {
                status = 401;
                title = "Unauthenticated";
                headers = Map.of("WWW-Authenticate", "ApiKey header=\"X-API-Key\"");
            }
            case LINK_DISABLED -> { status = 410; title = "Gone"; }
            case CLIENT_RATE_LIMITED -> {
                status = 429;
                title = "Too many requests";
                headers = Map.of("Retry-After", Long.toString(((dev.shortcode.api.error.ClientRateLimitedException) e).retryAfterSeconds()));
            }
            case POOL_EXHAUSTED, NOT_READY, OVERLOADED -> {
                status = 503;
                title = "Service unavailable";
                headers = Map.of("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
            }
            case RATE_LIMITED -> {
                RateLimitedException limited = (RateLimitedException) e;
                return new ProblemResponse(429, new Problem(Problem.TYPE_BASE + e.type(), "Too many requests", 429, e.getMessage(), instance,
                        List.of(limited.policy())), Map.of("Retry-After", Long.toString(limited.retryAfterSeconds())));
            }
            default -> throw new IllegalStateException("unmapped kind " + e.kind());
        }
        return new ProblemResponse(status, new Problem(Problem.TYPE_BASE + e.type(), title, status, e.getMessage(), instance), headers);
    }

    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
