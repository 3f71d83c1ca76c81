package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Latency by percentile, the way HdrHistogram plots it: percentile p is placed at
 * x = log10(1 / (1 - p)), so 90%, 99%, 99.9%... are evenly spaced and the tail, where stalls show,
 * gets as much room as the median.
 */
record PercentileCurve(String label, String color, List<Point> points) {

    /** @param percentile 0..100; @param millis latency at that percentile */
    record Point(double percentile, double millis) {
    }

    PercentileCurve {
        points = List.copyOf(points);
    }

    static PercentileCurve of(String label, String color, Histogram histogram) {
        List<Point> points = new ArrayList<>();
        if (histogram.getTotalCount() > 0) {
            // 5 ticks per half-distance: the same resolution as HdrHistogram's own percentile output.
            for (HistogramIterationValue v : histogram.percentiles(5)) {
                points.add(new Point(v.getPercentileLevelIteratedTo(),
                        histogram.highestEquivalentValue(v.getValueIteratedTo()) / 1000.0));
            }
        }
        return new PercentileCurve(label, color, points);
    }

    /** The x position of a percentile; 100% is infinitely far right, so callers clamp. */
    static double x(double percentile) {
        double tail = 1 - percentile / 100;
        return tail <= 0 ? Double.POSITIVE_INFINITY : Math.log10(1 / tail);
    }

    double maxMillis() {
        return points.stream().mapToDouble(Point::millis).max().orElse(0);
    }
}
