package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.createCode;
import static dev.shortcode.api.http.ApiClient.redirect;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.lessThan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.HttpOptions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One test per class of defect a hostile client found, each generalised beyond the first example:
 * every one is a 4xx problem that stores or changes nothing. Embedded storage; the raw-HTTP ones
 * on a socket to the running service.
 */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedHostileInputIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    MeterRegistry registry;

    @TestHTTPResource(value = "", management = true)
    URI management;

    private String code;

    @BeforeEach
    void link() {
        code = create(ADMIN_KEY, Map.of("url", "https://example.com/untouched", "ttl", "P2D")).then().statusCode(201).extract().path("code");
    }

    @Test
    void anyBody_invalidUtf8OfEveryKind_answers400NamingIt_andStoresNothing() {
        List<String> sequences = List.of("c0af", "c0ae", "e080af", "e080ae", "f08080af", "c1bf", "eda080", "edbfbf",
                "f4908080", "f5808080", "e282", "80", "ff", "00");
        for (String hex : sequences) {
            byte[] bad = HexFormat.of().parseHex(hex);
            double before = linksCreated();
            post("/api/v1/links", body("{\"url\":\"https://example.com/a", bad, "b\"}")).then().statusCode(400)
                    .contentType("application/problem+json").body("type", containsString("invalid-utf8"));
            post("/api/v1/links", body("{\"url\":\"https://ex", bad, "ample.com/\"}")).then().statusCode(400);
            post("/api/v1/links/batch", body("{\"links\":[{\"url\":\"https://example.com/", bad, "\"}]}")).then().statusCode(400)
                    .body("type", containsString("invalid-utf8"));
            as(ADMIN_KEY).contentType(ContentType.JSON).body(body("{\"url\":\"https://example.com/", bad, "\"}"))
                    .patch("/api/v1/links/" + code).then().statusCode(400);
            post("/api/v1/keys", body("{\"name\":\"k", bad, "\",\"scopes\":[\"admin\"]}")).then().statusCode(400);
            assertThat(linksCreated()).as(hex).isEqualTo(before);
        }
        assertUntouched();
    }

    @Test
    void anyBody_emptyOrBlankOrNull_answers400Problem_andStoresNothing() {
        double before = linksCreated();
        for (String blank : List.of("", "   ", "\r\n", "null")) {
            for (String path : List.of("/api/v1/links", "/api/v1/links/batch")) {
                post(path, blank).then().statusCode(400).contentType("application/problem+json")
                        .body("type", containsString("invalid-body"));
            }
            post("/api/v1/keys", blank).then().statusCode(400).contentType("application/problem+json")
                    .body("detail", containsString("name is required"));
            as(ADMIN_KEY).contentType(ContentType.JSON).body(blank).patch("/api/v1/links/" + code).then().statusCode(400)
                    .contentType("application/problem+json");
        }
        assertThat(linksCreated()).isEqualTo(before);
        assertUntouched();
    }

    @Test
    void createAndPatch_invisibleCharactersByCodePoint_answer400_andChangeNothing() {
        double before = linksCreated();
        for (int cp : new int[] {0xE0001, 0xE0041, 0xE007F, 0xE0100, 0x1D173, 0x1D17A, 0x1BCA0, 0x1BCA3, 0x13430, 0x200B, 0x2066, 0xFE0F}) {
            String url = "https://example.com/x" + new String(Character.toChars(cp)) + "y";
            create(ADMIN_KEY, Map.of("url", url)).then().statusCode(400).body("detail", containsString(String.format("U+%04X", cp)));
            as(ADMIN_KEY).body(Map.of("url", url)).patch("/api/v1/links/" + code).then().statusCode(400);
            batchItemStatus(Map.of("url", url), 400);
        }
        assertThat(linksCreated()).isEqualTo(before);
        assertUntouched();
    }

    @Test
    void createPatchAndBatch_weekOrDurationOverflow_answer400_andInABatchOnlyThatItemFails() {
        double before = linksCreated();
        for (String ttl : List.of("P99999999999999999999W", "P2000000000000000W", "P7905747460161236407W", "PT99999999999999999999H",
                "P106751991167301D", "P106751991167300DT24H")) {
            create(ADMIN_KEY, Map.of("url", "https://example.com/ttl", "ttl", ttl)).then().statusCode(400)
                    .body("detail", containsString("too large for a duration"));
            as(ADMIN_KEY).body(Map.of("ttl", ttl)).patch("/api/v1/links/" + code).then().statusCode(400);
        }
        assertThat(linksCreated()).isEqualTo(before);
        as(ADMIN_KEY).body(Map.of("links", List.of(Map.of("url", "https://example.com/one", "ttl", "P2000000000000000W"),
                        Map.of("url", "https://example.com/two"), Map.of("url", "https://example.com/three", "ttl", "P7905747460161236407W"))))
                .post("/api/v1/links/batch").then().statusCode(200)
                .body("results[0].status", equalTo(400)).body("results[1].status", equalTo(201)).body("results[2].status", equalTo(400));
        assertThat(linksCreated()).isEqualTo(before + 1);
        assertUntouched();
    }

    @Test
    void create_emptyBlankOrNonAsciiIdempotencyKey_answers400_andTwoSuchRequestsMakeNoLink() {
        double before = linksCreated();
        for (String key : List.of("", " ", "   ", "\t")) {
            for (int i = 0; i < 2; i++) {
                as(ADMIN_KEY).header("Idempotency-Key", key).body(Map.of("url", "https://example.com/idem")).post("/api/v1/links")
                        .then().statusCode(400).body("type", containsString("invalid-idempotency-key"));
            }
        }
        for (String key : List.of("k".repeat(256), "k\u00e9y", "order\u00a042")) {
            as(ADMIN_KEY).header("Idempotency-Key", key).body(Map.of("url", "https://example.com/idem")).post("/api/v1/links")
                    .then().statusCode(400);
        }
        RawHttp.Response twice = RawHttp.exchange(RestAssured.port, RawHttp.request("POST", "/api/v1/links", Map.of(
                "X-API-Key", ascii(ADMIN_KEY), "Content-Type", ascii("application/json"), "Idempotency-Key", ascii("a\r\nIdempotency-Key: b")),
                ascii("{\"url\":\"https://example.com/idem\"}")), Duration.ofMillis(200)).first();
        assertThat(twice.status()).as("%s", twice).isEqualTo(400);
        assertThat(linksCreated()).isEqualTo(before);
    }

    @Test
    void anyBody_duplicateMembersAnywhere_answer400_andStoreNothing() {
        double before = linksCreated();
        post("/api/v1/links", "{\"url\":\"javascript:alert(1)\",\"url\":\"https://example.com/\"}").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("Duplicate field 'url'"));
        post("/api/v1/links", "{\"url\":\"https://example.com/\",\"\\u0075rl\":\"https://evil.example/\"}").then().statusCode(400);
        post("/api/v1/links", "{\"url\":\"https://example.com/\",\"ttl\":\"P1D\",\"ttl\":\"P2D\"}").then().statusCode(400);
        post("/api/v1/links/batch", "{\"links\":[],\"links\":[{\"url\":\"https://example.com/\"}]}").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("Duplicate field 'links'"));
        post("/api/v1/links/batch", "{\"links\":[{\"url\":\"https://example.com/a\"},{\"url\":\"https://example.com/b\",\"url\":\"https://evil.example/\"}]}")
                .then().statusCode(400);
        as(ADMIN_KEY).contentType(ContentType.JSON).body("{\"url\":\"https://example.com/p\",\"url\":\"https://evil.example/\"}")
                .patch("/api/v1/links/" + code).then().statusCode(400);
        post("/api/v1/keys", "{\"name\":\"dup\",\"scopes\":[\"links:read\"],\"scopes\":[\"admin\"]}").then().statusCode(400);
        assertThat(linksCreated()).isEqualTo(before);
        assertUntouched();
    }

    @Test
    void anyRefusal_echoesAHugeValueCapped() {
        String huge = "9".repeat(1_000_000);
        for (Response response : List.of(create(ADMIN_KEY, Map.of("url", "https://example.com/", "ttl", "P" + huge + "D")),
                create(ADMIN_KEY, Map.of("url", "https://example.com/", "alias", huge)),
                create(ADMIN_KEY, Map.of("url", "https://" + "a".repeat(3_000) + ".example/")),
                as(ADMIN_KEY).body(Map.of("name", "k", "scopes", List.of(huge))).post("/api/v1/keys"))) {
            response.then().statusCode(400).body("detail.length()", lessThan(400)).body("detail", containsString("…"));
        }
        for (String field : List.of("9".repeat(40_000), "9".repeat(1_000_000))) { // a field name: under, and over, the parser's own cap
            post("/api/v1/links", "{\"url\":\"https://example.com/\",\"" + field + "\":1}").then().statusCode(400)
                    .body("detail.length()", lessThan(400));
        }
    }

    @Test
    void createBatchAndPatch_internalAddressOrUserInformation_answer400_andChangeNothing() {
        double before = linksCreated();
        for (String url : List.of("http://0x7f000001/", "http://2130706433/", "http://0177.0.0.1/", "http://127.1/", "http://[::1]/",
                "http://[::ffff:127.0.0.1]/", "http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/", "http://10.1.2.3/",
                "http://0.0.0.0/", "http://[fe80::1]/", "https://example.com@evil.example/", "http://localhost./abcde")) {
            create(ADMIN_KEY, Map.of("url", url)).then().statusCode(400).contentType("application/problem+json")
                    .body("type", containsString("invalid-url"));
            batchItemStatus(Map.of("url", url), 400);
            as(ADMIN_KEY).body(Map.of("url", url)).patch("/api/v1/links/" + code).then().statusCode(400);
        }
        assertThat(linksCreated()).isEqualTo(before);
        assertUntouched();
        create(ADMIN_KEY, Map.of("url", "http://0x08080808/")).then().statusCode(201).body("url", equalTo("http://8.8.8.8/"));
    }

    @Test
    void everyResponse_saysNosniff() {
        List<io.restassured.response.Response> responses = new ArrayList<>(List.of(
                create(ADMIN_KEY, Map.of("url", "https://example.com/nosniff")),
                create(ADMIN_KEY, Map.of("url", "nope")),
                as(null).body(Map.of("url", "https://example.com/")).post("/api/v1/links"),
                redirect(code),
                redirect("zzzzz"),
                given().accept("text/html").get("/no-such-link"),
                given().post("/" + code),
                given().get("/api/v1/nothing-here"),
                given().get(management.resolve("health/ready")),
                given().get(management.resolve("metrics")),
                given().post(management.resolve("health"))));
        for (io.restassured.response.Response response : responses) {
            assertThat(response.header("X-Content-Type-Options")).as("%s %s", response.statusCode(), response.asString()).isEqualTo("nosniff");
        }
        RawHttp.Response noHost = RawHttp.exchange(RestAssured.port, ascii("GET /" + code + " HTTP/1.1\r\n\r\n"), Duration.ofMillis(200)).first();
        assertThat(noHost.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }

    @Test
    void openApi_documentsNoVertxTypes_andNoBodyForDelete() throws Exception {
        String document = given().get(management.resolve("openapi?format=json")).then().statusCode(200).extract().asString();
        assertThat(document).doesNotContain("RoutingContext").doesNotContain("io.vertx").doesNotContain("HttpServerRequest");
        JsonNode openApi = JSON.readTree(document);
        assertThat(openApi.at("/paths/~1api~1v1~1links~1{code}/delete/requestBody").isMissingNode()).isTrue();
        assertThat(openApi.at("/paths/~1api~1v1~1links~1{code}/delete").isMissingNode()).isFalse();
        openApi.at("/components/schemas").fieldNames().forEachRemaining(name ->
                assertThat(name).doesNotContain("RoutingContext").doesNotContain("Vertx").doesNotContain("Http"));
        assertThat(openApi.at("/paths/~1api~1v1~1links/post/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("CreateLinkRequest");
    }

    @Test
    void managementInterface_answersGetAndHeadOnly_andThePublicPortServesNoneOfIt() {
        given().get(management.resolve("health/live")).then().statusCode(200);
        given().head(management.resolve("health/live")).then().statusCode(200);
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS")) {
            given().request(method, management.resolve("health")).then().statusCode(405).header("Allow", "GET, HEAD")
                    .contentType("application/problem+json");
            given().request(method, management.resolve("metrics")).then().statusCode(405);
        }
        given().get("/q/health/ready").then().statusCode(404);
        given().get("/q/metrics").then().statusCode(404);
        given().get("/q/openapi").then().statusCode(404);
    }

    @Test
    void request_withoutHostOrWithTwo_answers400Problem_andLogsNoError() {
        List<LogRecord> errors = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    errors.add(record);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            for (String request : List.of("GET /" + code + " HTTP/1.1\r\n\r\n", "GET /api/v1/links/" + code + " HTTP/1.1\r\nX-API-Key: " + ADMIN_KEY + "\r\n\r\n",
                    "POST /api/v1/links HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", "GET /" + code + " HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")) {
                RawHttp.Response response = RawHttp.exchange(RestAssured.port, ascii(request), Duration.ofMillis(200)).first();
                assertThat(response.status()).as(request).isEqualTo(400);
                assertThat(response.header("Content-Type")).isEqualTo("application/problem+json");
                assertThat(response.text()).contains("Host");
            }
        } finally {
            root.removeHandler(capture);
        }
        assertThat(errors).extracting(LogRecord::getMessage).isEmpty();
        // HTTP/1.0 needs no Host
        assertThat(RawHttp.exchange(RestAssured.port, ascii("GET /" + code + " HTTP/1.0\r\n\r\n"), Duration.ofMillis(200)).first().status())
                .isEqualTo(302);
    }

    @Test
    void transferEncodingOtherThanChunked_answers400AndCloses_andTheRequestSmuggledBehindItIsNeverRun() {
        String smuggled = "POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ADMIN_KEY + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: 38\r\n\r\n{\"url\":\"https://example.com/smuggled\"}";
        Map<String, String> framings = new java.util.LinkedHashMap<>(); // the carrier's framing headers and the body they frame
        framings.put("Transfer-Encoding: xchunked\r\nContent-Length: 2", "{}");
        framings.put("Transfer-Encoding: identity\r\nContent-Length: 2", "{}");
        framings.put("Transfer-Encoding: chunked\r\nContent-Length: 5", "0\r\n\r\n");
        framings.put("Transfer-Encoding: xchunked", "");
        framings.put("Transfer-Encoding: chunked, identity", "0\r\n\r\n");
        framings.put("Transfer-Encoding: chunked\r\nTransfer-Encoding: x", "0\r\n\r\n");
        for (Map.Entry<String, String> framing : framings.entrySet()) {
            double before = linksCreated();
            String carrier = "POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ADMIN_KEY + "\r\nContent-Type: application/json\r\n"
                    + framing.getKey() + "\r\n\r\n" + framing.getValue();
            RawHttp.Exchange exchange = RawHttp.exchange(RestAssured.port, ascii(carrier + smuggled), Duration.ofSeconds(2));
            assertThat(exchange.responses()).as(framing.getKey()).hasSize(1);
            assertThat(exchange.first().status()).as(framing.getKey()).isEqualTo(400);
            assertThat(exchange.closed()).as("%s: the connection is closed", framing.getKey()).isTrue();
            assertThat(linksCreated()).as("%s: the smuggled create never ran", framing.getKey()).isEqualTo(before);
        }
        RawHttp.Response plain = RawHttp.exchange(RestAssured.port, ascii("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ADMIN_KEY
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "25\r\n{\"url\":\"https://example.com/chunked\"}\r\n0\r\n\r\n"), Duration.ofSeconds(2)).first();
        assertThat(plain.status()).as("plain chunked still works: %s", plain).isEqualTo(201);
    }

    @Test
    void limits_bodyOverTheLimitOrTooManyHeaders_answer413And431Problems() {
        double before = linksCreated();
        RawHttp.Exchange announced = RawHttp.exchange(RestAssured.port, ascii("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ADMIN_KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: 6000000\r\n\r\n{"), Duration.ofSeconds(2));
        assertThat(announced.first().status()).isEqualTo(413);
        assertThat(announced.first().header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(announced.first().text()).contains("at most 5242880 bytes");
        assertThat(announced.closed()).isTrue();

        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        chunked.writeBytes(ascii("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ADMIN_KEY
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"));
        for (int i = 0; i < 6; i++) {
            chunked.writeBytes(ascii("100000\r\n" + "a".repeat(0x100000) + "\r\n"));
        }
        chunked.writeBytes(ascii("0\r\n\r\n"));
        RawHttp.Response tooLong = RawHttp.exchange(RestAssured.port, chunked.toByteArray(), Duration.ofSeconds(2)).first();
        assertThat(tooLong.status()).isEqualTo(413);
        assertThat(tooLong.header("Content-Type")).isEqualTo("application/problem+json");

        int maxHeaderCount = Integer.parseInt(HttpOptions.DEFAULT_MAX_HEADER_COUNT);
        StringBuilder many = new StringBuilder("GET /" + code + " HTTP/1.1\r\nHost: x\r\n"); // Host and as many more: one too many
        for (int i = 0; i < maxHeaderCount; i++) {
            many.append("X-Pad-").append(i).append(": v\r\n");
        }
        RawHttp.Response headers = RawHttp.exchange(RestAssured.port, ascii(many + "\r\n"), Duration.ofSeconds(2)).first();
        assertThat(headers.status()).isEqualTo(431);
        assertThat(headers.text()).contains("at most " + maxHeaderCount + " header fields");
        assertThat(linksCreated()).isEqualTo(before);
    }

    // --- Bulk streams that outlive their key (begin)

    /**
     * A key revoked, or expiring, while its bulk stream is open: the lines after that make no link;
     * those the stream read answer the 401 problem as result lines, and the stream ends within
     * seconds (the stream checks its key per chunk and every second; if the check comes first there
     * is no line left to answer, and it just ends).
     */
    @Test
    void bulkStream_keyRevokedOrExpiredWhileOpen_makesNoMoreLinks_answersItsLines401_andEnds() throws Exception {
        for (boolean revoked : new boolean[] {true, false}) {
            long expiresAt = System.currentTimeMillis() + 4_000;
            Map<String, Object> keyBody = new java.util.HashMap<>(Map.of("name", "bulk stream probe", "scopes", List.of("links:write")));
            if (!revoked) {
                keyBody.put("expiresAt", java.time.Instant.ofEpochMilli(expiresAt).toString());
            }
            var key = as(ADMIN_KEY).body(keyBody).post("/api/v1/keys").then().statusCode(201).extract();
            try (BulkConnection bulk = new BulkConnection(RestAssured.port, key.path("key"), 0)) {
                bulk.send(bulkLine("before") + "\n");
                assertThat(bulk.status()).isEqualTo(200);
                assertThat(JSON.readTree(bulk.readLine()).path("status").asInt()).isEqualTo(201);
                if (revoked) {
                    as(ADMIN_KEY).delete("/api/v1/keys/" + key.path("id")).then().statusCode(204);
                } else {
                    Thread.sleep(Math.max(0, expiresAt - System.currentTimeMillis() + 100));
                }
                long keyWent = System.nanoTime();
                double created = linksCreated();
                try {
                    for (int i = 0; i < 3; i++) {
                        bulk.send(bulkLine("after-" + i) + "\n");
                    }
                } catch (IOException e) {
                    // the stream ended before these were sent: nothing of them was read
                }
                List<JsonNode> after = new ArrayList<>();
                for (String text = bulk.readLine(); text != null; text = bulk.readLine()) {
                    after.add(JSON.readTree(text));
                }
                assertThat(Duration.ofNanos(System.nanoTime() - keyWent)).as("the stream ends soon after its key went")
                        .isLessThan(Duration.ofSeconds(10));
                assertThat(after).as("revoked: %s", revoked).hasSizeLessThanOrEqualTo(3).allSatisfy(result -> {
                    assertThat(result.path("status").asInt()).as("%s", result).isEqualTo(401);
                    assertThat(result.path("problem").path("status").asInt()).isEqualTo(401);
                    assertThat(result.has("link")).isFalse();
                });
                assertThat(linksCreated()).isEqualTo(created);
            }
        }
    }

    private static String bulkLine(String path) {
        return "{\"url\":\"https://example.com/bulk-key-probe/" + path + "\"}";
    }
    // --- Bulk streams that outlive their key (end)

    private void batchItemStatus(Map<String, String> item, int status) {
        as(ADMIN_KEY).body(Map.of("links", List.of(item))).post("/api/v1/links/batch").then().statusCode(200)
                .body("results", hasSize(1)).body("results[0].status", equalTo(status));
    }

    private void assertUntouched() {
        as(ADMIN_KEY).get("/api/v1/links/" + code).then().statusCode(200).body("url", equalTo("https://example.com/untouched"))
                .body("ttl", equalTo("P2D"));
        redirect(code).then().statusCode(302).header("Location", "https://example.com/untouched");
    }

    private double linksCreated() {
        return registry.find("shortcode.links.created").counters().stream().mapToDouble(Counter::count).sum();
    }

    private static Response post(String path, String body) {
        return as(ADMIN_KEY).contentType(ContentType.JSON).body(body).post(path);
    }

    private static Response post(String path, byte[] body) {
        return as(ADMIN_KEY).contentType(ContentType.JSON).body(body).post(path);
    }

    private static byte[] body(String before, byte[] bad, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bad);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
