package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.key;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.http.TestHTTPResource;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The capacity API over a running service: the figures follow the links created, keys without
 * the scope are refused, plans validate their input. Subclasses run it on embedded storage and on
 * real Redis (standalone and Cluster) + HBase.
 */
abstract class AbstractCapacityApiTests {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Daily counts reach the archive every 10 s, the stores are measured every second: generous for a loaded machine. */
    static final Duration SETTLE = Duration.ofSeconds(120);

    /** Metrics and the OpenAPI document are served on the management interface only. */
    @TestHTTPResource(value = "", management = true)
    URI management;

    @Test
    void capacity_afterCreates_countsThemIssuedLiveAndLeased() {
        String writer = key("links:write");
        JsonNode before = report(ADMIN_KEY);
        for (int i = 0; i < 7; i++) {
            create(writer, Map.of("url", "https://example.com/capacity/short/" + i)).then().statusCode(201);
        }
        for (int i = 0; i < 3; i++) {
            create(writer, Map.of("url", "https://example.com/capacity/long/" + i, "ttl", "P30D")).then().statusCode(201)
                    .body("pool", equalTo("long"));
        }

        await().atMost(SETTLE).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            JsonNode now = report(ADMIN_KEY);
            assertThat(pool(now, "short").path("live").path("count").asLong()).isEqualTo(live(before, "short") + 7);
            assertThat(pool(now, "long").path("live").path("count").asLong()).isEqualTo(live(before, "long") + 3);
            assertThat(pool(now, "medium").path("live").path("count").asLong()).isEqualTo(live(before, "medium"));
            assertThat(pool(now, "short").path("issuedToday").asLong()).isEqualTo(pool(before, "short").path("issuedToday").asLong() + 7);
            assertThat(pool(now, "long").path("issuedToday").asLong()).isEqualTo(pool(before, "long").path("issuedToday").asLong() + 3);
            assertThat(allocator(now, "short").path("codesIssued").asLong()).isEqualTo(allocator(before, "short").path("codesIssued").asLong() + 7);
        });
        JsonNode after = report(ADMIN_KEY);
        JsonNode shortPool = pool(after, "short");
        assertThat(shortPool.path("live").path("error").asLong()).as("a small store is counted, not sampled").isZero();
        assertThat(shortPool.path("live").path("method").asText()).startsWith("exact");
        assertThat(shortPool.path("leasedThisEpoch").asLong()).as("leases run ahead of issues")
                .isGreaterThanOrEqualTo(allocator(after, "short").path("codesIssued").asLong());
        assertThat(shortPool.path("capacity").asLong()).isEqualTo(916_132_832L);
        assertThat(shortPool.path("idleTtl").asText()).isEqualTo("P10D");
        assertThat(shortPool.path("issuedPerDay").size()).isPositive();
        assertThat(shortPool.path("rates").path("last24h").asDouble()).isGreaterThanOrEqualTo(7);
        assertThat(shortPool.path("daysToWrap").isNumber()).isTrue();
        assertThat(shortPool.path("verdict").path("level").asText()).isEqualTo("healthy");
        assertThat(shortPool.path("bytesPerLink").asDouble()).isPositive();
        assertThat(after.path("hotStore").path("usedBytes").asLong()).isPositive();
        assertThat(after.path("archive").path("kind").asText()).isIn("rocksdb", "hbase");
        assertThat(after.path("sampling").path("commands").asLong()).isPositive();
    }

    @Test
    void capacity_keys_noKey401_otherScopes403_capacityReadAndAdmin200() {
        given().get("/api/v1/capacity").then().statusCode(401).contentType("application/problem+json");
        as(key("links:read", "links:write")).get("/api/v1/capacity").then().statusCode(403)
                .contentType("application/problem+json").body("detail", containsString("capacity:read"));
        as(key("links:write")).body(Map.of("dailyVolume", 1000)).post("/api/v1/capacity/plan").then().statusCode(403);
        String reader = key("capacity:read");
        as(reader).get("/api/v1/capacity").then().statusCode(200).body("pools.pool", hasItem("short"));
        as(reader).body(Map.of("dailyVolume", 1000)).post("/api/v1/capacity/plan").then().statusCode(200);
        as(ADMIN_KEY).get("/api/v1/capacity").then().statusCode(200);
        as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200).body("scopes.flatten()", hasItem("capacity:read"));
    }

    @Test
    void plan_badInput_answers400NamingTheField() {
        String reader = key("capacity:read");
        List<Object[]> cases = List.of(
                new Object[] {"{}", "dailyVolume"},
                new Object[] {"{\"dailyVolume\": -5}", "dailyVolume"},
                new Object[] {"{\"dailyVolume\": 1e8, \"ttlMix\": [{\"ttl\": \"soon\", \"share\": 1}]}", "ttlMix[0].ttl"},
                new Object[] {"{\"dailyVolume\": 1e8, \"ttlMix\": [{\"ttl\": \"P1D\", \"share\": -1}]}", "ttlMix[0].share"},
                new Object[] {"{\"dailyVolume\": 1e8, \"lengths\": [5, 12]}", "lengths[1]"},
                new Object[] {"{\"dailyVolume\": 1e8, \"permanentShare\": 2}", "permanentShare"},
                new Object[] {"{\"dailyVolume\": 1e8, \"urlLength\": 0}", "urlLength"},
                new Object[] {"{\"dailyVolume\": 1e8, \"growthPerMonth\": -1}", "growthPerMonth"},
                // tiny volumes made the days to wrap infinite; huge shares overflowed their sum
                new Object[] {"{\"dailyVolume\": 4.9e-324}", "dailyVolume"},
                new Object[] {"{\"dailyVolume\": 0.5}", "dailyVolume"},
                new Object[] {"{\"dailyVolume\": 1e8, \"ttlMix\": [{\"ttl\": \"P1D\", \"share\": 1.7e308}, "
                        + "{\"ttl\": \"P2D\", \"share\": 1.7e308}]}", "ttlMix[0].share"},
                new Object[] {"{\"dailyVolume\": 1e8, \"ttlMix\": [{\"ttl\": \"P1D\", \"share\": 1}, "
                        + "{\"ttl\": \"P2D\", \"share\": 1000001}]}", "ttlMix[1].share"});
        for (Object[] c : cases) {
            as(reader).body((String) c[0]).post("/api/v1/capacity/plan").then().statusCode(400)
                    .contentType("application/problem+json").body("detail", startsWith((String) c[1]));
        }
        as(reader).body("{\"dailyVolume\": 1e8, \"tll\": 1}").post("/api/v1/capacity/plan").then().statusCode(400)
                .body("detail", containsString("tll"));
    }

    @Test
    void plan_threeLengthsAtHundredMillionADay_recommendsSixCharacters() {
        // 5 chars wrap in 9.2 days (before the 30-day TTL), 6 in 568 days, 7 in 96 years.
        JsonNode plan = read(as(key("capacity:read")).body("{\"dailyVolume\": 1e8, \"ttlMix\": [{\"ttl\": \"P30D\", \"share\": 1}], "
                + "\"lengths\": [5, 6, 7]}").post("/api/v1/capacity/plan").then().statusCode(200).extract().asString());
        assertThat(plan.path("recommendedLength").asInt()).isEqualTo(6);
        assertThat(plan.path("options").get(0).path("verdict").path("level").asText()).isEqualTo("act");
        assertThat(plan.path("options").get(1).path("daysToWrap").asDouble()).isBetween(567.9, 568.1);
        assertThat(plan.path("options").get(2).path("daysToWrap").asDouble() / 365.25).isBetween(96.3, 96.5);
    }

    @Test
    void metrics_exposeThePoolAndStoreGauges() {
        report(ADMIN_KEY); // a measurement exists
        String body = given().get(management.resolve("metrics")).then().statusCode(200).extract().asString();
        assertThat(body).contains("shortcode_pool_days_to_wrap{pool=\"short\"}", "shortcode_pool_live_fraction{pool=\"medium\"}",
                "shortcode_pool_live_fraction_at_wrap{pool=\"long\"}", "shortcode_pool_idle_ttl_days{pool=\"short\"} 10.0",
                "shortcode_archive_bytes", "shortcode_capacity_sample_age_seconds");
        assertThat(body).containsAnyOf("shortcode_redis_days_to_full", "shortcode_embedded_disk_days_to_full");
        String openApi = given().get(management.resolve("openapi")).then().statusCode(200).extract().asString();
        assertThat(openApi).contains("/api/v1/capacity:").contains("/api/v1/capacity/plan:").contains("capacity:read");
    }

    static JsonNode report(String key) {
        String body = await().atMost(SETTLE).until(() -> as(key).get("/api/v1/capacity").then().extract().response(),
                r -> r.statusCode() == 200).asString();
        return read(body);
    }

    static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    static JsonNode pool(JsonNode report, String name) {
        for (JsonNode p : report.path("pools")) {
            if (p.path("pool").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no pool " + name + " in " + report);
    }

    static long live(JsonNode report, String pool) {
        return pool(report, pool).path("live").path("count").asLong();
    }

    static JsonNode allocator(JsonNode report, String pool) {
        for (JsonNode a : report.path("nodes").get(0).path("allocators")) {
            if (a.path("pool").asText().equals(pool)) {
                return a;
            }
        }
        throw new AssertionError("no allocator of " + pool);
    }
}
