package dev.shortcode.loadtest;

import org.HdrHistogram.AbstractHistogram;

/**
 * The latency figures of the result table, in whole microseconds (the histograms' unit), so that
 * the table, the JSON and a re-read JSON all show exactly the same numbers.
 */
public record LatencyPercentiles(long count, long p50Micros, long p90Micros, long p99Micros, long p999Micros,
                                 long maxMicros, long meanMicros) {

    public static LatencyPercentiles of(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencyPercentiles(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencyPercentiles(h.getTotalCount(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue(), Math.round(h.getMean()));
    }

    /** Microseconds as milliseconds with three decimals: how every table and the JSON print latency. */
    public static double millis(long micros) {
        return micros / 1000.0;
    }
}
