package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /** One node's environment: Redis standalone and HBase, a data directory, the shared secret and admin key. */
    private Map<String, String> env(RedisDeployment redis, HBaseProcess hbase, String secret) {
        return Map.of(
                "SHORTCODE_DATA_DIR", dataDir.toString(),
                "SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString(),
                "SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum(),
                "SHORTCODE_SECRET", secret,
                "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
    }

    @Test
    void nodeKilledThenRedisRestartedEmpty_everyAcknowledgedLinkResolvesAndNoCodeRepeats() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            Map<String, String> env = env(redis, hbase, "fault test secret shared by all nodes");
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
                    HttpResponse<Void> r = http.send(second.request("/" + link.getKey()).build(),
                            HttpResponse.BodyHandlers.discarding());
                    assertThat(r.statusCode()).as("link %s after the kill and the Redis restart", link.getKey()).isEqualTo(302);
                    assertThat(r.headers().firstValue("Location")).contains(link.getValue());
                }
                HttpResponse<String> byClient = second.send("POST", "/api/v1/links", clientKey, "{\"url\": \"https://example.com/client\"}");
                assertThat(byClient.statusCode()).as("the client's key after Redis lost everything: %s", byClient.body()).isEqualTo(201);
                // The first code of the re-seeded counter, far above the watermark every node cached: redirected at once.
                HttpResponse<Void> first = http.send(second.request("/" + ServiceProcess.field(byClient, "code")).build(),
                        HttpResponse.BodyHandlers.discarding());
                assertThat(first.statusCode()).as("redirect of the first code issued after the re-seed").isEqualTo(302);
                Map<String, String> fresh = new HashMap<>();
                second.createBatch(fresh, 300, null);
                second.createBatch(fresh, 300, "permanent");
                assertThat(fresh.keySet()).as("codes issued after the counter was lost").doesNotContainAnyElementsOf(links.keySet());
            }
        }
    }

    /**
     * Redis loses everything under a running node (FLUSHALL; a restart without persistence is the
     * same): the permanent links made since the node started, all in HBase by then, redirect at the
     * first read. The node's cached watermark is from its start, before its first lease, so every
     * code it issued lies above it. Either that mark is stale by the flush (and must be read again
     * before it judges those codes), or, with a long watermark max-age, still fresh: the codes are
     * then within its slack, issued moments ago, and must still be looked up in HBase, which took
     * them before Redis lost them. A permanent alias of a pool's shape, never issued, is found by
     * its reservation. Listings, read from HBase, still hold them, live.
     */
    @ParameterizedTest(name = "cached watermark stale at the flush: {0}")
    @ValueSource(booleans = {true, false})
    void redisFlushedUnderARunningNode_permanentLinksRedirectAtTheFirstRead(boolean markStale) throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            Map<String, String> env = new HashMap<>(env(redis, hbase, "flush test secret shared by all nodes"));
            if (!markStale) {
                env.put("SHORTCODE_COLD_READ_WATERMARK_MAX_AGE", "PT1H");
            }
            try (ServiceProcess node = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
                Map<String, String> links = new java.util.LinkedHashMap<>();
                for (int i = 0; i < 3; i++) {
                    HttpResponse<String> created = node.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY,
                            "{\"url\": \"https://example.com/kept/" + i + "\", \"ttl\": \"permanent\"}");
                    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
                    links.put(ServiceProcess.field(created, "code"), "https://example.com/kept/" + i);
                }
                // An alias of a pool's shape (5 base62 characters): its code was never issued, so only
                // its reservation sends the read to HBase once Redis lost it.
                String alias = "K" + java.util.UUID.randomUUID().toString().substring(0, 4);
                HttpResponse<String> aliased = node.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY,
                        "{\"url\": \"https://example.com/kept/alias\", \"ttl\": \"permanent\", \"alias\": \"" + alias + "\"}");
                assertThat(aliased.statusCode()).as(aliased.body()).isEqualTo(201);
                links.put(alias, "https://example.com/kept/alias");
                Outbox.awaitDrained(redis, Duration.ofSeconds(60));
                if (markStale) {
                    Thread.sleep(1_500); // older than a cached watermark may be before it is read again
                }
                redis.onEachMaster(r -> r.flushall());

                for (Map.Entry<String, String> link : links.entrySet()) {
                    HttpResponse<Void> r = http.send(node.request("/" + link.getKey()).build(),
                            HttpResponse.BodyHandlers.discarding());
                    assertThat(r.statusCode()).as("first redirect of %s after Redis lost everything", link.getKey()).isEqualTo(302);
                    assertThat(r.headers().firstValue("Location")).contains(link.getValue());
                    assertThat(node.send("GET", "/api/v1/links/" + link.getKey(), ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(200);
                }
                // The listing lives in the archive: Redis's loss takes nothing from it.
                HttpResponse<String> listed = node.send("GET", "/api/v1/links?limit=1000", ApiClient.ADMIN_KEY, null);
                assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
                for (String code : links.keySet()) {
                    assertThat(listed.body()).as("listed after Redis lost everything").contains("\"code\":\"" + code + "\"");
                }
                assertThat(listed.body()).doesNotContain("\"status\":\"expired\"");
            }
        }
    }

    @Test
    void twoNodes_aChangeOrDeleteOnOne_isSeenByTheOtherWithinASecond_andTheirCodesNeverCollide() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            Map<String, String> env = Map.of(
                    "SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString(),
                    "SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum(),
                    "SHORTCODE_SECRET", "two node test secret shared by all nodes",
                    "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
            Map<String, String> envA = new HashMap<>(env);
            envA.put("SHORTCODE_DATA_DIR", dataDir.resolve("a").toString());
            Map<String, String> envB = new HashMap<>(env);
            envB.put("SHORTCODE_DATA_DIR", dataDir.resolve("b").toString());
            // Both nodes start at once, as a deployment's replicas do.
            try (ServiceProcess a = ServiceProcess.start(envA, Path.of("target/service-logs"));
                    ServiceProcess b = ServiceProcess.start(envB, Path.of("target/service-logs"))) {
                a.awaitReady();
                b.awaitReady();
                HttpResponse<String> created = a.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY, "{\"url\": \"https://example.com/v1\"}");
                String code = ServiceProcess.field(created, "code");
                assertThat(b.send("GET", "/" + code, null, null).headers().firstValue("Location")).contains("https://example.com/v1");
                assertThat(b.send("GET", "/" + code, null, null).statusCode()).as("served from B's near cache now").isEqualTo(302);

                HttpResponse<String> patched = a.send("PATCH", "/api/v1/links/" + code, ApiClient.ADMIN_KEY, "{\"url\": \"https://example.com/v2\"}");
                assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
                long changedAt = System.nanoTime();
                awaitOn(b, code, r -> r.statusCode() == 302 && r.headers().firstValue("Location").orElse("").equals("https://example.com/v2"));
                assertThat(Duration.ofNanos(System.nanoTime() - changedAt)).as("B follows A's change").isLessThan(Duration.ofSeconds(1));

                assertThat(a.send("DELETE", "/api/v1/links/" + code, ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);
                long deletedAt = System.nanoTime();
                awaitOn(b, code, r -> r.statusCode() == 404);
                assertThat(Duration.ofNanos(System.nanoTime() - deletedAt)).as("B follows A's delete").isLessThan(Duration.ofSeconds(1));

                Map<String, String> fromA = new HashMap<>();
                Map<String, String> fromB = new HashMap<>();
                for (int round = 0; round < 3; round++) {
                    a.createBatch(fromA, 500, null);
                    b.createBatch(fromB, 500, null);
                }
                assertThat(fromA).hasSize(1_500);
                assertThat(fromB).hasSize(1_500);
                assertThat(fromA.keySet()).as("codes issued by two nodes").doesNotContainAnyElementsOf(fromB.keySet());
            }
        }
    }

    /** Polls {@code node}'s redirect of {@code code} every 20 ms until {@code done}, for at most 5 s. */
    private static void awaitOn(ServiceProcess node, String code, java.util.function.Predicate<HttpResponse<String>> done)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            last = node.send("GET", "/" + code, null, null);
            if (done.test(last)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("node never reached the expected answer for " + code + "; last: " + last.statusCode() + " "
                + last.headers().firstValue("Location").orElse(""));
    }
}
