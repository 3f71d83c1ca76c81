package dev.shortcode.core.limit;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a node-local decision costs: the price of a per-client-IP guard on the redirect path (one
 * decision per redirect) and of every decision in embedded mode. {@code subjects} distinct
 * subjects taken in turn, as client addresses would be; a limit far from reached, so every call
 * admits (the common case).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class LocalRateLimitsBenchmark {

    @Param({"1", "10000"})
    public int subjects;

    private final RateLimit limit = RateLimit.perMinute(1_000_000_000L);
    private LocalRateLimits limits;
    private String[] names;
    private int next;

    @Setup
    public void setUp() {
        limits = new LocalRateLimits(Clock.systemUTC());
        names = new String[subjects];
        for (int i = 0; i < subjects; i++) {
            names[i] = "203.0.113." + (i % 256) + "/" + i;
        }
    }

    @Benchmark
    public RateDecision decide() {
        int i = next++;
        if (next == subjects) {
            next = 0;
        }
        return limits.decide(names[i], limit, 1);
    }
}
