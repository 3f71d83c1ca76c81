package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.Storage;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.redis.ClickRollupOptions;
import dev.shortcode.core.redis.OutboxMetrics;
import dev.shortcode.core.redis.RedisMode;
import dev.shortcode.core.redis.RedisStorage;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.core.redis.StoreKeys;
import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import dev.shortcode.testing.time.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Real Redis and real HBase: click counts of a finished day reach HBase through the roll-up, also
 * when HBase was down at midnight; and once they are there, Redis losing everything loses only the
 * day not rolled up yet.
 */
class ClickRollupToHBaseIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static final IssuerOptions ISSUER = IssuerOptions.builder().secret("click rollup test secret").build();

    @Test
    void hbaseDownAtMidnight_theRollupCatchesUp_thenRedisLosingEverythingLosesOnlyToday() {
        LocalDate day = LocalDate.now(ZoneOffset.UTC); // Redis expires keys by its own clock: stay near it
        MutableClock clock = new MutableClock(Instant.parse(day + "T22:00:00Z"));
        HBaseStorage hbase = HBaseStorage.open(CLUSTER.archiveConfig().build());
        try (RedisDeployment redis = RedisServers.standalone();
                Storage storage = RedisStorage.open(RedisStorageOptions.builder()
                        .uris(List.of(redis.uris().get(0).toURI().toString())).mode(RedisMode.STANDALONE)
                        .keys(new StoreKeys("r" + UUID.randomUUID().toString().substring(0, 8), 2))
                        .clickRollup(new ClickRollupOptions(Duration.ofMillis(200), Duration.ofMinutes(2))).build(),
                        hbase, ISSUER, IssuerMetrics.NOOP, OutboxMetrics.NOOP, null, clock)) {
            String code = TestLinks.code();
            storage.clicks().apply(1, List.of(new ClickDelta(code, day, Map.of("t", 9L, "b", 2L, "h22", 9L, "x22", 2L), Set.of("a", "b")),
                    new ClickDelta(ClickDelta.ownerSubject("k1"), day, Map.of("t", 9L, "l:" + code, 9L), Set.of())))
                    .toCompletableFuture().join();

            CLUSTER.stopHBase();
            try {
                clock.set(Instant.parse(day.plusDays(1) + "T00:05:00Z"));
                storage.clicks().apply(2, List.of(new ClickDelta(code, day.plusDays(1), Map.of("t", 1L, "h00", 1L), Set.of())))
                        .toCompletableFuture().join();
                sleep(1_500); // several roll-up rounds fail meanwhile
            } finally {
                CLUSTER.startHBase();
            }
            // The link's and the owner's days sit in different index shards, each rolled up in its own turn.
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                assertThat(hbase.clicks().days(code, day, day).toCompletableFuture().join()).hasSize(1);
                assertThat(hbase.clicks().days(ClickDelta.ownerSubject("k1"), day, day).toCompletableFuture().join()).hasSize(1);
            });

            redis.flushAll();
            List<ClickBucket> days = storage.clicks().days(code, day, day.plusDays(1)).toCompletableFuture().join();
            assertThat(days).as("the finished day, from HBase; the day after lived only in Redis").hasSize(1);
            assertThat(days.get(0).counts()).containsEntry("t", 9L).containsEntry("b", 2L).containsEntry("h22", 9L)
                    .containsEntry("u", 2L);
            assertThat(storage.clicks().days(ClickDelta.ownerSubject("k1"), day, day).toCompletableFuture().join().get(0).counts())
                    .containsEntry("l:" + code, 9L);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
