package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service on real Redis and HBase, through faults: a node killed with SIGKILL, then
 * Redis restarted empty. Every acknowledged link still resolves (from HBase, through the outbox),
 * the API keys given to clients still work (they live in HBase), and the counter, re-seeded from
 * the HBase watermark, never issues a code again.
 */
class DistributedServiceProcessIntegrationTests {

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @TempDir
    Path dataDir;

    @Test
    void nodeKilledThenRedisRestartedEmpty_everyAcknowledgedLinkResolvesAndNoCodeRepeats() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            Map<String, String> env = Map.of(
                    "SHORTCODE_DATA_DIR", dataDir.toString(),
                    "SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString(),
                    "SHORTCODE_HBASE_ZK", hbase.zookeeperQuorum(),
                    "SHORTCODE_SECRET", "fault test secret shared by all nodes",
                    "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
            Map<String, String> links = new HashMap<>();
            String clientKey;
            try (ServiceProcess first = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
                HttpResponse<String> key = first.send("POST", "/api/v1/keys", ApiClient.ADMIN_KEY,
                        "{\"name\": \"client\", \"scopes\": [\"links:write\", \"links:read\"]}");
                assertThat(key.statusCode()).as(key.body()).isEqualTo(201);
                clientKey = ServiceProcess.field(key, "key");
                first.createBatch(links, 200, null);
                first.createBatch(links, 200, "permanent");
                Outbox.awaitDrained(redis, Duration.ofSeconds(60));
                first.kill();
            }
            redis.restart(); // empty: no persistence configured
            try (ServiceProcess second = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
                for (Map.Entry<String, String> link : links.entrySet()) {
                    HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(second.baseUrl() + "/" + link.getKey())).build(),
                            HttpResponse.BodyHandlers.discarding());
                    assertThat(r.statusCode()).as("link %s after the kill and the Redis restart", link.getKey()).isEqualTo(302);
                    assertThat(r.headers().firstValue("Location")).contains(link.getValue());
                }
                HttpResponse<String> byClient = second.send("POST", "/api/v1/links", clientKey, "{\"url\": \"https://example.com/client\"}");
                assertThat(byClient.statusCode()).as("the client's key after Redis lost everything: %s", byClient.body()).isEqualTo(201);
                // The first code of the re-seeded counter, far above the watermark every node cached: redirected at once.
                HttpResponse<Void> first = http.send(HttpRequest.newBuilder(URI.create(second.baseUrl() + "/"
                        + ServiceProcess.field(byClient, "code"))).build(), HttpResponse.BodyHandlers.discarding());
                assertThat(first.statusCode()).as("redirect of the first code issued after the re-seed").isEqualTo(302);
                Map<String, String> fresh = new HashMap<>();
                second.createBatch(fresh, 300, null);
                second.createBatch(fresh, 300, "permanent");
                assertThat(fresh.keySet()).as("codes issued after the counter was lost").doesNotContainAnyElementsOf(links.keySet());
            }
        }
    }
}
