package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.StorageUnavailableException;
import dev.shortcode.testing.redis.ReplicatedCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A master of a Cluster with replicas killed (SIGKILL) under a steady stream of creates and reads:
 * the Cluster promotes its replica after {@code cluster-node-timeout} (2 s) plus an election, and
 * the hot store must follow within seconds of that, failing in between with outages only (503s to
 * the service's clients), never with anything else, and never leaving a link live in Redis without
 * its outbox entry.
 */
class ClusterFailoverIntegrationTests {

    /** The target: every error over this soon after the replica was promoted. */
    private static final Duration RECOVERY = Duration.ofSeconds(5);

    @Test
    void masterKilled_createsAndReadsRecoverWithinSecondsOfThePromotion_failingOnlyAsOutages() throws Exception {
        try (ReplicatedCluster redis = ReplicatedCluster.start(3);
                RedisConnection connection = RedisConnection.open(redis.allNodes(), true, Duration.ofSeconds(2));
                RedisHotStore store = new RedisHotStore(connection, new StoreKeys("failover", 8), HotStoreOptions.DEFAULTS)) {
            Map<String, LinkRecord> acknowledged = new ConcurrentHashMap<>();
            AtomicLong lastFailureNanos = new AtomicLong();
            List<Throwable> notOutages = new java.util.concurrent.CopyOnWriteArrayList<>();
            AtomicLong failures = new AtomicLong();
            long began = System.nanoTime();
            long promotedAt = 0;
            long[] promoted = {0};
            boolean killed = false;
            long stopAt = Long.MAX_VALUE;
            long lastPoll = 0;
            Map<String, LinkRecord> acknowledgedLate = new ConcurrentHashMap<>();
            List<CompletableFuture<?>> inFlight = new ArrayList<>();
            while (System.nanoTime() < stopAt) {
                // About 500 creates and 500 reads a second, each on its own.
                for (int i = 0; i < 5; i++) {
                    LinkRecord link = TestLinks.link(TestLinks.randomCode(7), 3_600);
                    CompletableFuture<?> create = store.create(link).toCompletableFuture().whenComplete((ok, failure) -> {
                        if (failure == null) {
                            if (ok) {
                                acknowledged.put(link.code(), link);
                                if (promoted[0] != 0) {
                                    acknowledgedLate.put(link.code(), link);
                                }
                            }
                        } else {
                            record(failure, failures, lastFailureNanos, notOutages);
                        }
                    });
                    inFlight.add(create);
                    acknowledged.keySet().stream().findAny().ifPresent(code -> inFlight.add(store.get(code).toCompletableFuture()
                            .whenComplete((found, failure) -> {
                                if (failure != null) {
                                    record(failure, failures, lastFailureNanos, notOutages);
                                }
                            })));
                }
                Thread.sleep(10);
                inFlight.removeIf(CompletableFuture::isDone);
                if (!killed && System.nanoTime() - began > TimeUnit.SECONDS.toNanos(2)) {
                    redis.killMaster(0);
                    killed = true;
                }
                if (killed && promotedAt == 0 && System.nanoTime() - lastPoll > TimeUnit.MILLISECONDS.toNanos(200)) {
                    lastPoll = System.nanoTime();
                    promotedAt = promotionTime(redis);
                    promoted[0] = promotedAt;
                    if (promotedAt != 0) {
                        stopAt = promotedAt + RECOVERY.toNanos() + TimeUnit.SECONDS.toNanos(4);
                    }
                }
            }
            CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).handle((v, e) -> null).get(10, TimeUnit.SECONDS);

            assertThat(notOutages).as("failures that are not outages").isEmpty();
            assertThat(failures.get()).as("the kill was felt at all").isPositive();
            Duration recovered = Duration.ofNanos(Math.max(0, lastFailureNanos.get() - promotedAt));
            System.out.printf("FAILOVER: %d failures, the last %d ms after the promotion%n", failures.get(), recovered.toMillis());
            assertThat(recovered).as("last failure after the promotion").isLessThanOrEqualTo(RECOVERY);
            assertThat(store.takeBacksPending()).as("half-made creates still live in Redis").isZero();
            assertThat(acknowledgedLate).as("creates acknowledged after the promotion").isNotEmpty();
            for (LinkRecord link : acknowledgedLate.values()) {
                assertThat(store.peek(link.code()).toCompletableFuture().join()).as(link.code()).contains(link);
            }
        }
    }

    /** Non-blocking poll of the promotion: the time it was first seen, or 0 while it has not happened. */
    private static long promotionTime(ReplicatedCluster redis) {
        try {
            return redis.uris().size() == 3 && clusterOk(redis) ? System.nanoTime() : 0;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static boolean clusterOk(ReplicatedCluster redis) {
        boolean[] ok = {true};
        redis.onEachMaster(r -> ok[0] &= r.clusterInfo().contains("cluster_state:ok"));
        return ok[0];
    }

    private static void record(Throwable failure, AtomicLong failures, AtomicLong lastFailureNanos, List<Throwable> notOutages) {
        failures.incrementAndGet();
        lastFailureNanos.accumulateAndGet(System.nanoTime(), Math::max);
        Throwable cause = failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null ? c.getCause() : failure;
        if (!(cause instanceof StorageUnavailableException)) {
            notOutages.add(cause);
        }
    }
}
