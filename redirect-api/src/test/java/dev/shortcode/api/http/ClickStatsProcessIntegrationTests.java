package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Click statistics of the packaged service, through what may happen to it: two nodes and an
 * orderly stop (every click counted exactly), a node killed (at most its last flush interval
 * lost), Redis frozen then lost, HBase down. Clients are told apart by X-Forwarded-For, which the
 * services trust here.
 */
class ClickStatsProcessIntegrationTests {

    /**
     * Redirects of the exactness test. The full 100,000 of the requirement, split over two nodes:
     * about 30-60 s of sending on this two-core box.
     */
    static final int EXACTNESS_REDIRECTS = 100_000;
    static final int EXACTNESS_LINKS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path LOGS = Path.of("target/service-logs");

    @TempDir
    Path dataDir;

    private static Map<String, String> proxyTrusted() {
        return Map.of("QUARKUS_HTTP_PROXY_PROXY_ADDRESS_FORWARDING", "true", "QUARKUS_HTTP_PROXY_ALLOW_X_FORWARDED", "true");
    }

    private Map<String, String> distributed(RedisDeployment redis, HBaseProcess hbase, String node) {
        Map<String, String> env = new HashMap<>(proxyTrusted());
        env.put("SHORTCODE_DATA_DIR", dataDir.resolve(node).toString());
        env.put("SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString());
        env.put("SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum());
        env.put("SHORTCODE_SECRET", "click stats test secret shared by all nodes");
        env.put("SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
        return env;
    }

    private Map<String, String> embedded() {
        Map<String, String> env = new HashMap<>(proxyTrusted());
        env.put("SHORTCODE_DATA_DIR", dataDir.toString());
        env.put("SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
        return env;
    }

    private static List<String> links(ServiceProcess node, int n) throws Exception {
        Map<String, String> links = new HashMap<>();
        for (int made = 0; made < n; made += Math.min(1_000, n - made)) {
            node.createBatch(links, Math.min(1_000, n - made), "permanent");
        }
        return new ArrayList<>(links.keySet());
    }

    private static JsonNode stats(ServiceProcess node, String code) throws Exception {
        HttpResponse<String> r = node.send("GET", "/api/v1/links/" + code + "/stats?unit=day&units=1", ApiClient.ADMIN_KEY, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body()).get("totals");
    }

    private static long clicks(ServiceProcess node, String code) throws Exception {
        return stats(node, code).get("clicks").asLong();
    }

    @Test
    void twoNodes_zipfTrafficOfHumansAndBots_thenAnOrderlyStop_everyClickIsCountedExactly() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            List<String> codes;
            ClickTraffic traffic = new ClickTraffic(96);
            // Both nodes start at once, as a deployment's replicas do.
            try (ServiceProcess a = ServiceProcess.start(distributed(redis, hbase, "a"), LOGS);
                    ServiceProcess b = ServiceProcess.start(distributed(redis, hbase, "b"), LOGS)) {
                a.awaitReady();
                b.awaitReady();
                codes = links(a, EXACTNESS_LINKS);
                double[] weights = ClickTraffic.zipfWeights(codes.size());
                Random random = new Random(13);
                List<CompletableFuture<Void>> sent = new ArrayList<>(EXACTNESS_REDIRECTS);
                long started = System.nanoTime();
                for (int i = 0; i < EXACTNESS_REDIRECTS; i++) {
                    sent.add(traffic.send((i % 2 == 0 ? a : b).baseUrl(), ClickTraffic.zipf(codes, weights, random), random, t -> {}));
                }
                CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
                System.out.printf("exactness: %,d redirects over two nodes in %.1f s%n", EXACTNESS_REDIRECTS,
                        (System.nanoTime() - started) / 1e9);
                assertThat(traffic.failures.get()).as("redirects not answered 302").isZero();
                a.stop();
                b.stop();
                assertThat(a.logText()).contains("click statistics: everything stored");
                assertThat(b.logText()).contains("click statistics: everything stored");
            }
            assertThat(traffic.total()).isEqualTo(EXACTNESS_REDIRECTS);
            try (ServiceProcess reader = ServiceProcess.start(distributed(redis, hbase, "c"), LOGS).awaitReady()) {
                long uniquesExpected = 0;
                long uniquesCounted = 0;
                for (String code : codes) {
                    ClickTraffic.Expected e = traffic.expected.get(code);
                    JsonNode totals = stats(reader, code);
                    long clicks = e == null ? 0 : e.clicks.sum();
                    long bots = e == null ? 0 : e.bots.sum();
                    long visitors = e == null ? 0 : e.visitors.size();
                    assertThat(totals.get("clicks").asLong()).as("clicks of %s", code).isEqualTo(clicks);
                    assertThat(totals.get("bots").asLong()).as("bots of %s", code).isEqualTo(bots);
                    assertThat(totals.get("humans").asLong()).as("humans of %s", code).isEqualTo(clicks - bots);
                    long uniques = totals.get("uniques").asLong();
                    // Redis' HyperLogLog loses visitors whose register another took: for 58 distinct
                    // visitors PFCOUNT said 55 in 4 of 20,000 trials (56 in 96), never 4 off for 60
                    // to 100 in 24,000; with a few hundred links a run, 3 off must pass.
                    assertThat((double) Math.abs(uniques - visitors)).as("uniques of %s: %d counted, %d distinct", code, uniques, visitors)
                            .isLessThanOrEqualTo(Math.max(3, 0.05 * visitors));
                    uniquesExpected += visitors;
                    uniquesCounted += uniques;
                }
                System.out.printf("exactness: uniques %,d counted for %,d distinct visitor-links (%.2f%%)%n", uniquesCounted, uniquesExpected,
                        100.0 * (uniquesCounted - uniquesExpected) / uniquesExpected);
                assertThat(Math.abs(uniquesCounted - uniquesExpected) / (double) uniquesExpected).isLessThan(0.02);
                HttpResponse<String> all = reader.send("GET", "/api/v1/stats?unit=day&units=1", ApiClient.ADMIN_KEY, null);
                assertThat(JSON.readTree(all.body()).get("totals").get("clicks").asLong()).isEqualTo(EXACTNESS_REDIRECTS);
            }
        }
    }

    @Test
    void embeddedNodeKilled_losesAtMostItsLastFlushInterval_andCountsOffCountsNothing() throws Exception {
        String code;
        ClickTraffic traffic = new ClickTraffic(16);
        ConcurrentLinkedQueue<Long> answered = new ConcurrentLinkedQueue<>();
        long killedAt;
        try (ServiceProcess node = ServiceProcess.start(embedded(), LOGS).awaitReady()) {
            code = links(node, 1).get(0);
            Random random = new Random(7);
            long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            while (System.nanoTime() < until) {
                sent.add(traffic.send(node.baseUrl(), code, random, answered::add));
                Thread.sleep(2); // about 500 a second
            }
            killedAt = System.nanoTime();
            node.kill();
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
        }
        long acknowledged = traffic.total();
        long lastSeconds = answered.stream().filter(t -> t > killedAt - Duration.ofMillis(2_500).toNanos()).count();
        try (ServiceProcess restarted = ServiceProcess.start(embedded(), LOGS).awaitReady()) {
            long counted = clicks(restarted, code);
            System.out.printf("kill -9: %d acknowledged, %d counted, %d lost; %d acknowledged in the last 2.5 s%n", acknowledged, counted,
                    acknowledged - counted, lastSeconds);
            assertThat(counted).isLessThanOrEqualTo(acknowledged);
            assertThat(acknowledged - counted).as("lost: at most the clicks of the last flush interval (1 s) and the batch in flight")
                    .isLessThanOrEqualTo(lastSeconds);
            restarted.stop();
        }
        Map<String, String> off = embedded();
        off.put("SHORTCODE_STATS_ENABLED", "false");
        try (ServiceProcess node = ServiceProcess.start(off, LOGS).awaitReady()) {
            long before = clicks(node, code);
            for (int i = 0; i < 20; i++) {
                assertThat(node.send("GET", "/" + code, null, null).statusCode()).isEqualTo(302);
            }
            Thread.sleep(2_500);
            assertThat(clicks(node, code)).as("SHORTCODE_STATS_ENABLED=false counts nothing").isEqualTo(before);
        }
    }

    @Test
    void redisFrozenThenLost_hbaseDown_clicksAreDelayedNeverDropped_andRedisLosesOnlyWhatItHeld() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone();
                ServiceProcess node = ServiceProcess.start(distributed(redis, hbase, "a"), LOGS).awaitReady()) {
            String code = links(node, 1).get(0);
            Outbox.awaitDrained(redis, Duration.ofSeconds(60));
            Random random = new Random(3);
            ClickTraffic traffic = new ClickTraffic(16);
            sendAll(traffic, node, code, random, 300);
            awaitClicks(node, code, 300);

            // Redis answers nothing for 6 s: redirects go on from the near cache, their batches fail and are sent again.
            redis.onEachMaster(r -> r.clientPause(6_000));
            sendAll(traffic, node, code, random, 300);
            awaitClicks(node, code, 600);
            assertThat(metric(node, "shortcode_stats_flush_failures_total")).as("batches failed during the freeze").isPositive();

            // HBase down: counting goes on in Redis; stats reads, which need HBase for older days, answer 503.
            hbase.stopHBase();
            try {
                sendAll(traffic, node, code, random, 200);
                HttpResponse<String> during = node.send("GET", "/api/v1/links/" + code + "/stats", ApiClient.ADMIN_KEY, null);
                assertThat(during.statusCode()).as(during.body()).isEqualTo(503);
                assertThat(during.headers().firstValue("Retry-After")).isPresent();
            } finally {
                hbase.startHBase();
            }
            awaitClicks(node, code, 800);

            // Redis restarted empty: today's counts were only in Redis (the roll-up copies finished days).
            redis.restart();
            sendAll(traffic, node, code, random, 200);
            awaitClicks(node, code, 200);
            assertThat(metric(node, "shortcode_stats_clicks_dropped_total")).as("nothing dropped").isZero();
            assertThat(traffic.failures.get()).isZero();
        }
    }

    private static void sendAll(ClickTraffic traffic, ServiceProcess node, String code, Random random, int n) {
        List<CompletableFuture<Void>> sent = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sent.add(traffic.send(node.baseUrl(), code, random, t -> {}));
        }
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
    }

    private static void awaitClicks(ServiceProcess node, String code, long expected) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            HttpResponse<String> r = node.send("GET", "/api/v1/links/" + code + "/stats?unit=day&units=1", ApiClient.ADMIN_KEY, null);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(JSON.readTree(r.body()).get("totals").get("clicks").asLong()).isEqualTo(expected);
        });
        // and it stays there: nothing arrives twice later
        try {
            Thread.sleep(1_500);
            assertThat(clicks(node, code)).isEqualTo(expected);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Sum of a metric's samples in /q/metrics. */
    private static double metric(ServiceProcess node, String name) throws Exception {
        String body = node.management("/q/metrics").body();
        double sum = 0;
        boolean found = false;
        for (String line : body.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                found = true;
            }
        }
        assertThat(found).as("%s in /q/metrics", name).isTrue();
        return sum;
    }
}
