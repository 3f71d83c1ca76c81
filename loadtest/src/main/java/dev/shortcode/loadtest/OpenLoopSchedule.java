package dev.shortcode.loadtest;

import java.time.Duration;

/**
 * The intended send times of an open-loop run: every request has a time fixed in advance, and is
 * sent then whether or not earlier requests have been answered.
 *
 * <ul>
 *   <li>Warm-up (the first {@code warmupCount} requests, not recorded): the rate ramps linearly
 *       from {@link #RAMP_START_FRACTION} of the target rate to the full rate. A cold service (or
 *       generator) hit at full rate at once builds a backlog while its JIT compiles, and that backlog
 *       would spill into the measurement; a ramp warms it without one.</li>
 *   <li>Measurement (the next {@code measuredCount}): constant rate, t_i = start + W + (i - warmupCount)/rate.</li>
 * </ul>
 * Pure arithmetic, so it is tested without a network.
 */
record OpenLoopSchedule(long startNanos, double rate, long warmupNanos, long warmupCount, long measuredCount,
                        long durationNanos) {

    static final double RAMP_START_FRACTION = 0.1;

    OpenLoopSchedule {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("rate must be > 0 (was " + rate + ")");
        }
        if (warmupNanos < 0 || warmupCount < 0 || measuredCount < 1) {
            throw new IllegalArgumentException("need >= 0 warm-up and >= 1 measured requests");
        }
    }

    static OpenLoopSchedule of(long startNanos, double rate, Duration warmup, Duration duration) {
        double warmupSeconds = warmup.toNanos() / 1e9;
        // Requests in a linear ramp from r0 to r over W seconds: the area (r0 + r) / 2 * W.
        long warmupCount = Math.round((RAMP_START_FRACTION * rate + rate) / 2 * warmupSeconds);
        long measuredCount = Math.max(1, Math.round(rate * duration.toNanos() / 1e9));
        return new OpenLoopSchedule(startNanos, rate, warmup.toNanos(), warmupCount, measuredCount, duration.toNanos());
    }

    long total() {
        return warmupCount + measuredCount;
    }

    /** t_i, computed from i rather than accumulated, so rounding never drifts over a long run. */
    long intendedNanos(long i) {
        if (i >= warmupCount) {
            return startNanos + warmupNanos + Math.round((i - warmupCount) * 1e9 / rate);
        }
        // Solve N(t) = i for the ramp N(t) = r0 t + (r - r0) t^2 / (2W).
        double w = warmupNanos / 1e9;
        double r0 = RAMP_START_FRACTION * rate;
        double a = (rate - r0) / (2 * w);
        double t = (-r0 + Math.sqrt(r0 * r0 + 4 * a * i)) / (2 * a);
        return startNanos + Math.min(warmupNanos, Math.round(t * 1e9));
    }

    boolean measured(long i) {
        return i >= warmupCount;
    }

    long measureStartNanos() {
        return startNanos + warmupNanos;
    }

    long measureEndNanos() {
        return measureStartNanos() + durationNanos;
    }

    /** Intended time just after the last request. */
    long endNanos() {
        return intendedNanos(total());
    }
}
