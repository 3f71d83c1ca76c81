package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks of two packaged nodes on real Redis and HBase: links made on either node, the
 * webhook registered on one of them, each event delivered, and no message sent by both nodes.
 */
class DistributedWebhookProcessIntegrationTests {

    private static final Path LOGS = Path.of("target/service-logs");

    @TempDir
    Path dataDir;

    private Map<String, String> env(RedisDeployment redis, boolean cluster, HBaseProcess hbase, String node) {
        Map<String, String> env = new HashMap<>();
        env.put("SHORTCODE_DATA_DIR", dataDir.resolve(node).toString());
        if (cluster) {
            env.put("SHORTCODE_REDIS_URIS", redis.uris().stream().map(u -> u.toURI().toString()).collect(Collectors.joining(",")));
            env.put("SHORTCODE_REDIS_MODE", "cluster");
        } else {
            env.put("SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString());
        }
        env.put("SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum());
        env.put("SHORTCODE_SECRET", "webhook test secret shared by all nodes");
        env.put("SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
        env.put("SHORTCODE_WEBHOOKS_ALLOW_INTERNAL_ADDRESSES", "true");
        return env;
    }

    /** On a standalone Redis and on a 3-master Cluster, where the links' outbox entries and their events spread over the masters. */
    @ParameterizedTest(name = "Redis Cluster: {0}")
    @ValueSource(booleans = {false, true})
    void twoNodes_everyEventDeliveredSigned_noMessageSentByBoth(boolean cluster) throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = cluster ? RedisServers.cluster() : RedisServers.standalone(); WebhookReceiver receiver = new WebhookReceiver();
                ServiceProcess a = ServiceProcess.start(env(redis, cluster, hbase, "a"), LOGS);
                ServiceProcess b = ServiceProcess.start(env(redis, cluster, hbase, "b"), LOGS)) {
            a.awaitReady();
            b.awaitReady();
            HttpResponse<String> registered = a.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                    "{\"url\":\"" + receiver.url("/in") + "\",\"events\":[\"link.created\",\"link.updated\",\"link.deleted\"]}");
            assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
            String secret = ServiceProcess.field(registered, "secret");

            // At once on the other node: its view of the webhooks is behind, and it must miss nothing for it.
            Map<String, String> links = new HashMap<>();
            b.createBatch(links, 150, null);
            a.createBatch(links, 150, null);
            String changed = links.keySet().iterator().next();
            assertThat(b.send("PATCH", "/api/v1/links/" + changed, ApiClient.ADMIN_KEY, "{\"url\":\"https://example.org/changed\"}").statusCode())
                    .isEqualTo(200);
            Thread.sleep(3_000); // both nodes know the webhook now: a delete's event is recorded beside its outbox entry
            String deleted = links.keySet().stream().filter(c -> !c.equals(changed)).findFirst().orElseThrow();
            assertThat(a.send("DELETE", "/api/v1/links/" + deleted, ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);

            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                assertThat(events(receiver, "link.created")).containsAll(links.keySet());
                assertThat(events(receiver, "link.updated")).contains(changed);
                assertThat(events(receiver, "link.deleted")).contains(deleted);
            });
            // Either node shows the webhook's deliveries, whichever sent them.
            String id = ServiceProcess.field(registered, "id");
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                HttpResponse<String> onA = a.send("GET", "/api/v1/webhooks/" + id + "/deliveries", ApiClient.ADMIN_KEY, null);
                HttpResponse<String> onB = b.send("GET", "/api/v1/webhooks/" + id + "/deliveries", ApiClient.ADMIN_KEY, null);
                assertThat(onA.statusCode()).isEqualTo(200);
                assertThat(onA.body()).contains("\"status\":\"succeeded\"").isEqualTo(onB.body());
            });
            List<WebhookReceiver.Received> all = receiver.received();
            Set<String> ids = new HashSet<>();
            for (WebhookReceiver.Received r : all) {
                assertThat(WebhookReceiver.verifies(r, secret)).as(r.toString()).isTrue();
                assertThat(ids.add(r.id())).as("message %s sent once: the receiver accepted every attempt", r.id()).isTrue();
            }
        }
    }

    private static List<String> events(WebhookReceiver receiver, String type) {
        List<String> codes = new ArrayList<>();
        for (WebhookReceiver.Received r : receiver.accepted("/in")) {
            JsonNode body = r.json();
            if (body.get("type").asText().equals(type)) {
                codes.add(body.get("data").get("code").asText());
            }
        }
        return codes;
    }
}
