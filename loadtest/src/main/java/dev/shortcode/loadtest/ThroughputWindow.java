package dev.shortcode.loadtest;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts responses to measured requests that complete inside the measurement window [start, end].
 * Divided by the window length this is the achieved rate: what the service delivered while offered
 * the load. It can never exceed the requested rate (a backlog left by the warm-up does not count),
 * one slow straggler cannot stretch the window, and a service that falls behind visibly delivers
 * fewer responses in it. A service keeping up loses only the last latency's worth of responses.
 */
final class ThroughputWindow {

    private final long startNanos;
    private final long endNanos;
    private final LongAdder completed = new LongAdder();

    ThroughputWindow(long startNanos, long endNanos) {
        this.startNanos = startNanos;
        this.endNanos = endNanos;
    }

    void completed(long completedNanos) {
        if (completedNanos - startNanos >= 0 && endNanos - completedNanos >= 0) {
            completed.increment();
        }
    }

    double ratePerSecond() {
        return completed.sum() * 1e9 / (endNanos - startNanos);
    }
}
