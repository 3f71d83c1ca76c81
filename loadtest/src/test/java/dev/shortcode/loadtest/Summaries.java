package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.Map;

/** Hand-made {@link RunSummary} values for unit tests that need no network. */
final class Summaries {

    private Summaries() {
    }

    /** A run whose latencies are uniform from 1 to {@code maxMicros}, uncorrected a tenth of that. */
    static RunSummary summary(double requestedRate, double achievedRate, long maxMicros, Map<String, Long> errors) {
        Histogram corrected = LatencyHistograms.newHistogram();
        Histogram uncorrected = LatencyHistograms.newHistogram();
        for (long v = 1; v <= 1000; v++) {
            corrected.recordValue(v * maxMicros / 1000);
            uncorrected.recordValue(Math.max(1, v * maxMicros / 10_000));
        }
        long errorTotal = errors.values().stream().mapToLong(Long::longValue).sum();
        return new RunSummary("unit", "redirect", "http://127.0.0.1:8080", Instant.parse("2026-01-02T03:04:05.123456Z"),
                16, requestedRate, 1, 2, 1000 + errorTotal, 1000 + errorTotal, 1000, achievedRate,
                Map.of("302", 1000L - errors.getOrDefault("500", 0L), "500", errors.getOrDefault("500", 0L)),
                errors, LatencyPercentiles.of(corrected), LatencyPercentiles.of(uncorrected),
                new LatencyPercentiles(1000, 5, 9, 40, 120, 300, 7), corrected, uncorrected,
                new ServerCpu(4242, 1.5, 2.0, 1000));
    }
}
