package dev.shortcode.api.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.util.Map;

/** The Vert.x form of a problem, for the routes that bypass JAX-RS (the redirect). */
public final class ProblemWriter {

    private ProblemWriter() {}

    public static void write(HttpServerResponse response, ProblemResponse problem, ObjectMapper json) {
        response.setStatusCode(problem.status());
        for (Map.Entry<String, String> header : problem.headers().entrySet()) {
            response.putHeader(header.getKey(), header.getValue());
        }
        String body;
        try {
            body = json.writeValueAsString(problem.problem());
        } catch (JsonProcessingException e) {
            body = "{\"status\":" + problem.status() + "}";
        }
        response.putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE).end(body);
    }
}
