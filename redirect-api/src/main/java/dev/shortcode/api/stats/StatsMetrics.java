package dev.shortcode.api.stats;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The click pipeline's meters: {@code shortcode_stats_clicks_counted_total} (redirects taken in),
 * {@code ..._flushed_total} (stored), {@code ..._dropped_total} by {@code reason} (the hand-off
 * queue was full, the buffer was full, the node was stopping), {@code shortcode_stats_flush_lag_seconds}
 * (age of the oldest click not stored yet: seconds behind), {@code shortcode_stats_flush_seconds}
 * (each batch's store time), {@code shortcode_stats_flush_failures_total} and
 * {@code shortcode_stats_pending} (clicks held).
 */
final class StatsMetrics {

    enum DropReason { HANDOFF_FULL, BUFFER_FULL, STOPPED }

    /**
     * Counted on the event loop, once per redirect: a plain adder the registry reads when scraped,
     * where a registered counter is a composite that adds to one counter per registry.
     */
    private final LongAdder counted = new LongAdder();
    private final Counter flushed;
    private final Counter failures;
    private final Counter[] dropped = new Counter[DropReason.values().length];
    private final Timer flushTime;
    /** Held here: a gauge keeps only a weak reference to what it reads. */
    private final LongSupplier pending;
    private final LongSupplier lagMillis;

    StatsMetrics(MeterRegistry registry, LongSupplier pending, LongSupplier lagMillis) {
        this.pending = pending;
        this.lagMillis = lagMillis;
        FunctionCounter.builder("shortcode.stats.clicks.counted", counted, LongAdder::sum)
                .description("redirects taken into the click statistics").register(registry);
        flushed = Counter.builder("shortcode.stats.clicks.flushed").description("clicks stored").register(registry);
        failures = Counter.builder("shortcode.stats.flush.failures").description("batches the store did not take (retried)")
                .register(registry);
        for (DropReason reason : DropReason.values()) {
            dropped[reason.ordinal()] = Counter.builder("shortcode.stats.clicks.dropped")
                    .tag("reason", reason.name().toLowerCase(java.util.Locale.ROOT))
                    .description("clicks not counted: the buffer was full or the node was stopping").register(registry);
        }
        flushTime = Timer.builder("shortcode.stats.flush").description("time to store one batch of clicks").register(registry);
        Gauge.builder("shortcode.stats.pending", this, m -> m.pending.getAsLong()).description("clicks held, not stored yet")
                .register(registry);
        Gauge.builder("shortcode.stats.flush.lag.seconds", this, m -> m.lagMillis.getAsLong() / 1000.0)
                .description("age of the oldest click not stored yet").register(registry);
    }

    void counted() {
        counted.increment();
    }

    void dropped(DropReason reason, long clicks) {
        dropped[reason.ordinal()].increment(clicks);
    }

    void flushed(long clicks, long nanos) {
        flushed.increment(clicks);
        flushTime.record(nanos, TimeUnit.NANOSECONDS);
    }

    void flushFailed() {
        failures.increment();
    }
}
