package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every input of the hostile corpus ({@link HostileCorpus}, {@code src/test/resources/hostile/})
 * against the running service on embedded storage: each is answered 4xx, stores no link (the
 * service's own created-links counter does not move) and changes no link; the URL, TTL and alias
 * values also all together as the items of one batch, each refused on its own; afterwards the
 * service is ready and still creates and redirects.
 */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EmbeddedHostileCorpusIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET_URL = "https://example.com/corpus-target";
    /** How long a raw request's connection may stay quiet before its answers are taken as complete. */
    private static final Duration QUIET = Duration.ofMillis(100);

    /** The link PATCH inputs aim at; it must come out of the corpus as it went in. */
    private static String target;

    @Inject
    MeterRegistry registry;

    @TestHTTPResource(value = "", management = true)
    URI management;

    static List<HostileCorpus.Input> corpus() {
        return HostileCorpus.load();
    }

    @Test
    @Order(0)
    void corpus_holdsAtLeast300InputsOfEveryFamily() {
        List<HostileCorpus.Input> inputs = corpus();
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(300);
        assertThat(inputs.stream().map(HostileCorpus.Input::family).distinct()).containsExactlyInAnyOrderElementsOf(HostileCorpus.FAMILIES);
    }

    @Test
    @Order(0)
    void theWaysInputsAreSent_carryAValidRequestThrough() throws IOException {
        String code = target();
        double created = linksCreated();
        assertThat(send("POST", "/api/v1/links", "{\"url\":" + json("https://example.com/b\u00fccher?q=\uD83D\uDE00") + "}").status())
                .isEqualTo(201);
        assertThat(raw("POST", "/api/v1/links", jsonHeaders("Idempotency-Key", ascii("corpus-control")),
                ascii("{\"url\":\"https://example.com/idempotent\"}")).status()).isEqualTo(201);
        RawHttp.Response batch = send("POST", "/api/v1/links/batch", "{\"links\":[{\"url\":\"https://example.com/b\"}]}");
        assertThat(JSON.readTree(batch.body()).get("results").get(0).get("status").asInt()).isEqualTo(201);
        String raw = "GET /api/v1/links/{code} HTTP/1.1\\r\\nHost: x\\r\\nX-API-Key: {key}\\r\\n\\r\\n";
        assertThat(RawHttp.exchange(RestAssured.port, rawRequest(raw, code), QUIET).first().status()).isEqualTo(200);
        assertThat(linksCreated()).isEqualTo(created + 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    @Order(1)
    void hostileInput_isAnswered4xx_andStoresOrChangesNothing(HostileCorpus.Input input) throws IOException {
        String code = target();
        double created = linksCreated();
        switch (input.family()) {
            case "urls" -> {
                String url = json(input.text());
                refused(send("POST", "/api/v1/links", "{\"url\":" + url + "}"));
                refused(send("PATCH", "/api/v1/links/" + code, "{\"url\":" + url + "}"));
            }
            case "ttls" -> {
                String ttl = json(input.text());
                refused(send("POST", "/api/v1/links", "{\"url\":\"https://example.com/ttl\",\"ttl\":" + ttl + "}"));
                refused(send("PATCH", "/api/v1/links/" + code, "{\"ttl\":" + ttl + "}"));
            }
            case "aliases" -> {
                String alias = json(input.text());
                refused(send("POST", "/api/v1/links", "{\"url\":\"https://example.com/alias\",\"alias\":" + alias + "}"));
            }
            case "idempotency-keys" -> refused(raw("POST", "/api/v1/links", jsonHeaders("Idempotency-Key", input.bytes()),
                    ascii("{\"url\":\"https://example.com/idempotent\"}")));
            case "api-keys" -> refused(raw("POST", "/api/v1/links", jsonHeaders("X-API-Key", input.bytes()),
                    ascii("{\"url\":\"https://example.com/authenticated\"}")));
            case "json-bodies" -> {
                String[] targetAndBody = input.source().split(" ", 2);
                byte[] body = HostileCorpus.decodeBytes(targetAndBody.length > 1 ? targetAndBody[1] : "");
                String path = switch (targetAndBody[0]) {
                    case "create" -> "/api/v1/links";
                    case "patch" -> "/api/v1/links/" + code;
                    case "keys" -> "/api/v1/keys";
                    case "domains" -> "/api/v1/domains";
                    default -> throw new IllegalArgumentException("unknown target in " + input);
                };
                refused(raw(targetAndBody[0].equals("patch") ? "PATCH" : "POST", path, jsonHeaders(), body));
            }
            case "batch-bodies" -> refusedItem(raw("POST", "/api/v1/links/batch", jsonHeaders(), input.bytes()));
            case "raw-http" -> {
                RawHttp.Exchange exchange = RawHttp.exchange(RestAssured.port, rawRequest(input.source(), code), QUIET);
                assertThat(exchange.first().status()).as("%s answered %s", input, exchange.first()).isBetween(400, 499);
                assertThat(exchange.responses()).as("no request on this connection succeeded")
                        .allSatisfy(r -> assertThat(r.status()).isGreaterThanOrEqualTo(400));
            }
            default -> throw new IllegalArgumentException(input.family());
        }
        assertThat(linksCreated()).as("links created by %s", input).isEqualTo(created);
        if (input.family().equals("urls") || input.family().equals("ttls") || input.source().startsWith("patch ")) {
            RawHttp.Response link = raw("GET", "/api/v1/links/" + code, jsonHeaders(), null);
            assertThat(link.status()).isEqualTo(200);
            JsonNode view = JSON.readTree(link.body());
            assertThat(view.get("url").asText()).as("url after %s", input).isEqualTo(TARGET_URL);
            assertThat(view.get("ttl").asText()).as("ttl after %s", input).isEqualTo("P2D");
        }
    }

    @Test
    @Order(2)
    void everyUrlTtlAndAlias_asItemsOfOneBatch_isRefusedItemByItem() throws IOException {
        List<String> items = new java.util.ArrayList<>();
        for (HostileCorpus.Input input : corpus()) {
            switch (input.family()) {
                case "urls" -> items.add("{\"url\":" + json(input.text()) + "}");
                case "ttls" -> items.add("{\"url\":\"https://example.com/ttl\",\"ttl\":" + json(input.text()) + "}");
                case "aliases" -> items.add("{\"url\":\"https://example.com/alias\",\"alias\":" + json(input.text()) + "}");
                default -> { }
            }
        }
        double created = linksCreated();
        RawHttp.Response response = send("POST", "/api/v1/links/batch", "{\"links\":[" + String.join(",", items) + "]}");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(JSON.readTree(response.body()).get("results")).hasSize(items.size());
        refusedItem(response);
        assertThat(linksCreated()).isEqualTo(created);
    }

    // --- Path parameters and capacity plans (begin): no problem quotes more than 64 characters of a
    // path parameter, no plan input outside its range is planned, no plan figure is anything but a
    // finite number.

    /** Every endpoint that takes a path parameter: method, path ({v} the value), body (null: none). */
    private static final List<String[]> PATH_ENDPOINTS = List.of(
            new String[] {"GET", "/api/v1/links/{v}", null},
            new String[] {"PATCH", "/api/v1/links/{v}", "{\"url\":\"https://example.com/patched\"}"},
            new String[] {"DELETE", "/api/v1/links/{v}", null},
            new String[] {"GET", "/api/v1/links/{v}/stats", null},
            new String[] {"GET", "/api/v1/links/{v}/qr", null},
            new String[] {"POST", "/api/v1/links/{v}/disable", "{\"reason\":\"probe\"}"},
            new String[] {"POST", "/api/v1/links/{v}/enable", null},
            new String[] {"DELETE", "/api/v1/denylist/{v}", null},
            new String[] {"DELETE", "/api/v1/domains/{v}", null},
            new String[] {"PATCH", "/api/v1/keys/{v}", "{\"requestsPerMinute\":10}"},
            new String[] {"DELETE", "/api/v1/keys/{v}", null});

    static List<HostileCorpus.Input> pathValues() {
        return HostileCorpus.load(List.of("path-values"));
    }

    static List<HostileCorpus.Input> planBodies() {
        return HostileCorpus.load(List.of("plan-bodies"));
    }

    @Test
    @Order(0)
    void pathAndPlanFamilies_holdTheirInputs() {
        assertThat(HostileCorpus.load(HostileCorpus.PATH_AND_PLAN_FAMILIES)).hasSizeGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pathValues")
    @Order(2)
    void pathValue_onEveryEndpointTakingOne_answers4xx_andNoProblemQuotesMoreThan64CharactersOfIt(HostileCorpus.Input input) {
        String value = input.text();
        String decoded = URLDecoder.decode(value, StandardCharsets.UTF_8);
        double created = linksCreated();
        for (String[] endpoint : PATH_ENDPOINTS) {
            String path = endpoint[1].replace("{v}", value);
            RawHttp.Response response = raw(endpoint[0], path, jsonHeaders(), endpoint[2] == null ? null : ascii(endpoint[2]));
            refused(response);
            String answer = new String(response.body(), StandardCharsets.UTF_8);
            for (String quoted : List.of(value, decoded)) {
                for (String window : windowsBeyondTheCut(quoted)) {
                    assertThat(answer).as("%s %s quotes more than %d characters of the value", endpoint[0], endpoint[1],
                            dev.shortcode.api.error.Echo.MAX).doesNotContain(window);
                }
            }
        }
        assertThat(linksCreated()).isEqualTo(created);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("planBodies")
    @Order(2)
    void planBody_outOfRange_answers400NamingTheField(HostileCorpus.Input input) throws IOException {
        String[] fieldAndBody = input.source().split(" ", 2);
        RawHttp.Response response = raw("POST", "/api/v1/capacity/plan", jsonHeaders(), HostileCorpus.decodeBytes(fieldAndBody[1]));
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        String detail = JSON.readTree(response.body()).get("detail").asText();
        assertThat(detail).startsWith(fieldAndBody[0] + " ");
        assertThat(detail.length()).as("a detail quoting its value cut").isLessThan(300);
    }

    @Test
    @Order(2)
    void plan_atTheBoundsOfEveryInput_answersOnlyFiniteNumbers() throws IOException {
        String mix = String.join(",", java.util.Collections.nCopies(20, "{\"ttl\":\"P36500D\",\"share\":1000000}"));
        for (String body : List.of(
                "{\"dailyVolume\":1,\"growthPerMonth\":-0.9899,\"ttlMix\":[{\"ttl\":\"PT1M\",\"share\":4.9e-324}],\"lengths\":[2,11]}",
                "{\"dailyVolume\":1e12,\"growthPerMonth\":10,\"permanentShare\":1,\"permanentHotTtl\":\"P36500D\",\"ttlMix\":[" + mix
                        + "],\"lengths\":[2,5,11],\"urlLength\":4096,\"redisBytesPerLink\":1000000,\"archiveBytesPerLink\":1000000}")) {
            RawHttp.Response response = send("POST", "/api/v1/capacity/plan", body);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            assertFiniteNumbers(JSON.readTree(response.body()), body);
        }
    }

    private static void assertFiniteNumbers(JsonNode node, String body) {
        if (node.isContainerNode()) {
            node.forEach(child -> assertFiniteNumbers(child, body));
        } else if (node.isTextual()) {
            assertThat(node.asText()).as("a figure written as text, for %s", body).isNotIn("Infinity", "-Infinity", "NaN");
        } else if (node.isNumber()) {
            assertThat(Double.isFinite(node.asDouble())).as("%s for %s", node, body).isTrue();
        }
    }

    /** Stretches of {@code value} one code point longer than an echo may be: at its start, middle and end. */
    private static List<String> windowsBeyondTheCut(String value) {
        int length = value.codePointCount(0, value.length());
        int window = dev.shortcode.api.error.Echo.MAX + 1;
        if (length < window) {
            return List.of();
        }
        List<String> windows = new java.util.ArrayList<>();
        for (int from : new int[] {0, (length - window) / 2, length - window}) {
            int start = value.offsetByCodePoints(0, from);
            windows.add(value.substring(start, value.offsetByCodePoints(start, window)));
        }
        return windows;
    }
    // --- Path parameters and capacity plans (end)

    @Test
    @Order(3)
    void afterTheCorpus_theServiceIsReady_andStillCreatesAndRedirects() {
        given().get(management.resolve("health/ready")).then().statusCode(200);
        String code = ApiClient.createCode(ADMIN_KEY, "https://example.com/after-the-corpus");
        ApiClient.redirect(code).then().statusCode(302).header("Location", "https://example.com/after-the-corpus");
    }

    // ---- URL safety: app-link targets, deny-rule evasions (hostile/targets.txt, hostile/deny-evasions.txt) ----

    private static final String IPHONE = AbstractLinkTargetsApiTests.IPHONE;
    private static final String ANDROID = AbstractLinkTargetsApiTests.ANDROID;

    static List<HostileCorpus.Input> targets() {
        return HostileCorpus.load(HostileCorpus.TARGETS);
    }

    static List<HostileCorpus.Input> denyEvasions() {
        return HostileCorpus.load(HostileCorpus.DENY_EVASIONS);
    }

    /** A device target that opens a web page a link's url could not lead to: 400 naming the field, no link, no change. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @Order(1)
    void hostileTarget_isRefused400NamingTheField_andStoresOrChangesNothing(HostileCorpus.Input input) throws IOException {
        String code = target();
        double created = linksCreated();
        String[] fieldAndValue = input.text().split(" ", 2);
        String field = "targets." + fieldAndValue[0];
        String targets = "{\"" + fieldAndValue[0] + "\":" + json(fieldAndValue[1]) + "}";
        RawHttp.Response create = send("POST", "/api/v1/links", "{\"url\":\"https://example.com/app\",\"targets\":" + targets + "}");
        refusedNaming(create, field);
        refusedNaming(send("PATCH", "/api/v1/links/" + code, "{\"targets\":" + targets + "}"), field);
        assertThat(linksCreated()).as("links created by %s", input).isEqualTo(created);
        JsonNode view = JSON.readTree(raw("GET", "/api/v1/links/" + code, jsonHeaders(), null).body());
        assertThat(view.has("targets")).as("targets after %s", input).isFalse();
    }

    /**
     * A spelling of what a deny rule names: refused with a 400 naming the field while the rule is
     * in force; a link made with it before the rule answers 410 (to the device the field is for)
     * once the rule is added, and redirects again once it is removed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("denyEvasions")
    @Order(1)
    void denyRuleEvasion_isRefusedAtCreate_andAnswers410AfterTheRuleIsAdded(HostileCorpus.Input input) throws IOException {
        String[] parts = input.text().split(" ", 4);
        String kind = parts[0];
        String rule = parts[1];
        String field = parts[2];
        String value = parts[3];
        String body = field.equals("url") ? "{\"url\":" + json(value) + "}"
                : "{\"url\":\"https://example.com/app\",\"targets\":{\"" + field + "\":" + json(value) + "}}";
        String userAgent = field.equals("android") ? ANDROID : IPHONE;

        RawHttp.Response before = send("POST", "/api/v1/links", body);
        assertThat(before.status()).as("%s without the rule: %s", input, before).isEqualTo(201);
        String code = JSON.readTree(before.body()).get("code").asText();
        assertThat(given().redirects().follow(false).header("User-Agent", userAgent).get("/" + code).statusCode())
                .as("%s before the rule", input).isBetween(200, 399);

        RawHttp.Response added = send("POST", "/api/v1/denylist", "{\"kind\":\"" + kind + "\",\"value\":" + json(rule)
                + ",\"reason\":\"corpus\"}");
        assertThat(added.status()).as("%s: rule %s", input, added).isEqualTo(201);
        String ruleId = JSON.readTree(added.body()).get("id").asText();
        try {
            double created = linksCreated();
            refusedNaming(send("POST", "/api/v1/links", body), field.equals("url") ? "url" : "targets." + field);
            assertThat(linksCreated()).as("links created by %s with the rule", input).isEqualTo(created);
            assertThat(given().redirects().follow(false).header("User-Agent", userAgent).get("/" + code).statusCode())
                    .as("%s once the rule is added", input).isEqualTo(410);
        } finally {
            assertThat(raw("DELETE", "/api/v1/denylist/" + ruleId, jsonHeaders(), null).status()).isEqualTo(204);
        }
        assertThat(given().redirects().follow(false).header("User-Agent", userAgent).get("/" + code).statusCode())
                .as("%s once the rule is removed", input).isBetween(200, 399);
    }

    /** 400, a problem whose detail starts with the field it names. */
    private static void refusedNaming(RawHttp.Response response, String field) throws IOException {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(response.body()).get("detail").asText()).as("%s", response).startsWith(field + " ");
    }

    // ---- end of URL safety ----

    private static synchronized String target() {
        if (target == null) {
            target = ApiClient.create(ADMIN_KEY, Map.of("url", TARGET_URL, "ttl", "P2D")).then().statusCode(201).extract().path("code");
        }
        return target;
    }

    private double linksCreated() {
        return registry.find("shortcode.links.created").counters().stream().mapToDouble(Counter::count).sum();
    }

    private static RawHttp.Response send(String method, String path, String json) {
        return raw(method, path, jsonHeaders(), json.getBytes(StandardCharsets.UTF_8));
    }

    private static RawHttp.Response raw(String method, String path, Map<String, byte[]> headers, byte[] body) {
        RawHttp.Exchange exchange = RawHttp.exchange(RestAssured.port, RawHttp.request(method, path, headers, body), QUIET);
        return exchange.first();
    }

    private static Map<String, byte[]> jsonHeaders() {
        Map<String, byte[]> headers = new LinkedHashMap<>();
        headers.put("X-API-Key", ascii(ADMIN_KEY));
        headers.put("Content-Type", ascii("application/json"));
        return headers;
    }

    /** The JSON headers with one of them set to (or added as) {@code value}. */
    private static Map<String, byte[]> jsonHeaders(String name, byte[] value) {
        Map<String, byte[]> headers = jsonHeaders();
        headers.put(name, value);
        return headers;
    }

    /** A 4xx problem; the Vert.x codec's own refusals (a malformed head) come with no body. */
    private static void refused(RawHttp.Response response) {
        assertThat(response.status()).as("%s", response).isBetween(400, 499);
        if (response.body().length > 0) {
            assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/problem+json");
        }
    }

    /** A batch refused whole, or answered 200 with every item refused. */
    private static void refusedItem(RawHttp.Response response) throws IOException {
        if (response.status() != 200) {
            refused(response);
            return;
        }
        JsonNode results = JSON.readTree(response.body()).get("results");
        assertThat(results).as("%s", response).isNotEmpty();
        for (JsonNode result : results) {
            assertThat(result.get("status").asInt()).as("%s", result).isBetween(400, 499);
            assertThat(result.has("link")).as("%s", result).isFalse();
        }
    }

    /** The raw line with its placeholders filled: {key}, {code}, and {length} of what follows the head. */
    private static byte[] rawRequest(String source, String code) {
        byte[] bytes = HostileCorpus.decodeBytes(source.replace("{key}", ADMIN_KEY).replace("{code}", code));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int head = text.indexOf("\r\n\r\n");
        if (text.contains("{length}") && head >= 0) {
            int bodyLength = text.length() - head - 4;
            text = text.replace("{length}", Integer.toString(bodyLength)); // the head comes before the body: no shift
        }
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A JSON string holding exactly {@code s}: every character outside printable ASCII as a \\u escape. */
    private static String json(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.append('"').toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
