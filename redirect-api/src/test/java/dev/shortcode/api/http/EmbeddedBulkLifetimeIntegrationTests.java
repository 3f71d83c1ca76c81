package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.key;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A bulk stream's maximum lifetime, on embedded storage with a lifetime of {@link #LIFETIME}: the
 * idle timeout restarts with every byte, so only the lifetime ends a stream whose client never
 * stops sending.
 */
@QuarkusTest
@TestProfile(EmbeddedBulkLifetimeIntegrationTests.ShortLifetime.class)
class EmbeddedBulkLifetimeIntegrationTests {

    static final Duration LIFETIME = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Embedded storage, streams living {@link #LIFETIME} at most. */
    public static class ShortLifetime extends EmbeddedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> all = new HashMap<>(super.getConfigOverrides());
            all.put("shortcode.bulk.max-stream-lifetime", LIFETIME.toString());
            return all;
        }
    }

    @Test
    void bulkStream_neverIdle_endsAtItsMaximumLifetime_withEveryLineItReadAnswered() throws Exception {
        String writer = key("links:write");
        int sent = 0;
        int answered = 0;
        long started = System.nanoTime();
        Duration endedAfter = null;
        try (BulkConnection bulk = new BulkConnection(RestAssured.port, writer, 0)) {
            while (Duration.ofNanos(System.nanoTime() - started).compareTo(LIFETIME.multipliedBy(4)) < 0) {
                try {
                    bulk.send("{\"url\":\"https://example.com/lifetime/" + sent + "\"}\n");
                    sent++;
                } catch (IOException e) {
                    // closed after its end: the end was read or is read below
                }
                String text = bulk.readLine();
                if (text == null) {
                    endedAfter = Duration.ofNanos(System.nanoTime() - started);
                    break;
                }
                JsonNode result = JSON.readTree(text);
                answered++;
                assertThat(result.path("line").asInt()).isEqualTo(answered);
                assertThat(result.path("status").asInt()).as("%s", result).isEqualTo(201);
                Thread.sleep(200); // far more often than the idle timeout: the stream is never idle
            }
        }
        assertThat(endedAfter).as("the stream ended (%d lines sent, %d answered)", sent, answered).isNotNull();
        assertThat(endedAfter).isGreaterThanOrEqualTo(LIFETIME.minusMillis(500)).isLessThan(LIFETIME.plusSeconds(10));
        assertThat(answered).as("every line read before the end is answered; at most the last one sent was not read")
                .isBetween(sent - 1, sent);
    }
}
