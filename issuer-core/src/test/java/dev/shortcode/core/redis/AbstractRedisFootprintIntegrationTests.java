package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.testing.redis.RedisDeployment;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Redis footprint against known populations on a real Redis of its own (DBSIZE and RANDOMKEY
 * see the whole server, so it must hold exactly what the test wrote). Subclasses: standalone and
 * a 3-master Cluster.
 */
abstract class AbstractRedisFootprintIntegrationTests {

    private static final PoolOptions SHORT = PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)).build();
    private static final PoolOptions MEDIUM = PoolOptions.builder("medium").length(6).idleTtl(Duration.ofDays(100)).build();
    private static final List<PoolOptions> POOLS = List.of(SHORT, MEDIUM);
    private static final StoreKeys KEYS = new StoreKeys("fp", 4);

    private final Set<String> used = new HashSet<>();
    private RedisDeployment redis;
    private RedisConnection connection;

    protected abstract RedisDeployment privateRedis();

    @BeforeEach
    void start() {
        redis = privateRedis();
        connection = redis.connect();
    }

    @AfterEach
    void stop() {
        connection.close();
        redis.close();
    }

    @Test
    void measure_smallStore_countsEveryLinkKeyExactlyAndReadsTheCounters() {
        write(SHORT, 250, 0);
        write(SHORT, 50, Duration.ofDays(11).toMillis()); // older than the TTL, kept alive by visits
        write(MEDIUM, 200, 0);
        List<RedisFuture<String>> other = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            other.add(connection.async().set(KEYS.link("alias-" + i), encode("alias-" + i, "short", 0)));
            other.add(connection.async().set(KEYS.outbox(i % 4) + "-" + i, "not a link"));
            other.add(connection.async().set(KEYS.link(code(5)), encode("x", "short", 0), SetArgs.Builder.px(1)));
            other.add(connection.async().set(KEYS.link(code(5)), LinkSlots.REMOVED, SetArgs.Builder.ex(600))); // deleted links
        }
        other.add(connection.async().set("fp:{5}:seq", "12345"));
        other.add(connection.async().set("fp:{5}:epoch", "2"));
        other.add(connection.async().set("fp:{6}:seq", "56800235584999")); // overshoot past 62^6 by a block
        other.add(connection.async().set("fp:{6}:epoch", "0"));
        awaitAll(other);
        sleep(50); // the PX 1 keys are expired now

        Footprint f = RedisFootprints.of(connection, KEYS, SamplingOptions.DEFAULTS, Clock.systemUTC()).measure(POOLS);

        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        assertThat(s.live().count()).isEqualTo(300);
        assertThat(s.live().error()).isZero();
        assertThat(s.live().method()).startsWith("exact: SCAN MATCH fp:l:*");
        assertThat(m.live().count()).isEqualTo(200);
        assertThat(s.epoch()).isEqualTo(2);
        assertThat(s.leasedThisEpoch()).isEqualTo(12_345);
        assertThat(m.leasedThisEpoch()).as("capped at the capacity").isEqualTo(MEDIUM.capacity());
        assertThat(s.ages().sampled()).isEqualTo(300);
        assertThat(s.ages().olderThanTtl()).isEqualTo(50);
        assertThat(s.bytesPerLink()).as("MEMORY USAGE of a ~65-byte value under a 10-byte key").isBetween(80.0, 250.0);
        assertThat(f.hot().usedBytes()).isPositive();
        assertThat(f.hot().keys()).isGreaterThanOrEqualTo(520);
        assertThat(f.notes()).isEmpty();
    }

    @Test
    void measure_largeStore_estimatesEachPoolWithinItsStatedErrorAtABoundedCost() {
        // 20,000 + 10,000 link keys and 10,000 others: the short pool holds p = 0.5 of the keys, so
        // 4,000 draws give a 95 % error of 1.96 × 40,000 × sqrt(0.25 / 4,000) = 620; the test allows
        // twice that (3.9 standard errors).
        write(SHORT, 20_000, 0);
        write(MEDIUM, 10_000, 0);
        List<RedisFuture<String>> other = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            other.add(connection.async().set("fp:other:" + i, "x"));
        }
        awaitAll(other);
        SamplingOptions sampled = new SamplingOptions(4_000, 0, 100, 200, Duration.ofSeconds(30));
        redis.resetCommandStats();

        Footprint f = RedisFootprints.of(connection, KEYS, sampled, Clock.systemUTC()).measure(POOLS);

        Map<String, Long> calls = redis.commandCalls();
        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        assertThat(s.live().error()).isBetween(450L, 800L);
        assertThat(s.live().count()).isBetween(20_000 - 2 * s.live().error(), 20_000 + 2 * s.live().error());
        assertThat(m.live().count()).isBetween(10_000 - 2 * m.live().error(), 10_000 + 2 * m.live().error());
        assertThat(s.live().method()).contains("RANDOMKEY draws").contains("40000 keys (DBSIZE)");
        assertThat(calls.get("randomkey")).as("draws shared among the masters").isBetween(3_990L, 4_010L);
        assertThat(calls.getOrDefault("memory|usage", calls.getOrDefault("memory", 0L))).isEqualTo(100L);
        assertThat(calls.get("get")).as("the drawn link keys read, plus the counters").isLessThanOrEqualTo(4_000L + 4);
        assertThat(f.commands()).isLessThanOrEqualTo(2L * 4_000 + 100 + 10 * 3);
        assertThat(s.bytesPerLink()).isPositive();
    }

    @Test
    void measure_linksInGroups_readsEveryGroupWhenFew_countingOnlyUnexpiredRecords() {
        StoreKeys grouped = new StoreKeys("fp", 4, 64);
        writeGrouped(grouped, SHORT, 250, 0, 600);
        writeGrouped(grouped, SHORT, 50, Duration.ofDays(11).toMillis(), 600); // older than the TTL, kept alive by visits
        writeGrouped(grouped, MEDIUM, 200, 0, 600);
        writeGrouped(grouped, SHORT, 40, 0, -5); // expired, not swept yet
        List<RedisFuture<Boolean>> other = new ArrayList<>();
        long now = Long.parseLong(connection.sync().time().get(0));
        for (int i = 0; i < 20; i++) {
            String deleted = code(5);
            other.add(connection.async().hset(grouped.linkGroup(grouped.linkGroupOf(deleted)), deleted,
                    LinkGroups.fieldValue(now + 600, LinkSlots.REMOVED)));
        }
        awaitAll(other);
        redis.resetCommandStats();

        Footprint f = RedisFootprints.of(connection, grouped, SamplingOptions.DEFAULTS, Clock.systemUTC()).measure(POOLS);

        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        assertThat(s.live().count()).isEqualTo(300);
        assertThat(s.live().error()).isZero();
        assertThat(s.live().method()).startsWith("exact: HGETALL of every one of 64 link groups");
        assertThat(m.live().count()).isEqualTo(200);
        assertThat(s.ages().sampled()).isEqualTo(300);
        assertThat(s.ages().olderThanTtl()).isEqualTo(50);
        assertThat(s.bytesPerLink()).as("a hash's MEMORY USAGE over its fields").isBetween(40.0, 250.0);
        assertThat(redis.commandCalls().get("hgetall")).isEqualTo(64L);
        assertThat(f.notes()).as("at Redis's default hash-max-listpack-value").singleElement().asString()
                .contains("hash-max-listpack-value is 64").contains("set it to 1024");
        connection.sync().configSet("hash-max-listpack-value", "1024");
        assertThat(RedisFootprints.of(connection, grouped, SamplingOptions.DEFAULTS, Clock.systemUTC()).measure(POOLS).notes()).isEmpty();
    }

    @Test
    void measure_manyLinkGroups_estimatesEachPoolWithinItsStatedError_fromTheGroupsItReads() {
        StoreKeys grouped = new StoreKeys("fp", 4, 4_096);
        writeGrouped(grouped, SHORT, 20_000, 0, 600);
        writeGrouped(grouped, MEDIUM, 10_000, 0, 600);
        SamplingOptions sampled = new SamplingOptions(4_000, 0, 100, 200, Duration.ofSeconds(30));
        redis.resetCommandStats();

        Footprint f = RedisFootprints.of(connection, grouped, sampled, Clock.systemUTC()).measure(POOLS);

        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        long reads = redis.commandCalls().get("hgetall");
        assertThat(reads).as("groups read to see 4,000 fields, about 7.3 links each").isBetween(500L, 800L);
        // A group's short links are near Poisson(4.9): sd 2.2, so the 95 % error of 4,096 times the
        // mean of ~550 groups is about 1.96 × 4,096 × 2.2 / sqrt(550) × sqrt(1 - 550 / 4,096) = 700.
        assertThat(s.live().error()).isBetween(400L, 1_100L);
        assertThat(s.live().count()).isBetween(20_000 - 2 * s.live().error(), 20_000 + 2 * s.live().error());
        assertThat(m.live().count()).isBetween(10_000 - 2 * m.live().error(), 10_000 + 2 * m.live().error());
        assertThat(s.live().method()).contains(reads + " of 4096 link groups read");
        assertThat(s.bytesPerLink()).isPositive();
    }

    /** Links as {@link LinkGroups} keeps them, expiring {@code ttlSeconds} from now (negative: expired). */
    private void writeGrouped(StoreKeys grouped, PoolOptions pool, int n, long ageMillis, long ttlSeconds) {
        long now = Long.parseLong(connection.sync().time().get(0));
        List<RedisFuture<Boolean>> writes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String code = code(pool.length());
            writes.add(connection.async().hset(grouped.linkGroup(grouped.linkGroupOf(code)), code,
                    LinkGroups.fieldValue(now + ttlSeconds, encode(code, pool.name(), ageMillis))));
            if (writes.size() == 2_000) {
                awaitAll(writes);
                writes.clear();
            }
        }
        awaitAll(writes);
    }

    private void write(PoolOptions pool, int n, long ageMillis) {
        List<RedisFuture<String>> writes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String code = code(pool.length());
            writes.add(connection.async().set(KEYS.link(code), encode(code, pool.name(), ageMillis)));
            if (writes.size() == 2_000) {
                awaitAll(writes);
                writes.clear();
            }
        }
        awaitAll(writes);
    }

    private static String encode(String code, String pool, long ageMillis) {
        return LinkRecordCodec.encode(new LinkRecord(code, "https://example.com/" + code + "/landing?utm_source=sms", pool, 864_000,
                false, System.currentTimeMillis() - ageMillis, "key1", 1));
    }

    private String code(int length) {
        while (true) {
            String c = TestLinks.randomCode(length);
            if (used.add(c)) {
                return c;
            }
        }
    }

    private static void awaitAll(List<? extends RedisFuture<?>> futures) {
        for (RedisFuture<?> f : futures) {
            try {
                f.get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
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
