package dev.shortcode.api.problem;

import java.util.Map;

/**
 * An error as it goes out: status, RFC 9457 body, and the headers that belong to it
 * ({@code Retry-After}, {@code WWW-Authenticate}). Written by JAX-RS ({@link ProblemMapper}) and by
 * the Vert.x routes ({@link ProblemWriter}) alike.
 */
public record ProblemResponse(int status, Problem problem, Map<String, String> headers) {

    public ProblemResponse {
        headers = Map.copyOf(headers);
    }

    /** A problem the HTTP layer itself decides (no such route, wrong method or media type). */
    public static ProblemResponse of(int status, String type, String title, String detail, String instance) {
        return new ProblemResponse(status, new Problem(Problem.TYPE_BASE + type, title, status, detail, instance), Map.of());
    }
}
