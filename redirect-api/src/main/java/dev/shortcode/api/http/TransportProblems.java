package dev.shortcode.api.http;

import dev.shortcode.api.problem.Problem;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Problems answered below the JSON API, from Vert.x handlers: the same RFC 9457 body as
 * {@code ProblemMapper} renders, for requests refused before any endpoint sees them.
 */
final class TransportProblems {

    static final String NOSNIFF = "nosniff";

    private TransportProblems() {}

    /** Answers the problem; with {@code close}, closes the connection once the answer is written. */
    static void respond(RoutingContext rc, int status, String type, String title, String detail, boolean close) {
        HttpServerResponse response = rc.response();
        if (response.headWritten()) {
            rc.request().connection().close();
            return;
        }
        JsonObject problem = new JsonObject().put("type", Problem.TYPE_BASE + type).put("title", title).put("status", status)
                .put("detail", detail);
        String path = rc.request().path();
        if (path != null) {
            problem.put("instance", path);
        }
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader("X-Content-Type-Options", NOSNIFF); // also where the configured header route did not run
        if (close) {
            response.putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
            response.endHandler(v -> rc.request().connection().close());
        }
        response.end(problem.encode());
    }
}
