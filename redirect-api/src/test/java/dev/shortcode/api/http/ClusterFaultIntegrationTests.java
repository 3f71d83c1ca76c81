package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.ReplicatedCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three service processes on a 3-master Redis Cluster with a replica each and one HBase, under a
 * steady mix of creates, batches and redirects spread over the nodes, through three faults in turn:
 * a node killed with SIGKILL (and started again), a Redis master killed with SIGKILL (its replica
 * promoted by the Cluster), HBase frozen with SIGSTOP (and resumed). Then: no code was ever
 * acknowledged twice, every acknowledged link redirects on every node, every permanent link
 * survives FLUSHALL of every master, no answer was ever a 500, the failover's errors ended within
 * seconds of the promotion, and no create failed while HBase was frozen.
 */
class ClusterFaultIntegrationTests {

    /** Every error over this soon after the Cluster promoted the replica. */
    private static final Duration FAILOVER_RECOVERY = Duration.ofSeconds(5);
    private static final Duration HBASE_FROZEN = Duration.ofSeconds(15);
    private static final int NODES = 3;
    /** Redirect checks at the end in flight at once: enough to keep three nodes busy, few enough not to time out. */
    private static final int CHECKS_IN_FLIGHT = 48;

    @TempDir
    Path dataDir;

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final ServiceProcess[] nodes = new ServiceProcess[NODES];

    /** Both link layouts: a key per link (0), and links in 4,096 groups spread over the masters. */
    @ParameterizedTest(name = "link groups: {0}")
    @ValueSource(ints = {0, 4_096})
    void threeNodes_nodeKill_masterKill_hbaseFreeze_loseNothingAndRecoverWithinTheirTargets(int linkGroups) throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (ReplicatedCluster redis = ReplicatedCluster.start(3)) {
            Map<String, String> env = Map.of(
                    "SHORTCODE_REDIS_URIS", redis.allNodes().stream().map(u -> u.toURI().toString()).collect(Collectors.joining(",")),
                    "SHORTCODE_REDIS_MODE", "cluster",
                    "SHORTCODE_REDIS_LINK_GROUPS", Integer.toString(linkGroups),
                    "SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum(),
                    "SHORTCODE_SECRET", "fault test secret shared by all nodes",
                    "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
            try {
                for (int i = 0; i < NODES; i++) {
                    nodes[i] = start(env, i);
                }
                for (ServiceProcess node : nodes) {
                    node.awaitReady();
                }
                FaultLoad load = new FaultLoad(NODES, i -> nodes[i].baseUrl(), ApiClient.ADMIN_KEY).start(4);
                long promoted;
                long frozen;
                long resumed;
                try {
                    // The first fault comes once creates are acknowledged: the load reaches every node.
                    await("creates before any fault").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                            .until(() -> load.createsAcknowledged.get() > 0);

                    // 1. A node dies and comes back.
                    nodes[1].kill();
                    nodes[1] = start(env, 1).awaitReady();
                    Thread.sleep(2_000);

                    // 2. A Redis master dies; the Cluster promotes its replica.
                    redis.killMaster(0);
                    promoted = redis.awaitPromotion();
                    Thread.sleep(FAILOVER_RECOVERY.toMillis() + 3_000);

                    // 3. HBase freezes: creates go on into the outbox, redirects from Redis.
                    frozen = System.nanoTime();
                    signal(hbase, "STOP");
                    try {
                        Thread.sleep(HBASE_FROZEN.toMillis());
                        for (ServiceProcess node : nodes) {
                            HttpResponse<String> ready = node.management("/q/health/ready");
                            assertThat(ready.statusCode()).as("readiness of a node while HBase is frozen: %s", ready.body())
                                    .isEqualTo(200);
                        }
                    } finally {
                        signal(hbase, "CONT");
                    }
                    resumed = System.nanoTime();
                    Thread.sleep(2_000);
                } finally {
                    load.close();
                }
                long lastFailoverFailure = load.failures.stream().filter(f -> f.atNanos() < frozen).mapToLong(FaultLoad.Failure::atNanos)
                        .max().orElse(promoted);
                System.out.printf("FAULTS: %d requests, %d creates acknowledged, %d failures (%s); the last failure before the"
                        + " HBase freeze came %d ms after the promotion%n", load.requests.get(), load.createsAcknowledged.get(),
                        load.failures.size(), statuses(load.failures), (lastFailoverFailure - promoted) / 1_000_000);

                assertThat(load.forbidden).as("500s, 503s without Retry-After, wrong redirects, codes acknowledged twice").isEmpty();
                assertThat(new HashSet<>(load.everyAcknowledgedCode)).as("distinct acknowledged codes")
                        .hasSize(load.everyAcknowledgedCode.size());
                assertThat(load.failures.stream().filter(f -> f.atNanos() > promoted + FAILOVER_RECOVERY.toNanos()).toList())
                        .as("failures later than %s after the promotion", FAILOVER_RECOVERY).isEmpty();
                assertThat(load.failures.stream().filter(f -> f.atNanos() >= frozen && f.atNanos() <= resumed).toList())
                        .as("failures while HBase was frozen").isEmpty();
                for (ServiceProcess node : nodes) {
                    assertThat(node.logText()).as("log of %s", node.baseUrl()).doesNotContain("unexpected failure");
                }

                redis.restartKilled();
                Outbox.awaitDrained(redis, Duration.ofSeconds(120));
                assertEveryLinkRedirects(load.acknowledged, true, "after the faults");
                redis.flushAll();
                Map<String, String> permanent = load.acknowledged.entrySet().stream()
                        .filter(e -> load.permanent.contains(e.getKey()))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
                assertThat(permanent).isNotEmpty();
                assertEveryLinkRedirects(permanent, false, "after FLUSHALL of every master");
            } finally {
                for (ServiceProcess node : nodes) {
                    if (node != null) {
                        node.close();
                    }
                }
            }
        }
    }

