package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.testing.redis.RedisDeployment;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shared limits on a real Redis: two {@link RedisRateLimits} on connections of their own are
 * two nodes. They share one limit within the stated over-admission bound, see each other's
 * consumption after a sync, cost Redis about one sync a second while a spent limit is hammered,
 * and decide alone, never failing, while Redis does not answer.
 */
abstract class AbstractRedisRateLimitsIntegrationTests {

    protected abstract RedisDeployment redis();

    /** A deployment of the test's own, which it may pause or stop; the caller closes it. */
    protected abstract RedisDeployment privateRedis();

    private static final Duration PATIENT = Duration.ofSeconds(5);

    private final List<AutoCloseable> opened = new ArrayList<>();
    private String subject;

    @BeforeEach
    void subject() {
        subject = "k_" + UUID.randomUUID().toString().substring(0, 12);
    }

    @AfterEach
    void closeNodes() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    /**
     * One node's limiter on its own connection to {@code deployment}. Its syncs may take up to
     * {@link #PATIENT} on this loaded box (the service's 500 ms would at times decide locally,
     * and the bounds below are those of the shared limit).
     */
    private RedisRateLimits node(RedisDeployment deployment) {
        return node(deployment, PATIENT);
    }

    private RedisRateLimits node(RedisDeployment deployment, Duration requestTimeout) {
        RedisConnection connection = deployment.connect();
        opened.add(connection);
        RedisConnection.Binary binary = connection.openBinary();
        opened.add(binary);
        RedisRateLimits limits = new RedisRateLimits(binary.async(), "rltest", Clock.systemUTC(), requestTimeout);
        opened.add(limits);
        return limits;
    }

    private static RateDecision take(RedisRateLimits node, String subject, RateLimit limit, long units) {
        return node.take(subject, limit, units).toCompletableFuture().join();
    }

    @Test
    void take_twoNodesOnOneDailyQuota_admitAtMostTheQuotaPlusOneNodesSyncThreshold() throws Exception {
        RateLimit limit = RateLimit.perUtcDay(1_000);
        RedisRateLimits a = node(redis());
        RedisRateLimits b = node(redis());

        List<Long> admitted = race(List.of(a, b), limit, 1_500);

        long total = admitted.get(0) + admitted.get(1);
        long bound = (2 - 1) * RedisRateLimits.syncEvery(limit);
        assertThat(bound).isEqualTo(20);
        assertThat(total).as("admitted by the two nodes (%s)", admitted).isBetween(1_000L, 1_000L + bound);
        // Once both have synced, the quota is spent for both.
        Thread.sleep(RedisRateLimits.MAX_UNSYNCED.toMillis() + 100);
        RateDecision onA = take(a, subject, limit, 1);
        RateDecision onB = take(b, subject, limit, 1);
        assertThat(onA.allowed()).isFalse();
        assertThat(onB.allowed()).isFalse();
        assertThat(onA.shared()).isTrue();
        assertThat(onB.retryAfterSeconds()).isPositive().isLessThanOrEqualTo(Duration.ofDays(1).toSeconds());
    }

    @Test
    void take_twoNodesOnOneGradualLimit_admitAtMostTheBurstPlusTheRefillPlusOneSyncThreshold() throws Exception {
        RateLimit limit = RateLimit.perMinute(600); // ten a second after the burst
        RedisRateLimits a = node(redis());
        RedisRateLimits b = node(redis());
        long started = System.nanoTime();

        List<Long> admitted = race(List.of(a, b), limit, 2_000);

        double seconds = (System.nanoTime() - started) / 1e9;
        long total = admitted.get(0) + admitted.get(1);
        long refilled = (long) Math.ceil(seconds * 10);
        assertThat(total).as("admitted in %.1f s (%s)", seconds, admitted)
                .isBetween(600L, 600 + refilled + RedisRateLimits.syncEvery(limit));
    }

    @Test
    void take_afterASync_theOtherNodeSeesWhatOneTook() {
        RateLimit limit = RateLimit.perUtcDay(1_000);
        RedisRateLimits a = node(redis());
        RedisRateLimits b = node(redis());

        // More units than a node may admit on its own: decided in Redis at once.
        RateDecision batch = take(a, subject, limit, 100);
        RateDecision next = take(b, subject, limit, 1);

        assertThat(batch.allowed()).isTrue();
        assertThat(batch.remaining()).isEqualTo(900);
        assertThat(next.remaining()).isEqualTo(899);
        assertThat(next.shared()).isTrue();
        assertThat(take(b, subject, limit, 900).allowed()).as("more than is left").isFalse();
    }

