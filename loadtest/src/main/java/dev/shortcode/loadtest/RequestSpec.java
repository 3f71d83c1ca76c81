package dev.shortcode.loadtest;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One request to send, and the status that counts as success for it: anything else is counted
 * as an error under its status code.
 *
 * @param body null for requests without a body
 */
public record RequestSpec(HttpMethod method, String path, Buffer body, int expectedStatus) {

    public static RequestSpec get(String path, int expectedStatus) {
        return new RequestSpec(HttpMethod.GET, path, null, expectedStatus);
    }

    public static RequestSpec postJson(String path, Buffer body, int expectedStatus) {
        return new RequestSpec(HttpMethod.POST, path, body, expectedStatus);
    }
}
