package dev.shortcode.api.bulk;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the bulk streams are doing, for {@code /q/metrics}: streams open, lines read and not yet
 * answered over all streams (what {@code shortcode.bulk.max-in-flight-lines} bounds per stream),
 * and result lines written, by whether they carry a link or a problem.
 */
final class BulkMetrics {

    private final AtomicLong streams = new AtomicLong();
    private final AtomicLong inFlightLines = new AtomicLong();
    private final Counter linked;
    private final Counter failed;

    BulkMetrics(MeterRegistry registry) {
        Gauge.builder("shortcode.bulk.streams", streams, AtomicLong::get).description("bulk streams open").register(registry);
        Gauge.builder("shortcode.bulk.lines.in.flight", inFlightLines, AtomicLong::get)
                .description("bulk lines read and not yet answered, over all streams").register(registry);
        linked = Counter.builder("shortcode.bulk.lines").tag("result", "link").description("bulk result lines written")
                .register(registry);
        failed = Counter.builder("shortcode.bulk.lines").tag("result", "problem").description("bulk result lines written")
                .register(registry);
    }

    void streamOpened() {
        streams.incrementAndGet();
    }

    void streamClosed() {
        streams.decrementAndGet();
    }

    void linesRead(int lines) {
        inFlightLines.addAndGet(lines);
    }

    /** Lines answered (or dropped with a broken stream): no longer in flight. */
    void linesSettled(int lines) {
        inFlightLines.addAndGet(-lines);
    }

    void written(int links, int problems) {
        linked.increment(links);
        failed.increment(problems);
    }
}
