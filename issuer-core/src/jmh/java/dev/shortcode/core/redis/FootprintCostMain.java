package dev.shortcode.core.redis;

import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.SamplingOptions;
import io.lettuce.core.RedisURI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * What one capacity refresh costs a Redis: runs the Redis footprint {@code rounds} times against
 * a server filled by {@code bench/redis-links.py} and prints commands, time and the estimates.
 * docs/BENCHMARKS.md has the command line and the figures.
 *
 * <pre>
 * mvn -B -q -Pjmh -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-cp %classpath dev.shortcode.core.redis.FootprintCostMain redis://127.0.0.1:PORT [rounds]"
 * </pre>
 */
public final class FootprintCostMain {

    private FootprintCostMain() {}

    public static void main(String[] args) {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<PoolOptions> pools = IssuerOptions.defaultPools().stream().map(PoolOptions.Builder::build).toList();
        try (RedisConnection connection = RedisConnection.open(List.of(RedisURI.create(args[0])), false, Duration.ofSeconds(5))) {
            var footprint = RedisFootprints.of(connection, StoreKeys.DEFAULTS, SamplingOptions.DEFAULTS, Clock.systemUTC());
            for (int i = 1; i <= rounds; i++) {
                Footprint f = footprint.measure(pools);
                StringBuilder line = new StringBuilder(String.format("round %2d: %5d commands in %4d ms; used_memory %,d B; keys %,d",
                        i, f.commands(), f.took().toMillis(), f.hot().usedBytes(), f.hot().keys()));
                for (PoolFootprint p : f.pools().values()) {
                    line.append(String.format("; %s %,d ± %,d (%.0f B/link, %d of %d sampled older than TTL)", p.pool(), p.live().count(),
                            p.live().error(), p.bytesPerLink(), p.ages().olderThanTtl(), p.ages().sampled()));
                }
                System.out.println(line);
            }
        }
    }
}
