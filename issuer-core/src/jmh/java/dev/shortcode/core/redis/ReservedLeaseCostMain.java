package dev.shortcode.core.redis;

import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.lease.ReservedIds;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Random;

/**
 * What reserved codes cost a lease: for 0, 10,000 and 1,000,000 codes reserved in a pool of seven
 * characters, the time of a lease as the node sees it and the script's own time in Redis
 * ({@code INFO commandstats}), over {@code leases} leases of 1,000 ids; then the Redis bytes per
 * reserved id. Run (a local redis-server is started):
 * {@code mvn -B -q -Pjmh -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test
 * -Dexec.args="-cp %classpath dev.shortcode.core.redis.ReservedLeaseCostMain 20000"}
 */
public final class ReservedLeaseCostMain {

    private static final byte[] SECRET = "reserved lease cost secret".getBytes(StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        int leases = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        PoolOptions pool = PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).blockSizes(1_000, 1_000, 1_000).build();
        try (RedisDeployment redis = RedisServers.standalone(); RedisConnection connection = redis.connect()) {
            var sync = connection.sync();
            for (int reserved : new int[] {0, 10_000, 1_000_000}) {
                String namespace = "cost" + reserved;
                RedisBlockSource source = new RedisBlockSource(sync, namespace, new FileWatermarkStore(Files.createTempDirectory("reserved-cost")),
                        new ReservedIds(SECRET), LeaseOptions.DEFAULTS, IssuerMetrics.NOOP);
                source.lease(pool, 1_000); // creates the counter
                String key = PoolKeys.of(namespace, 7).reserved();
                Random random = new Random(reserved);
                long memoryBefore = usedMemory(sync);
                for (int from = 0; from < reserved; from += 10_000) {
                    Object[] members = new Object[2 * Math.min(10_000, reserved - from)];
                    for (int i = 0; i < members.length; i += 2) {
                        members[i] = 0.0;
                        members[i + 1] = PoolKeys.reservedMember(0, random.nextLong(pool.capacity()));
                    }
                    sync.zadd(key, members);
                }
                long bytes = usedMemory(sync) - memoryBefore;
                // ids reserved inside the blocks to come too, so that the replies carry some
                long next = Long.parseLong(sync.get(PoolKeys.of(namespace, 7).seq()));
                for (long id = next; id < next + (long) leases * 1_000 && reserved > 0; id += 997) {
                    sync.zadd(key, 0.0, PoolKeys.reservedMember(0, id));
                }
                sync.configResetstat();
                long skipped = 0;
                long began = System.nanoTime();
                for (int i = 0; i < leases; i++) {
                    Block block = source.lease(pool, 1_000);
                    skipped += block.skipped().length;
                }
                double micros = (System.nanoTime() - began) / 1e3 / leases;
                System.out.printf("reserved %,9d: lease %.1f µs at the node, script %.2f µs in Redis; %,d ids skipped; %s%n",
                        reserved, micros, scriptMicros(sync), skipped,
                        reserved == 0 ? "" : String.format("%.0f bytes of Redis per reserved id", (double) bytes / reserved));
            }
        }
    }

    private static long usedMemory(io.lettuce.core.cluster.api.sync.RedisClusterCommands<String, String> sync) {
        for (String line : sync.info("memory").split("\r?\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).trim());
            }
        }
        throw new IllegalStateException("no used_memory in INFO memory");
    }

    private static double scriptMicros(io.lettuce.core.cluster.api.sync.RedisClusterCommands<String, String> sync) {
        for (String line : sync.info("commandstats").split("\r?\n")) {
            if (line.startsWith("cmdstat_evalsha:")) {
                for (String part : line.substring(line.indexOf(':') + 1).split(",")) {
                    if (part.startsWith("usec_per_call=")) {
                        return Double.parseDouble(part.substring("usec_per_call=".length()));
                    }
                }
            }
        }
        return Double.NaN;
    }
}
