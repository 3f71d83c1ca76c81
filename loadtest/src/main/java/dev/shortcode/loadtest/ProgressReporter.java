package dev.shortcode.loadtest;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Prints one progress line a second: phase, sending rate over the last second, answers, errors,
 * in-flight requests and the p99 so far (corrected, with uncorrected beside it). Runs on its own
 * daemon thread and is closed at the end of every run.
 */
final class ProgressReporter implements AutoCloseable {

    private final ScheduledExecutorService executor;
    private final PrintWriter out;
    private final long startNanos;
    private final Supplier<PhaseRecorder> phase;
    private final LongSupplier totalSent;
    private final IntSupplier inFlight;
    private long lastSent;
    private long lastNanos;

    /** @param totalSent requests sent so far over all phases, for the per-second sending rate */
    ProgressReporter(PrintWriter out, long startNanos, Supplier<PhaseRecorder> phase, LongSupplier totalSent,
                     IntSupplier inFlight) {
        this.out = out;
        this.startNanos = startNanos;
        this.phase = phase;
        this.totalSent = totalSent;
        this.inFlight = inFlight;
        this.lastNanos = startNanos;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "loadtest-progress");
            t.setDaemon(true);
            return t;
        });
        long firstDelay = Math.max(0, startNanos + 1_000_000_000L - System.nanoTime());
        executor.scheduleAtFixedRate(this::report, firstDelay, 1_000_000_000L, TimeUnit.NANOSECONDS);
    }

    private void report() {
        try {
            out.println(line());
        } catch (RuntimeException e) {
            // A progress line is never worth failing a run for.
            out.println("progress: " + e);
        }
    }

    String line() {
        PhaseRecorder current = phase.get();
        long now = System.nanoTime();
        long sent = totalSent.getAsLong();
        double seconds = Math.max(1e-3, (now - lastNanos) / 1e9);
        double rate = (sent - lastSent) / seconds;
        lastSent = sent;
        lastNanos = now;
        LatencyHistograms.Snapshot latency = current.latency();
        return String.format(Locale.ROOT,
                "[%5.1fs] %-7s sent %8.1f/s  answered %9d  errors %7d  in-flight %5d  p99 %9.3f ms (uncorrected %8.3f ms)",
                (now - startNanos) / 1e9, current.name(), rate, current.answeredCount(),
                current.outcomes().errorTotal(), inFlight.getAsInt(),
                LatencyPercentiles.millis(latency.corrected().getValueAtPercentile(99)),
                LatencyPercentiles.millis(latency.uncorrected().getValueAtPercentile(99)));
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
