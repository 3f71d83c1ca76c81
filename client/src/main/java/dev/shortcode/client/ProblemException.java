package dev.shortcode.client;

/**
 * The service refused a request and said why. {@link #of} picks the subclass for the status, so
 * a caller catches what it can handle ({@link LinkNotFoundException}, {@link RateLimitedException},
 * …) and lets the rest through.
 */
public class ProblemException extends ShortcodeException {

    private final Problem problem;

    public ProblemException(Problem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    public int status() {
        return problem.status();
    }

    /** @param retryAfterSeconds the {@code Retry-After} header, or -1 without one */
    public static ProblemException of(Problem problem, long retryAfterSeconds) {
        return switch (problem.status()) {
            case 400, 413, 415, 422 -> new InvalidRequestException(problem);
            case 401 -> new UnauthenticatedException(problem);
            case 403 -> new ForbiddenException(problem);
            case 404 -> new LinkNotFoundException(problem);
            case 409 -> new ConflictException(problem);
            case 429, 503 -> new RetryLaterException(problem, retryAfterSeconds);
            default -> new ProblemException(problem);
        };
    }

    /** 400, 413, 415, 422: the request or one of its fields is not what the operation takes. */
    public static final class InvalidRequestException extends ProblemException {
        public InvalidRequestException(Problem problem) {
            super(problem);
        }
    }

    /** 401: no API key, or an unknown, revoked or expired one. */
    public static final class UnauthenticatedException extends ProblemException {
        public UnauthenticatedException(Problem problem) {
            super(problem);
        }
    }

    /** 403: the key lacks the scope, or the link is another key's. */
    public static final class ForbiddenException extends ProblemException {
        public ForbiddenException(Problem problem) {
            super(problem);
        }
    }

    /** 404: no live link has the code. */
    public static final class LinkNotFoundException extends ProblemException {
        public LinkNotFoundException(Problem problem) {
            super(problem);
        }
    }

    /** 409: a taken alias, a concurrent change, a ref still in progress. */
    public static final class ConflictException extends ProblemException {
        public ConflictException(Problem problem) {
            super(problem);
        }
    }

    /** 429 and 503: limits or an outage; nothing was done, and the same request may be sent again later. */
    public static final class RetryLaterException extends ProblemException {
        private final long retryAfterSeconds;

        public RetryLaterException(Problem problem, long retryAfterSeconds) {
            super(problem);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        /** The service's {@code Retry-After}, or -1 when it gave none. */
        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }
}
