package dev.shortcode.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class IssuerOptionsUnitTests {

    private static final String SECRET = "0123456789abcdef-secret";

    @Test
    void build_withoutPools_givesTheThreeDefaultPoolsOrderedByLength() {
        IssuerOptions config = IssuerOptions.builder().secret(SECRET).build();
        assertThat(config.pools()).extracting(PoolOptions::name).containsExactly("short", "medium", "long");
        PoolOptions shortPool = config.pool("short").orElseThrow();
        assertThat(shortPool.capacity()).isEqualTo(916_132_832L);
        assertThat(shortPool.idleTtl()).isEqualTo(Duration.ofDays(10));
        assertThat(shortPool.permanent()).isFalse();
        assertThat(config.pool("long").orElseThrow().permanent()).isTrue();
        assertThat(shortPool.blocks()).isEqualTo(new BlockSizing(BlockSizing.DEFAULT_MIN, BlockSizing.DEFAULT_INITIAL, BlockSizing.DEFAULT_MAX));
    }

    @Test
    void build_smallPoolWithoutBlockSizes_scalesDefaultsBelowCapacity() {
        PoolOptions tiny = PoolOptions.builder("tiny").length(2).idleTtl(Duration.ofHours(1)).build();
        assertThat(tiny.blocks().max()).isLessThan(tiny.capacity()).isEqualTo(3844 / 16);
    }

    @Test
    void length_outsideTwoToEleven_namesTheKey() {
        expectKey(() -> pool("a").length(1).build(), "shortcode.pools.a.length", "1 is outside 2..11");
        expectKey(() -> pool("a").length(12).build(), "shortcode.pools.a.length", "12 is outside 2..11");
    }

    @Test
    void missingLengthOrTtl_namesTheKey() {
        expectKey(() -> PoolOptions.builder("a").idleTtl(Duration.ofDays(1)).build(), "shortcode.pools.a.length", "missing");
        expectKey(() -> PoolOptions.builder("a").length(5).build(), "shortcode.pools.a.idle-ttl", "missing");
        expectKey(() -> pool("a").idleTtl(Duration.ZERO).build(), "shortcode.pools.a.idle-ttl", "shorter than one second");
    }

    @Test
    void twoPoolsOfOneLength_nameTheSecondPool() {
        expectKey(() -> IssuerOptions.builder().secret(SECRET).pool(pool("one").length(6)).pool(pool("two").length(6)).build(),
                "shortcode.pools.two.length", "already used by pool 'one'");
    }

    @Test
    void blockSizeAtOrAboveCapacity_namesTheKey() {
        expectKey(() -> pool("tiny").length(2).blockSizes(10, 100, 3844).build(), "shortcode.pools.tiny.block-size.max",
                "must be below the pool's capacity 3844");
        expectKey(() -> pool("tiny").length(2).blockSizes(10, 100, 5000).build(), "shortcode.pools.tiny.block-size.max",
                "5000 must be below");
    }

    @Test
    void inconsistentBlockSizes_nameTheKey() {
        expectKey(() -> pool("a").blockSizes(0, 10, 100).build(), "shortcode.pools.a.block-size.min", "at least 1");
        expectKey(() -> pool("a").blockSizes(500, 500, 100).build(), "shortcode.pools.a.block-size.min", "exceeds block-size.max");
        expectKey(() -> pool("a").blockSizes(10, 200, 100).build(), "shortcode.pools.a.block-size.initial", "must lie within");
    }

    @Test
    void missingOrShortSecret_namesTheKey() {
        expectKey(() -> IssuerOptions.builder().build(), "shortcode.secret", "missing");
        expectKey(() -> IssuerOptions.builder().secret("   ").build(), "shortcode.secret", "missing");
        expectKey(() -> IssuerOptions.builder().secret("short").build(), "shortcode.secret", "too short: 5 bytes");
    }

    @Test
    void badPoolName_namesThePoolsKeyPrefix() {
        expectKey(() -> PoolOptions.builder("Bad Name").length(5).idleTtl(Duration.ofDays(1)).build(), "shortcode.pools.Bad Name",
                "must match");
    }

    @Test
    void badLeaseOptions_nameTheirKeys() {
        LeaseOptions d = LeaseOptions.DEFAULTS;
        expectKey(() -> d.toBuilder().prefetchAt(1.0).build(), "shortcode.lease.prefetch-at", "strictly between");
        expectKey(() -> d.toBuilder().growBelow(Duration.ofMinutes(2)).shrinkAbove(Duration.ofMinutes(1)).build(),
                "shortcode.lease.shrink-above", "must be longer than grow-below");
        expectKey(() -> d.toBuilder().resetGuardTtl(Duration.ZERO).build(), "shortcode.lease.reset-guard-ttl", "positive");
        expectKey(() -> d.toBuilder().reseedGapBlocks(0).build(), "shortcode.lease.reseed-gap-blocks", "at least 1");
        expectKey(() -> LeaseOptions.builder().maxAttempts(0).build(), "shortcode.lease.max-attempts", "at least 1");
    }

    private static PoolOptions.Builder pool(String name) {
        return PoolOptions.builder(name).length(5).idleTtl(Duration.ofDays(1));
    }

    private static void expectKey(Supplier<?> build, String key, String problem) {
        assertThatThrownBy(build::get).isInstanceOfSatisfying(ConfigException.class, e -> {
            assertThat(e.key()).isEqualTo(key);
            assertThat(e.getMessage()).startsWith(key + ": ").contains(problem);
        });
    }
}
