package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service while one of its stores is down: readiness names the one that is, the API
 * says 503 with Retry-After instead of failing obscurely, and what was acknowledged during an
 * HBase outage reaches HBase once it is back.
 */
class DistributedServiceOutageIntegrationTests {

    @TempDir
    Path dataDir;

    private Map<String, String> env(RedisDeployment redis, HBaseProcess hbase) {
        return Map.of("SHORTCODE_DATA_DIR", dataDir.toString(),
                "SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString(),
                "SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum(),
                "SHORTCODE_SECRET", "outage test secret shared by all nodes",
                "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
    }

    @Test
    void hbaseDown_readyButDegraded_createsAndRedirectsGoOn_andEveryLinkReachesHBaseOnceItIsBack() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone();
                ServiceProcess node = ServiceProcess.start(env(redis, hbase), Path.of("target/service-logs")).awaitReady()) {
            Map<String, String> links = new HashMap<>();
            java.util.List<String> removed = new java.util.ArrayList<>();
            node.createBatch(links, 50, "permanent");
            hbase.stopHBase();
            try {
                // Ready, degraded: the node still serves creates (into the outbox) and redirects.
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    HttpResponse<String> ready = node.management("/q/health/ready");
                    assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
                    assertThat(ready.body()).contains("\"hbase\": \"down\"").contains("\"redis\": \"up\"")
                            .contains("\"degraded\": true");
                });
                assertThat(node.management("/q/metrics").body())
                        .contains("shortcode_storage_dependency_up{dependency=\"hbase\"} 0.0");
                node.createBatch(links, 100, "permanent"); // acknowledged while HBase is down: in the outbox
                assertAllRedirect(node, links);
                // A delete is one write (Redis and the outbox): it does not wait for HBase.
                String deleted = links.keySet().iterator().next();
                long deleting = System.nanoTime();
                HttpResponse<String> delete = node.send("DELETE", "/api/v1/links/" + deleted, ApiClient.ADMIN_KEY, null);
                assertThat(delete.statusCode()).as(delete.body()).isEqualTo(204);
                assertThat(Duration.ofNanos(System.nanoTime() - deleting)).as("a delete while HBase is down").isLessThan(Duration.ofSeconds(2));
                links.remove(deleted);
                removed.add(deleted);
            } finally {
                hbase.startHBase();
            }
            node.awaitReady();
            Outbox.awaitDrained(redis, Duration.ofSeconds(90));
            redis.restart(); // Redis forgets everything: only HBase can answer now
            assertAllRedirect(node, links);
            for (String code : removed) {
                assertThat(node.send("GET", "/" + code, null, null).statusCode()).as("deleted during the outage: %s", code).isEqualTo(404);
            }
        }
    }

    @Test
    void redisDown_readinessNamesIt_andTheApiAnswers503WithRetryAfter() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        RedisDeployment redis = RedisServers.standalone();
        try (ServiceProcess node = ServiceProcess.start(env(redis, hbase), Path.of("target/service-logs")).awaitReady()) {
            HttpResponse<String> created = node.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY, "{\"url\": \"https://example.com/before\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            redis.close();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                HttpResponse<String> ready = node.management("/q/health/ready");
                assertThat(ready.statusCode()).isEqualTo(503);
                assertThat(ready.body()).contains("\"redis\": \"down\"");
            });
            HttpResponse<String> refused = node.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY, "{\"url\": \"https://example.com/during\"}");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).contains("1");
            assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(ServiceProcess.field(refused, "detail")).contains("redis store did not answer");
            assertThat(node.logText()).doesNotContain("unexpected failure");
        } finally {
            redis.close();
        }
    }

    private static void assertAllRedirect(ServiceProcess node, Map<String, String> links) throws Exception {
        for (Map.Entry<String, String> link : links.entrySet()) {
            HttpResponse<String> r = node.send("GET", "/" + link.getKey(), null, null);
            assertThat(r.statusCode()).as("redirect of %s", link.getKey()).isEqualTo(302);
            assertThat(r.headers().firstValue("Location")).contains(link.getValue());
        }
    }
}
