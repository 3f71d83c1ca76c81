package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;

import java.util.concurrent.atomic.LongAdder;

/**
 * Everything recorded for the requests scheduled in one phase (warm-up or measurement). A request
 * belongs to the phase of its intended send time, whenever its response arrives.
 */
final class PhaseRecorder {

    private final String name;
    private final LatencyHistograms latency = new LatencyHistograms();
    /** Written and read by the scheduler thread only. */
    private final Histogram schedulerLag = LatencyHistograms.newHistogram();
    private final Outcomes outcomes = new Outcomes();
    private final LongAdder scheduled = new LongAdder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder answered = new LongAdder();

    PhaseRecorder(String name) {
        this.name = name;
    }

    String name() {
        return name;
    }

    void scheduled() {
        scheduled.increment();
    }

    void dispatched() {
        sent.increment();
    }

    /** How late the scheduler thread got to request i: its own delay, not the service's. Scheduler thread only. */
    void schedulerLag(long lagNanos) {
        schedulerLag.recordValue(Math.max(0, Math.min(LatencyHistograms.HIGHEST_MICROS, lagNanos / 1_000)));
    }

    /** Scheduler thread only, once scheduling has ended. */
    Histogram schedulerLag() {
        return schedulerLag;
    }

    void notSent(FailureKind kind) {
        outcomes.failure(kind);
    }

    void notSent(FailureKind kind, long count) {
        scheduled.add(count);
        outcomes.failures(kind, count);
    }

    void completed(long intendedNanos, Exchange exchange, int expectedStatus) {
        if (exchange.answered()) {
            answered.increment();
            latency.record(intendedNanos, exchange.sentNanos(), exchange.completedNanos());
            outcomes.response(exchange.status(), expectedStatus);
        } else {
            // No response, so no latency sample: the error table carries it instead.
            outcomes.failure(exchange.failure());
        }
    }

    long scheduledCount() {
        return scheduled.sum();
    }

    long sentCount() {
        return sent.sum();
    }

    long answeredCount() {
        return answered.sum();
    }

    Outcomes outcomes() {
        return outcomes;
    }

    LatencyHistograms.Snapshot latency() {
        return latency.snapshot();
    }
}
