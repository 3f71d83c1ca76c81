package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.testing.redis.RedisDeployment;
import io.lettuce.core.SetArgs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The issuing protocol against a real Redis. Subclasses choose standalone or Cluster; every test
 * runs on both. Each test uses its own key namespace on the shared servers.
 */
abstract class AbstractIssuingIntegrationTests {

    @TempDir
    Path dir;

    RedisDeployment redis;
    String namespace;
    FileWatermarkStore watermarks;
    RedisConnection connection;

    protected abstract RedisDeployment redis();

    @BeforeEach
    void setUp() {
        redis = redis();
        namespace = "t" + UUID.randomUUID().toString().substring(0, 8);
        watermarks = new FileWatermarkStore(dir);
        connection = redis.connect();
    }

    @AfterEach
    void tearDown() {
        connection.close();
    }

    @Test
    void allocators_fourNodesOfFourThreads_issueTwoMillionCodesWithoutARepeat() throws Exception {
        PoolOptions pool = PoolOptions.builder("seven").length(7).idleTtl(Duration.ofDays(30)).build();
        int nodes = 4;
        int threads = 4;
        long perThread = 2_000_000 / (nodes * threads);
        try (TestNodes cluster = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, nodes)) {
            List<IssuedLog> logs = cluster.start(threads, perThread, () -> false).await(Duration.ofMinutes(3));
            assertThat(IssuedLog.total(logs)).isEqualTo(2_000_000);
            Map<Long, long[][]> byEpoch = IssuedLog.byEpoch(logs);
            assertThat(byEpoch).containsOnlyKeys(0L);
            assertThat(IssuedLog.firstRepeat(byEpoch.get(0L)[0])).as("a code issued twice").isEqualTo(-1);
            assertThat(IssuedLog.firstRepeat(byEpoch.get(0L)[1])).as("an id issued twice").isEqualTo(-1);
        }
    }

    @Test
    void allocators_drainingATinyPoolThroughFiveWraps_resetOncePerWrapAndStayBelowCapacity() throws Exception {
        drainTinyPoolThroughWraps(LeaseOptions.DEFAULTS);
    }

    @Test
    void allocators_resetGuardExpiringMidReset_stillResetOncePerWrap() throws Exception {
        // A 1 ms guard expires while its winner is still resetting: others win it too, with the same
        // stale epoch. Only the compare-and-set on the epoch keeps the reset single.
        drainTinyPoolThroughWraps(LeaseOptions.builder().resetGuardTtl(Duration.ofMillis(1)).build());
    }

    private void drainTinyPoolThroughWraps(LeaseOptions options) throws Exception {
        PoolOptions tiny = PoolOptions.builder("tiny").length(2).idleTtl(Duration.ofHours(1)).blockSizes(8, 32, 64).build();
        long capacity = tiny.capacity();
        int nodes = 4;
        int threads = 2;
        int wraps = 6;
        try (TestNodes cluster = new TestNodes(redis, namespace, tiny, options, watermarks, nodes)) {
            List<IssuedLog> logs = cluster.start(threads, Long.MAX_VALUE,
                    () -> cluster.allocators.stream().anyMatch(a -> a.stats().epoch() >= wraps)).await(Duration.ofMinutes(2));
            Map<Long, long[][]> byEpoch = IssuedLog.byEpoch(logs);
            long lastEpoch = byEpoch.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
            assertThat(lastEpoch).isGreaterThanOrEqualTo(wraps);
            assertThat(byEpoch.keySet()).as("every epoch from 0 was used").hasSize((int) lastEpoch + 1);
            // What nodes may still hold unissued when an epoch ends: two blocks each.
            long slack = (long) nodes * 2 * tiny.blocks().max();
            for (Map.Entry<Long, long[][]> epoch : byEpoch.entrySet()) {
                long[] values = epoch.getValue()[0];
                long[] ids = epoch.getValue()[1];
                assertThat(IssuedLog.firstRepeat(values)).as("code repeated in epoch %d", epoch.getKey()).isEqualTo(-1);
                assertThat(IssuedLog.firstRepeat(ids)).as("id repeated in epoch %d", epoch.getKey()).isEqualTo(-1);
                assertThat(ids[ids.length - 1]).as("largest id of epoch %d", epoch.getKey()).isLessThan(capacity);
                if (epoch.getKey() < lastEpoch) {
                    assertThat((long) ids.length).as("ids issued in epoch %d: an epoch skipped by a double reset has few",
                            epoch.getKey()).isGreaterThanOrEqualTo(capacity - slack);
                }
            }
            long redisEpoch = Long.parseLong(connection.sync().get(namespace + ":{2}:epoch"));
            assertThat(redisEpoch).isBetween(lastEpoch, lastEpoch + 1);
            assertThat(cluster.epochResets).as("resets performed by all nodes together").hasValue(redisEpoch);
        }
    }

    @Test
    void allocators_counterFlushedMidRun_resumeWithoutRepeatingACode() throws Exception {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).blockSizes(100, 500, 1_000).build();
        try (TestNodes cluster = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 2)) {
            // Paced (500 codes, then 10 ms) so that the fault lands mid-run: unpaced, four callers can
            // issue all 600,000 codes before the fault, and nothing would be re-seeded.
            TestNodes.Running running = cluster.startThrottled(2, 150_000, 500, Duration.ofMillis(10));
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.issued.sum() > 100_000);
            redis.flushAll();
            List<IssuedLog> logs = running.await(Duration.ofMinutes(2));
            assertThat(IssuedLog.total(logs)).isEqualTo(600_000);
            assertNoRepeatWithinAnEpoch(logs);
            assertThat(cluster.reseeds).as("re-seeds after the flush, by all nodes together").hasValue(2); // the first start and the flush
        }
    }

    /**
     * Codes of the pool's shape taken as aliases, some before anything was leased and some while
     * two nodes drain a tiny pool through a Redis flush and three wraps: none is ever issued in an
     * epoch that began after its reservation, and one reserved ahead of the counter not even in its
     * own epoch.
     */
    @Test
    void reservedCodes_areNeverIssued_acrossAFlushAndWraps() throws Exception {
        PoolOptions pool = PoolOptions.builder("three").length(3).idleTtl(Duration.ofHours(1)).blockSizes(500, 1_000, 2_000).build();
        java.util.Random random = new java.util.Random(42);
        try (TestNodes cluster = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 2)) {
            List<String> early = new java.util.ArrayList<>();
            while (early.size() < 40) {
                String code = dev.shortcode.core.code.Base62.encode(random.nextLong(pool.capacity()), 3);
                if (!early.contains(code)) {
                    early.add(code);
                    assertThat(cluster.allocators.get(early.size() % 2).reserve(code)).as(code)
                            .isEqualTo(dev.shortcode.core.lease.Reservation.AHEAD);
                }
            }
            TestNodes.Running running = cluster.start(2, Long.MAX_VALUE,
                    () -> cluster.allocators.stream().anyMatch(a -> a.stats().epoch() >= 4), 200, Duration.ofMillis(2));
            // Reserved while issuing: each with the epoch it was made in, when no wrap came in between.
            Map<String, Long> aheadIn = new java.util.HashMap<>();
            Map<String, Long> madeBy = new java.util.HashMap<>();
            for (int k = 0; k < 40; k++) {
                String code = dev.shortcode.core.code.Base62.encode(random.nextLong(pool.capacity()), 3);
                long before = epochOf(3);
                dev.shortcode.core.lease.Reservation outcome = cluster.allocators.get(k % 2).reserve(code);
                long after = epochOf(3);
                madeBy.put(code, after);
                if (outcome == dev.shortcode.core.lease.Reservation.AHEAD && before == after) {
                    aheadIn.put(code, after);
                }
                if (k == 20) {
                    redis.flushAll();
                }
                Thread.sleep(20);
            }
            List<IssuedLog> logs = running.await(Duration.ofMinutes(3));
            Map<Long, long[][]> byEpoch = IssuedLog.byEpoch(logs);
            assertThat(byEpoch.keySet()).as("epochs issued in").contains(0L, 1L, 2L, 3L);
            assertThat(cluster.reseeds.get()).as("re-seeds: the first lease, the flush").isGreaterThanOrEqualTo(2);
            assertThat(aheadIn).as("reservations ahead of the counter").isNotEmpty();
            for (Map.Entry<Long, long[][]> epoch : byEpoch.entrySet()) {
                long[] values = epoch.getValue()[0];
                assertThat(IssuedLog.firstRepeat(values)).as("code repeated in epoch %d", epoch.getKey()).isEqualTo(-1);
                for (String code : early) {
                    assertThat(java.util.Arrays.binarySearch(values, dev.shortcode.core.code.Base62.decode(code)))
                            .as("%s, reserved before the first lease, issued in epoch %d", code, epoch.getKey()).isNegative();
                }
                madeBy.forEach((code, madeIn) -> {
                    boolean mustSkip = epoch.getKey() > madeIn || epoch.getKey().equals(aheadIn.get(code));
                    if (mustSkip) {
                        assertThat(java.util.Arrays.binarySearch(values, dev.shortcode.core.code.Base62.decode(code)))
                                .as("%s, reserved in epoch %d, issued in epoch %d", code, madeIn, epoch.getKey()).isNegative();
                    }
                });
            }
        }
    }

    private long epochOf(int codeLength) {
        String epoch = connection.sync().get(namespace + ":{" + codeLength + "}:epoch");
        return epoch == null ? -1 : Long.parseLong(epoch);
    }

    @Test
    void lease_counterWentBackwards_isRaisedAboveTheWatermark() {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).blockSizes(100, 100, 100).build();
        RedisBlockSource source = new RedisBlockSource(connection.sync(), namespace, watermarks, LeaseOptions.DEFAULTS,
                IssuerMetrics.NOOP);
        for (int i = 0; i < 10; i++) {
            source.lease(pool, 100);
        }
        // A stale replica promoted: the counter is back at 300, ids up to 1,000 were handed out.
        connection.sync().set(namespace + ":{6}:seq", "300");
        var block = source.lease(pool, 100);
        long gap = LeaseOptions.DEFAULTS.reseedGapBlocks() * pool.blocks().max();
        assertThat(block.start()).isGreaterThanOrEqualTo(1_000 + gap);
        assertThat(watermarks.read(6)).as("the new block's end and the reservation beyond it")
                .contains(new Watermark(0, block.end() + RedisBlockSource.RESERVE_BLOCKS * 100));
    }

    /**
     * While the watermark store (HBase) does not answer, leases go on within the mark already
     * reserved, and stop at its end: no id is ever used above a durable mark. After the store is
     * back and Redis then loses the counter, issuing resumes above everything handed out.
     */
    @Test
    void lease_watermarkStoreDown_leasesGoOnWithinTheReservation_thenStop_andNothingRepeatsAfterACounterLoss() {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).blockSizes(100, 100, 100).build();
        java.util.concurrent.atomic.AtomicBoolean down = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger writes = new java.util.concurrent.atomic.AtomicInteger();
        dev.shortcode.core.lease.WatermarkStore flaky = new dev.shortcode.core.lease.WatermarkStore() {
            @Override
            public java.util.Optional<Watermark> read(int codeLength) {
                if (down.get()) {
                    throw new dev.shortcode.core.store.StorageUnavailableException("test", "watermark store down");
                }
                return watermarks.read(codeLength);
            }

            @Override
            public void advance(int codeLength, Watermark mark) {
                if (down.get()) {
                    throw new dev.shortcode.core.store.StorageUnavailableException("test", "watermark store down");
                }
                writes.incrementAndGet();
                watermarks.advance(codeLength, mark);
            }
        };
        RedisBlockSource source = new RedisBlockSource(connection.sync(), namespace, flaky, LeaseOptions.DEFAULTS, IssuerMetrics.NOOP);
        java.util.List<dev.shortcode.core.lease.Block> used = new java.util.ArrayList<>();
        used.add(source.lease(pool, 100));
        assertThat(writes.get()).isEqualTo(1);
        long reservedTo = watermarks.read(6).orElseThrow().highId();
        assertThat(reservedTo).isEqualTo(100 + RedisBlockSource.RESERVE_BLOCKS * 100);

        down.set(true);
        for (int i = 0; i < RedisBlockSource.RESERVE_BLOCKS; i++) {
            used.add(source.lease(pool, 100)); // within the reservation: no write needed
        }
        assertThat(used.get(used.size() - 1).end()).isEqualTo(reservedTo);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> source.lease(pool, 100))
                .as("a block beyond the durable mark").isInstanceOf(dev.shortcode.core.lease.LeaseException.class);

        down.set(false);
        redis.flushAll(); // Redis loses the counter
        dev.shortcode.core.lease.Block after = source.lease(pool, 100);
        for (dev.shortcode.core.lease.Block b : used) {
            assertThat(after.start()).as("a block after the counter loss, against %s", b).isGreaterThanOrEqualTo(b.end());
        }
        assertThat(writes.get()).as("watermark writes: the first lease, then the one after the re-seed").isEqualTo(2);
    }

    @Test
    void lease_firstEverLease_startsTheCounterAtZero() {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).blockSizes(100, 100, 100).build();
        RedisBlockSource source = new RedisBlockSource(connection.sync(), namespace, watermarks, LeaseOptions.DEFAULTS,
                IssuerMetrics.NOOP);
        var block = source.lease(pool, 100);
        assertThat(block.epoch()).isZero();
        assertThat(block.start()).isZero();
        assertThat(block.end()).isEqualTo(100);
    }

    @Test
    void lease_resetGuardHeldByADeadNode_waitsUntilItExpiresThenResetsOnce() {
        PoolOptions tiny = PoolOptions.builder("tiny").length(2).idleTtl(Duration.ofHours(1)).blockSizes(8, 32, 64).build();
        RedisBlockSource source = new RedisBlockSource(connection.sync(), namespace, watermarks, LeaseOptions.DEFAULTS,
                IssuerMetrics.NOOP);
        source.lease(tiny, 64);
        connection.sync().set(namespace + ":{2}:seq", Long.toString(tiny.capacity()));
        connection.sync().set(namespace + ":{2}:reset", "dead-node", SetArgs.Builder.px(300));
        long began = System.nanoTime();
        var block = source.lease(tiny, 64);
        assertThat(Duration.ofNanos(System.nanoTime() - began)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
        assertThat(block.epoch()).isEqualTo(1);
        assertThat(block.start()).isZero();
    }

    @Test
    void lease_resetWithAStaleEpoch_doesNotResetTwice() {
        PoolOptions tiny = PoolOptions.builder("tiny").length(2).idleTtl(Duration.ofHours(1)).blockSizes(8, 32, 64).build();
        RedisBlockSource first = new RedisBlockSource(connection.sync(), namespace, watermarks, LeaseOptions.DEFAULTS,
                IssuerMetrics.NOOP);
        first.lease(tiny, 64);
        connection.sync().set(namespace + ":{2}:seq", Long.toString(tiny.capacity() + 10));
        assertThat(first.lease(tiny, 64).epoch()).isEqualTo(1);
        // The compare-and-set a late second winner would run, naming epoch 0 which it saw:
        long changed = RedisBlockSource.RESET.<Long>run(connection.sync(), PoolKeys.of(namespace, 2).counterAndReserved(), "0");
        assertThat(changed).isZero();
        assertThat(connection.sync().get(namespace + ":{2}:epoch")).isEqualTo("1");
    }

    @Test
    void lease_steadyState_costsAtMostOneRoundTripPerTenThousandCodes() throws Exception {
        PoolOptions pool = PoolOptions.builder("seven").length(7).idleTtl(Duration.ofDays(30)).build();
        try (TestNodes node = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 1)) {
            node.start(1, 200_000, () -> false).await(Duration.ofMinutes(1)); // warm-up: block size grows
            long leasesBefore = node.allocators.get(0).stats().blocksLeased();
            node.start(2, 1_000_000, () -> false).await(Duration.ofMinutes(2));
            long leases = node.allocators.get(0).stats().blocksLeased() - leasesBefore;
            assertThat(leases).as("leases for 2,000,000 codes").isLessThanOrEqualTo(200);
        }
    }

    @Test
    void allocator_atASteadyHighRate_neverMakesACallerWaitForRedis() throws Exception {
        PoolOptions pool = PoolOptions.builder("seven").length(7).idleTtl(Duration.ofDays(30)).build();
        try (TestNodes node = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 1)) {
            // ~100,000 codes/s per thread: more than one node's HTTP front end serves.
            node.startThrottled(2, 150_000, 1_000, Duration.ofMillis(10)).await(Duration.ofMinutes(1)); // ramp-up
            long stallsBefore = node.allocators.get(0).stats().stalls();
            node.startThrottled(2, 300_000, 1_000, Duration.ofMillis(10)).await(Duration.ofMinutes(1));
            assertThat(node.allocators.get(0).stats().stalls() - stallsBefore).as("callers that waited for a block").isZero();
        }
    }

    @Test
    void codes_decodeBackToTheirIdsWithTheEpochsCodec() throws Exception {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).build();
        try (TestNodes node = new TestNodes(redis, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 1)) {
            CodeCodec codec = new CodeCodec(pool.space(), 0, TestNodes.SECRET);
            for (int i = 0; i < 1_000; i++) {
                var issued = node.allocators.get(0).next();
                assertThat(codec.decode(issued.code())).isEqualTo(issued.id());
            }
        }
    }

    static void assertNoRepeatWithinAnEpoch(List<IssuedLog> logs) {
        IssuedLog.byEpoch(logs).forEach((epoch, arrays) -> {
            assertThat(IssuedLog.firstRepeat(arrays[0])).as("code repeated in epoch %d", epoch).isEqualTo(-1);
            assertThat(IssuedLog.firstRepeat(arrays[1])).as("id repeated in epoch %d", epoch).isEqualTo(-1);
        });
    }
}