    /**
     * Every link redirects to its url: on every node ({@code onEveryNode}), else on one node each in
     * turn. Checked asynchronously, {@link #CHECKS_IN_FLIGHT} requests at a time.
     */
    private void assertEveryLinkRedirects(Map<String, String> links, boolean onEveryNode, String when) throws Exception {
        Semaphore inFlight = new Semaphore(CHECKS_IN_FLIGHT);
        List<CompletableFuture<String>> checks = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, String> link : links.entrySet()) {
            List<ServiceProcess> on = onEveryNode ? List.of(nodes) : List.of(nodes[i++ % NODES]);
            for (ServiceProcess node : on) {
                inFlight.acquire();
                String where = link.getKey() + " on " + node.baseUrl();
                checks.add(http.sendAsync(HttpRequest.newBuilder(URI.create(node.baseUrl() + "/" + link.getKey()))
                                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding())
                        .handle((r, failure) -> {
                            inFlight.release();
                            if (failure != null) {
                                return where + ": no answer, " + failure;
                            }
                            String location = r.headers().firstValue("Location").orElse("");
                            return r.statusCode() == 302 && location.equals(link.getValue()) ? null
                                    : where + ": " + r.statusCode() + " " + location;
                        }));
            }
        }
        List<String> problems = new ArrayList<>();
        for (CompletableFuture<String> check : checks) {
            String problem = check.get(60, TimeUnit.SECONDS);
            if (problem != null) {
                problems.add(problem);
            }
        }
        assertThat(problems).as("links that do not redirect %s (of %d)", when, links.size()).isEmpty();
    }

    private static String statuses(List<FaultLoad.Failure> failures) {
        return failures.stream().collect(Collectors.groupingBy(f -> f.status() == 0 ? "no answer" : Integer.toString(f.status()),
                Collectors.counting())).toString();
    }

    private ServiceProcess start(Map<String, String> env, int index) {
        Map<String, String> own = new HashMap<>(env);
        own.put("SHORTCODE_DATA_DIR", dataDir.resolve("node-" + index + "-" + System.nanoTime()).toString());
        return ServiceProcess.start(own, Path.of("target/service-logs"));
    }

    /** Sends a signal to the HBase child: STOP freezes it (ZooKeeper too), CONT resumes it. */
    private static void signal(HBaseProcess hbase, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(hbase.pid())).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -%s", signal).isTrue();
    }
}
