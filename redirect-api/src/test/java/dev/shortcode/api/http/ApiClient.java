package dev.shortcode.api.http;

import static io.restassured.RestAssured.given;

import dev.shortcode.api.config.LimitOptions;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;

/** Small helpers over RestAssured for the API tests: keys, creates, redirects. */
final class ApiClient {

    /** The bootstrap admin key the test profiles configure. */
    static final String ADMIN_KEY = "sck_test_admin_key_of_enough_length_123";

    /** The limits of a key without its own: the defaults of {@code shortcode.limits.*}, which the test profiles keep. */
    static final long DEFAULT_REQUESTS_PER_MINUTE = Long.parseLong(LimitOptions.DEFAULT_REQUESTS_PER_MINUTE);
    static final long DEFAULT_LINKS_PER_DAY = Long.parseLong(LimitOptions.DEFAULT_LINKS_PER_DAY);

    private ApiClient() {}

    /** The {@code RateLimit-Policy} field of a key with these limits. */
    static String ratePolicy(long requestsPerMinute, long linksPerDay) {
        return burstPolicy(requestsPerMinute) + ", \"daily\";q=" + linksPerDay + ";w=86400";
    }

    /** The {@code RateLimit-Policy} field of a key with a burst limit only. */
    static String burstPolicy(long requestsPerMinute) {
        return "\"burst\";q=" + requestsPerMinute + ";w=60";
    }

    static RequestSpecification as(String key) {
        RequestSpecification spec = given().contentType(ContentType.JSON).redirects().follow(false);
        return key == null ? spec : spec.header("X-API-Key", key);
    }

    /** Creates an API key with the given scopes and returns its secret. */
    static String key(String... scopes) {
        return as(ADMIN_KEY).body(Map.of("name", "test key", "scopes", List.of(scopes)))
                .post("/api/v1/keys").then().statusCode(201).extract().path("key");
    }

    static Response create(String key, Map<String, ?> body) {
        return as(key).body(body).post("/api/v1/links");
    }

    static String createCode(String key, String url) {
        return create(key, Map.of("url", url)).then().statusCode(201).extract().path("code");
    }

    static Response redirect(String code) {
        return given().redirects().follow(false).get("/" + code);
    }
}
