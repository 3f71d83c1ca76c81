package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The two latency views of one phase, recorded from event-loop threads without locks
 * (HdrHistogram {@link Recorder}) and accumulated on demand for progress lines and the result.
 *
 * <ul>
 *   <li>corrected: completion − intended send time (t_i = start + i/rate). A request that waits
 *       because the server or the connection pool is stuck is charged for all of the wait, which is
 *       what a user arriving at t_i sees. This removes coordinated omission.</li>
 *   <li>uncorrected: completion − actual send time (connection obtained). The "service time" that
 *       closed-loop tools report; shown next to the other so the difference is visible.</li>
 * </ul>
 * Values are microseconds, 3 significant digits, up to one hour.
 */
final class LatencyHistograms {

    static final long HIGHEST_MICROS = 3_600_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder correctedRecorder = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder uncorrectedRecorder = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Histogram corrected = newHistogram();
    private final Histogram uncorrected = newHistogram();
    private Histogram correctedInterval;
    private Histogram uncorrectedInterval;

    static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    void record(long intendedNanos, long sentNanos, long completedNanos) {
        correctedRecorder.recordValue(micros(completedNanos - intendedNanos));
        uncorrectedRecorder.recordValue(micros(completedNanos - sentNanos));
    }

    /** Both accumulated histograms as copies, safe to read while recording continues. */
    synchronized Snapshot snapshot() {
        correctedInterval = correctedRecorder.getIntervalHistogram(correctedInterval);
        uncorrectedInterval = uncorrectedRecorder.getIntervalHistogram(uncorrectedInterval);
        corrected.add(correctedInterval);
        uncorrected.add(uncorrectedInterval);
        return new Snapshot(corrected.copy(), uncorrected.copy());
    }

    private static long micros(long nanos) {
        // Clock readings come from one monotonic source, but clamp anyway: a histogram throws on out-of-range.
        return Math.max(0, Math.min(HIGHEST_MICROS, nanos / 1_000));
    }

    record Snapshot(Histogram corrected, Histogram uncorrected) {
    }
}
