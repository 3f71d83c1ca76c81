package dev.shortcode.core.bench;

import dev.shortcode.core.alloc.CodeAllocator;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.metrics.IssuerMetrics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * The per-code hot path: one allocator of the 7-char pool over the embedded block source (leases
 * are fsynced to a file in the background, amortised over blocks of up to a million ids), and its
 * parts: the permutation and base62 alone. Run with {@code -t 1} and {@code -t 2}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class CodeAllocatorBenchmark {

    private static final byte[] SECRET = "benchmark secret of enough bytes".getBytes(StandardCharsets.UTF_8);

    private Path dir;
    private ExecutorService leaseThread;
    private CodeAllocator allocator;
    private CodeCodec codec;
    private long id;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("alloc-bench");
        leaseThread = Executors.newSingleThreadExecutor();
        PoolOptions pool = PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).build();
        allocator = new CodeAllocator(pool, new EmbeddedBlockSource(new FileWatermarkStore(dir)), leaseThread, SECRET,
                LeaseOptions.DEFAULTS, Ticker.SYSTEM, IssuerMetrics.NOOP).warmUp();
        codec = new CodeCodec(CodeSpace.ofLength(7), 0, SECRET);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        System.out.println("\nallocator: " + allocator.stats());
        allocator.close();
        leaseThread.shutdownNow();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public String issueCode() {
        return allocator.next().code();
    }

    @Benchmark
    public String permuteAndEncode() {
        return codec.encode(id++ & 0xFFFFFFFFL);
    }

    @Benchmark
    public String base62Only() {
        return Base62.encode(id++ & 0xFFFFFFFFL, 7);
    }
}
