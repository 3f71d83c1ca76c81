package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The result of one measured run: the figures of the result table (and of the JSON, which carries
 * every one of them), plus the two histograms for plots and later re-analysis.
 *
 * @param requestedRate the scheduled arrival rate, requests/s
 * @param achievedRate  responses completed inside the measurement window / window length: what the
 *                      service actually delivered at that offered load
 * @param scheduled     requests whose intended send time fell in the measurement window
 * @param sent          of those, how many were actually sent (the rest were dropped, see errors)
 * @param answered      of those, how many got an HTTP response (any status)
 * @param statuses      HTTP status → responses
 * @param errors        unexpected status or failure kind → count
 * @param schedulerLag  how late the generator itself sent each request after its intended time;
 *                      if this is large, the generator (not the service) was the bottleneck
 * @param serverCpu     CPU the server used in the measured window ({@code --server-pid}); null when not measured
 */
public record RunSummary(
        String name,
        String scenario,
        String target,
        Instant startedAt,
        int connections,
        double requestedRate,
        double warmupSeconds,
        double durationSeconds,
        long scheduled,
        long sent,
        long answered,
        double achievedRate,
        Map<String, Long> statuses,
        Map<String, Long> errors,
        LatencyPercentiles corrected,
        LatencyPercentiles uncorrected,
        LatencyPercentiles schedulerLag,
        Histogram correctedHistogram,
        Histogram uncorrectedHistogram,
        ServerCpu serverCpu) {

    public RunSummary {
        // Sorted so the table, the JSON and the plot list them in the same order every time.
        statuses = Collections.unmodifiableSortedMap(new TreeMap<>(statuses));
        errors = Collections.unmodifiableSortedMap(new TreeMap<>(errors));
    }

    public long errorTotal() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Errors per scheduled request; 0 when nothing was scheduled. */
    public double errorRatio() {
        return scheduled == 0 ? 0 : (double) errorTotal() / scheduled;
    }

    /** Rates are reported to 0.1 request/s: finer is noise, and the JSON must equal the table. */
    public static double roundRate(double rate) {
        return Math.round(rate * 10) / 10.0;
    }
}
