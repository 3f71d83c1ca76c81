package dev.shortcode.api.problem;

/**
 * A request that cannot be served, with what RFC 9457 needs to say why. Thrown by validation and
 * services; rendered as {@code application/problem+json} by {@link ProblemMapper}.
 */
public final class ProblemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String type;
    private final String title;

    public ProblemException(int status, String type, String title, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.type = type;
        this.title = title;
    }

    public static ProblemException badRequest(String type, String detail) {
        return new ProblemException(400, type, "Invalid request", detail);
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, "not-found", "Not found", detail);
    }

    public static ProblemException conflict(String type, String detail) {
        return new ProblemException(409, type, "Conflict", detail);
    }

    public static ProblemException unavailable(String detail) {
        return new ProblemException(503, "unavailable", "Service unavailable", detail);
    }

    public int status() {
        return status;
    }

    public Problem toProblem(String instance) {
        return new Problem(Problem.TYPE_BASE + type, title, status, getMessage(), instance);
    }
}
