package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded footprint against populations it must count exactly, or estimate within its stated error. */
class EmbeddedFootprintUnitTests {

    private static final PoolOptions SHORT = PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)).build();
    private static final PoolOptions MEDIUM = PoolOptions.builder("medium").length(6).idleTtl(Duration.ofDays(100)).build();
    private static final List<PoolOptions> POOLS = List.of(SHORT, MEDIUM);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final Map<Integer, Long> nextIds = new HashMap<>();
    private EmbeddedDatabase storage;
    private EmbeddedHotStore hot;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.builder(dir).sweepInterval(Duration.ofHours(1)).sweepBatch(10_000).build());
        hot = new EmbeddedHotStore(storage, clock);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void measure_smallStore_countsLiveLinksPerPoolExactlyAndSkipsExpiredOnesAndAliases() {
        create(SHORT, 250, 864_000, 0);
        create(SHORT, 50, 864_000, Duration.ofDays(11).toMillis()); // created 11 days ago, kept alive by visits
        create(MEDIUM, 200, 864_000, 0);
        create(SHORT, 40, 60, 0);                                    // expire in a minute
        for (int i = 0; i < 25; i++) {
            assertThat(hot.create(record("alias-" + i, "short", 864_000, 0)).toCompletableFuture().join()).isTrue();
        }
        RocksDbWatermarkStore marks = new RocksDbWatermarkStore(storage);
        marks.advance(5, new Watermark(0, 10_000));
        marks.advance(6, new Watermark(2, 777));
        clock.advance(Duration.ofMinutes(2));

        Footprint f = new EmbeddedFootprint(storage, SamplingOptions.DEFAULTS, clock).measure(POOLS);

        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        assertThat(s.live().count()).isEqualTo(300);
        assertThat(s.live().error()).isZero();
        assertThat(s.live().method()).startsWith("exact: all 565 entries");
        assertThat(m.live().count()).isEqualTo(200);
        assertThat(s.epoch()).isZero();
        assertThat(s.leasedThisEpoch()).isEqualTo(10_000);
        assertThat(m.epoch()).isEqualTo(2);
        assertThat(m.leasedThisEpoch()).isEqualTo(777);
        assertThat(s.ages().sampled()).isEqualTo(300);
        assertThat(s.ages().olderThanTtl()).isEqualTo(50);
        // key (5 B) + expiry (8 B) + record ("1\t1\t<created>\t<ttl>\t0\tshort\tkey-1\thttps://example.com/<code>", 58 B)
        assertThat(s.bytesPerLink()).isBetween(60.0, 80.0);
        assertThat(f.archive().links()).as("every create is archived, aliases and expired ones too").isEqualTo(565);
        assertThat(f.hot().kind()).isEqualTo("rocksdb");
        assertThat(f.hot().usedBytes()).isPositive();
        assertThat(f.hot().maxBytes()).isGreaterThan(f.hot().usedBytes());
        assertThat(f.notes()).isEmpty();
    }

    @Test
    void measure_largeStore_estimatesEachPoolWithinItsStatedError() {
        // 15,000 + 5,000 codes; 4,000 seeks: for the short pool p = 0.75, so the stated 95 % error is
        // 1.96 × 20,000 × sqrt(0.75 × 0.25 / 4,000) = 268; the test allows twice that (3.9 standard errors).
        create(SHORT, 15_000, 864_000, 0);
        create(MEDIUM, 5_000, 864_000, 0);
        Footprint f = sampled(4_000, 100);

        PoolFootprint s = f.pools().get("short");
        assertThat(s.live().error()).isBetween(200L, 340L);
        assertThat(s.live().count()).isBetween(15_000 - 2 * s.live().error(), 15_000 + 2 * s.live().error());
        PoolFootprint m = f.pools().get("medium");
        assertThat(m.live().count()).isBetween(5_000 - 2 * m.live().error(), 5_000 + 2 * m.live().error());
        assertThat(s.live().method()).contains("4000 random seeks").contains("estimate-num-keys = 20000");
        assertThat(f.commands()).as("bounded by the sample, not the store").isLessThan(4_100);
    }

    @Test
    void measure_largeStoreWithIdsLeasedButNotIssued_drawsAgainPastThePoolsLastKey() {
        // The short pool leased 20,000 ids and issued 10,000: half of its span holds no key. A seek
        // there must not count as a draw of the pool's first link (that would put 4 in 5 of all
        // draws on the short pool where 2 in 3 belong to it); drawn again, the shares stay right.
        create(SHORT, 10_000, 864_000, 0);
        new RocksDbWatermarkStore(storage).advance(SHORT.length(), new Watermark(0, 20_000));
        create(MEDIUM, 5_000, 864_000, 0);
        Footprint f = sampled(4_000, 100);

        PoolFootprint s = f.pools().get("short");
        PoolFootprint m = f.pools().get("medium");
        assertThat(s.live().count()).isBetween(10_000 - 2 * s.live().error(), 10_000 + 2 * s.live().error());
        assertThat(m.live().count()).isBetween(5_000 - 2 * m.live().error(), 5_000 + 2 * m.live().error());
        assertThat(f.commands()).as("a seek past the last key is not a draw").isBetween(6_000L, 7_500L); // 4,000 draws at 3 in 5 seeks landing
    }

    @Test
    void measure_largeStoreOfMostlyExpiredLinks_drawsUntilItHasTheSampleOfLiveOnes() {
        // 18,000 expired entries (the archive's copies) and 2,000 live links. 1,000 seeks would hold
        // ~100 live ones, an error of 1.96 × 20,000 × sqrt(0.1 × 0.9 / 1,000) = 372; drawing until
        // 1,000 are live takes ~10,000 seeks, an error of ~118.
        create(SHORT, 18_000, 60, 0);
        clock.advance(Duration.ofMinutes(2));
        create(SHORT, 2_000, 864_000, 0);
        Footprint f = sampled(1_000, 100);

        PoolFootprint s = f.pools().get("short");
        assertThat(s.live().error()).isBetween(80L, 160L);
        assertThat(s.live().count()).isBetween(2_000 - 2 * s.live().error(), 2_000 + 2 * s.live().error());
        assertThat(f.commands()).isBetween(7_000L, 14_000L);
        assertThat(f.notes()).noneMatch(n -> n.contains("time budget"));
    }

    @Test
    void measure_largeStoreOfExpiredLinksOnly_stopsAtItsBoundOfDraws() {
        create(SHORT, 2_000, 60, 0);
        clock.advance(Duration.ofMinutes(2));
        Footprint f = sampled(50, 10);

        assertThat(f.pools().get("short").live().count()).isZero();
        assertThat(f.commands()).isBetween((long) EmbeddedFootprint.MAX_DRAWS_PER_SAMPLE * 50, EmbeddedFootprint.MAX_DRAWS_PER_SAMPLE * 50 + 100L);
    }

    /** A measurement that samples whatever the store's size (no exact count), within a generous time budget. */
    private Footprint sampled(int sampleSize, int memorySamples) {
        return new EmbeddedFootprint(storage, new SamplingOptions(sampleSize, 0, memorySamples, 100, Duration.ofSeconds(30)), clock)
                .measure(POOLS);
    }

    private void create(PoolOptions pool, int n, long ttlSeconds, long ageMillis) {
        List<LinkRecord> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(record(code(pool.length()), pool.name(), ttlSeconds, ageMillis));
            if (batch.size() == 1_000 || i == n - 1) {
                assertThat(hot.createAll(batch).toCompletableFuture().join()).containsOnly(true);
                new RocksDbWatermarkStore(storage).advance(pool.length(), new Watermark(0, nextIds.get(pool.length())));
                batch = new ArrayList<>();
            }
        }
    }

    private LinkRecord record(String code, String pool, long ttlSeconds, long ageMillis) {
        return new LinkRecord(code, "https://example.com/" + code, pool, ttlSeconds, false, clock.millis() - ageMillis, "key-1", 1);
    }

    /** The next code of {@code length} as the issuer hands them out: in id order, permuted. */
    private String code(int length) {
        long id = nextIds.merge(length, 1L, Long::sum) - 1;
        return new CodeCodec(CodeSpace.ofLength(length), 0, EmbeddedDatabase.UNCONFIGURED_SECRET).encode(id);
    }
}
