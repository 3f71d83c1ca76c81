package dev.shortcode.core.redis;

import dev.shortcode.core.alloc.CodeAllocator;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The same hot path leasing from a real local Redis: ns per code, and at the end of the trial
 * the lease round trips (script calls counted by Redis itself) per million codes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class RedisLeaseBenchmark {

    private RedisDeployment redis;
    private RedisConnection connection;
    private ExecutorService leaseThread;
    private CodeAllocator allocator;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        redis = RedisServers.standalone();
        connection = redis.connect();
        leaseThread = Executors.newSingleThreadExecutor();
        PoolOptions pool = PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).build();
        RedisBlockSource source = new RedisBlockSource(connection.sync(), "bench",
                new FileWatermarkStore(Files.createTempDirectory("lease-bench")), LeaseOptions.DEFAULTS, IssuerMetrics.NOOP);
        allocator = new CodeAllocator(pool, source, leaseThread, "benchmark secret of enough bytes".getBytes(StandardCharsets.UTF_8),
                LeaseOptions.DEFAULTS, Ticker.SYSTEM, IssuerMetrics.NOOP).warmUp();
        redis.resetCommandStats();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long codes = allocator.stats().codesIssued();
        Map<String, Long> calls = redis.commandCalls();
        long scripts = calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
        System.out.printf("%nredis: %d codes, %d lease scripts, %.2f lease round trips per million codes, final block %d%n",
                codes, scripts, scripts * 1e6 / Math.max(1, codes), allocator.stats().blockSize());
        allocator.close();
        leaseThread.shutdownNow();
        connection.close();
        redis.close();
    }

    @Benchmark
    public String issueCode() {
        return allocator.next().code();
    }
}
