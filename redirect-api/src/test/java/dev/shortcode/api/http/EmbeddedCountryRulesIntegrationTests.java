package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.shortcode.api.stats.TinyMaxMindDb;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Rules by country with a country database: a MaxMind DB file written for the test, in which
 * loopback (where the test's requests come from) is in France and 81.2.69.0/24 in Britain.
 */
@QuarkusTest
@TestProfile(EmbeddedCountryRulesIntegrationTests.Countries.class)
class EmbeddedCountryRulesIntegrationTests {

    public static class Countries extends EmbeddedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> config = new HashMap<>(super.getConfigOverrides());
            try {
                Path file = Files.createDirectories(Path.of("target/test-data")).resolve("countries-" + UUID.randomUUID() + ".mmdb");
                new TinyMaxMindDb().add("127.0.0.0/8", Map.of("country", Map.of("iso_code", "FR")))
                        .add("81.2.69.0/24", Map.of("country", Map.of("iso_code", "GB"))).write(file);
                config.put("shortcode.stats.geo-database", file.toAbsolutePath().toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return config;
        }
    }

    @Test
    void aRuleByCountry_takesVisitorsFromThere_andTheOthersGoOn() {
        String writer = ApiClient.key("links:write", "links:read");
        String code = create(writer, Map.of("url", "https://example.com/world", "rules", List.of(
                Map.of("when", Map.of("country", List.of("gb", "IE")), "url", "https://example.com/uk"),
                Map.of("when", Map.of("country", List.of("fr", "BE")), "url", "https://example.com/fr"))))
                .then().statusCode(201).extract().path("code");
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("rules[1].when.country[0]", equalTo("FR"));
        given().redirects().follow(false).header("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0").get("/" + code)
                .then().statusCode(302).header("Location", "https://example.com/fr");

        String elsewhere = create(writer, Map.of("url", "https://example.com/world", "rules", List.of(
                Map.of("when", Map.of("country", List.of("GB")), "url", "https://example.com/uk"))))
                .then().statusCode(201).extract().path("code");
        given().redirects().follow(false).header("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0").get("/" + elsewhere)
                .then().statusCode(302).header("Location", "https://example.com/world");
    }
}
