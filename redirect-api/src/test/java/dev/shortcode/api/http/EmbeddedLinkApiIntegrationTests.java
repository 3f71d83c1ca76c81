package dev.shortcode.api.http;

import static io.restassured.RestAssured.given;
import static dev.shortcode.api.http.ApiClient.createCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The API suite on the default embedded storage (RocksDB in a fresh directory). */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedLinkApiIntegrationTests extends AbstractLinkApiTests {

    @Test
    void metrics_countTheEmbeddedWritersCommits() {
        double commitsBefore = metric("shortcode_embedded_commit_seconds_count");
        double writesBefore = metric("shortcode_embedded_writes_total");
        for (int i = 0; i < 3; i++) {
            createCode(writer, "https://example.com/commits/" + i);
        }
        assertThat(metric("shortcode_embedded_commit_seconds_count")).as("one synced commit per lone create at least")
                .isGreaterThanOrEqualTo(commitsBefore + 1);
        assertThat(metric("shortcode_embedded_writes_total")).isGreaterThanOrEqualTo(writesBefore + 3);
        assertThat(metric("shortcode_embedded_commit_seconds_sum")).isPositive();
        assertThat(metric("shortcode_embedded_write_queue")).isGreaterThanOrEqualTo(0);
    }

    private double metric(String name) {
        String body = given().get(management.resolve("metrics")).then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*\\})? ([0-9.Ee+-]+)$").matcher(body);
        assertThat(m.find()).as("%s in /q/metrics", name).isTrue();
        return Double.parseDouble(m.group(1));
    }
}
