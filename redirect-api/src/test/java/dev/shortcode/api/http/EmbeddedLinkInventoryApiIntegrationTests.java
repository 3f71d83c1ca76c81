package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The link inventory on embedded storage: the index rows are written in the link's own write batch. */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedLinkInventoryApiIntegrationTests extends AbstractLinkInventoryApiTests {

    /** 100,000 links exported as NDJSON and as CSV, each parsed back: every link once, the export's rate printed. */
    @Test
    void export_ofAHundredThousandLinks_holdsEachOnce_inBothFormats() {
        Set<String> codes = new HashSet<>(createMany(100_000, "big-" + run));
        assertThat(codes).hasSize(100_000);
        long started = System.nanoTime();
        Response ndjson = as(writer).get("/api/v1/links/export?format=ndjson&tag=big-" + run);
        double seconds = (System.nanoTime() - started) / 1e9;
        ndjson.then().statusCode(200);
        List<String> exported = ndjson.asString().lines().map(line -> json(line).path("code").asText()).toList();
        assertThat(exported).hasSize(100_000);
        assertThat(new HashSet<>(exported)).isEqualTo(codes);
        System.out.printf("export of 100,000 links as NDJSON: %.2f s, %,.0f links/s%n", seconds, 100_000 / seconds);
        List<String> rows = as(writer).get("/api/v1/links/export?format=csv&tag=big-" + run).then().statusCode(200).extract().asString()
                .lines().toList();
        assertThat(rows).hasSize(100_001);
        assertThat(new HashSet<>(rows.subList(1, rows.size()).stream().map(row -> row.substring(0, row.indexOf(','))).toList())).isEqualTo(codes);
    }
}
