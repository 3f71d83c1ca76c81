package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service on real Redis and HBase, through faults: a node killed with SIGKILL, then
 * Redis restarted empty. Every acknowledged link still resolves (from HBase, through the outbox),
 * and the counter, re-seeded from the HBase watermark, never issues a code again.
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
            try (ServiceProcess first = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
                first.createBatch(links, 200, null);
                first.createBatch(links, 200, "permanent");
                awaitOutboxDrained(redis);
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
                Map<String, String> fresh = new HashMap<>();
                second.createBatch(fresh, 300, null);
                second.createBatch(fresh, 300, "permanent");
                assertThat(fresh.keySet()).as("codes issued after the counter was lost").doesNotContainAnyElementsOf(links.keySet());
            }
        }
    }

    /** Waits until the archivers have written every outbox entry to HBase (streams empty). */
    private static void awaitOutboxDrained(RedisDeployment redis) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            AtomicLong pending = new AtomicLong();
            redis.onEachMaster(r -> {
                List<String> streams = r.keys("sc:o:*");
                for (String stream : streams) {
                    pending.addAndGet(r.xlen(stream));
                }
            });
            return pending.get() == 0;
        });
    }
}