    @Test
    void take_spentLimitHammered_costsRedisAboutOneSyncASecondPerNode() throws Exception {
        try (RedisDeployment own = privateRedis()) {
            RateLimit limit = RateLimit.perMinute(60);
            RedisRateLimits a = node(own);
            RedisRateLimits b = node(own);
            race(List.of(a, b), limit, 200); // the burst spent
            own.resetCommandStats();
            long started = System.nanoTime();

            List<Long> admitted = race(List.of(a, b), limit, 5_000);

            double seconds = (System.nanoTime() - started) / 1e9;
            long commands = own.commandCalls().values().stream().mapToLong(Long::longValue).sum();
            // A sync (GET + script) per node and second, and one per unit admitted (the sync threshold is one unit here),
            // twice over for compare-and-swaps the other node spoils; without the optimisation: two per request.
            long syncs = (long) Math.ceil(2 * (seconds + 1)) + admitted.get(0) + admitted.get(1);
            long allowance = 4 * syncs;
            assertThat(commands).as("Redis commands for 10,000 requests in %.1f s: %s", seconds, own.commandCalls())
                    .isLessThanOrEqualTo(allowance);
        }
    }

    @Test
    void take_redisPaused_isDecidedLocallyWithinTheTimeout_thenSharedAgain() {
        try (RedisDeployment own = privateRedis()) {
            RateLimit limit = RateLimit.perMinute(600);
            RedisRateLimits node = node(own, RedisRateLimits.REQUEST_TIMEOUT);
            assertThat(take(node, subject, limit, 1).shared()).isTrue();

            own.onEachMaster(redis -> redis.clientPause(3_000));
            long started = System.nanoTime();
            // Units beyond the sync threshold go to Redis at once, which does not answer.
            RateDecision duringPause = take(node, subject, limit, 50);
            long waitedMillis = (System.nanoTime() - started) / 1_000_000;

            assertThat(duringPause.allowed()).isTrue();
            assertThat(duringPause.shared()).isFalse();
            assertThat(waitedMillis).isLessThan(RedisRateLimits.REQUEST_TIMEOUT.toMillis() + 1_500);
            assertThat(node.stats().sharedDown()).isTrue();
            long before = System.nanoTime();
            RateDecision bypassed = take(node, subject, limit, 1);
            assertThat(bypassed.shared()).isFalse();
            assertThat((System.nanoTime() - before) / 1_000_000).as("no second wait while bypassing").isLessThan(200);
            assertThat(node.stats().localDecisions()).isGreaterThanOrEqualTo(2);

            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                    .until(() -> take(node, subject, limit, 1).shared());
            assertThat(node.stats().sharedDown()).isFalse();
        }
    }

    @Test
    void take_redisGone_neverFails_andEnforcesTheLimitOnThisNode() {
        RedisRateLimits node;
        RateLimit limit = RateLimit.perUtcDay(30);
        try (RedisDeployment own = privateRedis()) {
            node = node(own);
            assertThat(take(node, subject, limit, 10).shared()).isTrue();
        }
        RateDecision first = take(node, subject, limit, 25);
        assertThat(first.shared()).isFalse();
        assertThat(first.allowed()).as("the node's own bucket knows nothing of the shared one").isTrue();
        RateDecision over = take(node, subject, limit, 10);
        assertThat(over.allowed()).isFalse();
        assertThat(over.retryAfterSeconds()).isPositive();
        assertThat(node.stats().localDecisions()).isEqualTo(2);
    }

    /** Every node takes one unit {@code attempts} times, on a thread of its own, all at once; how many each admitted. */
    private List<Long> race(List<RedisRateLimits> nodes, RateLimit limit, int attempts) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(nodes.size());
        try {
            List<Callable<Long>> work = new ArrayList<>();
            for (RedisRateLimits node : nodes) {
                work.add(() -> {
                    long admitted = 0;
                    for (int i = 0; i < attempts; i++) {
                        RateDecision d = take(node, subject, limit, 1);
                        assertThat(d.shared()).as("decided in Redis").isTrue();
                        admitted += d.allowed() ? 1 : 0;
                    }
                    return admitted;
                });
            }
            List<Long> admitted = new ArrayList<>();
            for (Future<Long> f : threads.invokeAll(work)) {
                admitted.add(f.get());
            }
            return admitted;
        } finally {
            threads.shutdownNow();
        }
    }

    /** Keys of a subject share its hash tag, and carry the limit and the day. */
    @Test
    void key_isTaggedBySubject_andNamesTheLimit() {
        RedisRateLimits node = node(redis());
        long noon = java.time.Instant.parse("2026-03-10T12:00:00Z").toEpochMilli();
        assertThat(node.key("k_1", RateLimit.perMinute(600), noon)).isEqualTo("rltest:rl:{k_1}:g:600:60");
        assertThat(node.key("k_1", RateLimit.perUtcDay(5), noon)).isEqualTo("rltest:rl:{k_1}:d:5:20260310");
    }
}
