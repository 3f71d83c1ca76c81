package dev.shortcode.core.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What keeping an owner's top links costs the embedded fold: a minute of one-second batches (8,000
 * clicks each, Zipf 1.0 over 10,000 links) added one at a time into one owner-day, the links cut
 * back to {@value ClickRetention#MAX_TOP_LINKS} after each ({@link ClickCounts#add}), against
 * sorting every link each time, as the cut was first written, and against adding alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class TopLinksCutBenchmark {

    private final List<Map<String, Long>> batches = new ArrayList<>();

    @Setup
    public void setUp() {
        Random random = new Random(1);
        double[] cumulative = new double[10_000];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        for (int b = 0; b < 60; b++) {
            Map<String, Long> batch = new HashMap<>();
            for (int c = 0; c < 8_000; c++) {
                int i = Arrays.binarySearch(cumulative, random.nextDouble() * sum);
                batch.merge(ClickFields.LINK + Integer.toString(100_000 + (i < 0 ? -i - 1 : i), 36), 1L, Long::sum);
            }
            batches.add(batch);
        }
    }

    @Benchmark
    public Map<String, Long> addAndCut() {
        Map<String, Long> day = new HashMap<>();
        for (Map<String, Long> batch : batches) {
            ClickCounts.add(day, batch);
        }
        return day;
    }

    @Benchmark
    public Map<String, Long> addAndSortEveryLink() {
        Map<String, Long> day = new HashMap<>();
        for (Map<String, Long> batch : batches) {
            batch.forEach((field, n) -> day.merge(field, n, Long::sum));
            List<Map.Entry<String, Long>> links = new ArrayList<>();
            day.forEach((field, n) -> links.add(Map.entry(field, n)));
            links.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue).reversed().thenComparing(Map.Entry::getKey));
            for (Map.Entry<String, Long> cut : links.subList(Math.min(links.size(), ClickRetention.MAX_TOP_LINKS), links.size())) {
                day.remove(cut.getKey());
            }
        }
        return day;
    }

    @Benchmark
    public Map<String, Long> addAlone() {
        Map<String, Long> day = new HashMap<>();
        for (Map<String, Long> batch : batches) {
            batch.forEach((field, n) -> day.merge(field, n, Long::sum));
        }
        return day;
    }
}
