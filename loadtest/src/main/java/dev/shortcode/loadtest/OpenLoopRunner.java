package dev.shortcode.loadtest;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one open-loop measurement: a single scheduler thread (the caller's) sends request i at its
 * intended time t_i, catching up immediately when late, and never waits for answers. Latency is
 * recorded from t_i (corrected) and from the actual send (uncorrected).
 *
 * <p>Bounded in count (exactly rate x (warm-up + duration) requests), in time (the scheduler gives
 * up {@link #SCHEDULER_SLACK_NANOS} or 10% past the schedule's end, the drain after
 * {@code --timeout} + 2 s) and in memory ({@code --max-in-flight}).
 */
final class OpenLoopRunner {

    /** First request is due a little after start, so the first few are not already late. */
    private static final long START_LEAD_NANOS = 50_000_000L;
    private static final long SCHEDULER_SLACK_NANOS = 1_000_000_000L;
    private static final long DRAIN_EXTRA_NANOS = 2_000_000_000L;

    private final LoadClient client;
    private final PrintWriter progressOut;
    private final ProcessCpuClock serverCpu;

    /**
     * @param progressOut where the once-a-second progress line goes; null for none
     * @param serverCpu   the server process whose CPU each measured window reports; null for none
     */
    OpenLoopRunner(LoadClient client, PrintWriter progressOut, ProcessCpuClock serverCpu) {
        this.client = client;
        this.progressOut = progressOut;
        this.serverCpu = serverCpu;
    }

    RunSummary run(LoadOptions options, RequestSource source, String name) {
        Instant startedAt = Instant.now();
        OpenLoopSchedule schedule = OpenLoopSchedule.of(System.nanoTime() + START_LEAD_NANOS,
                options.rate(), options.warmup(), options.duration());
        PhaseRecorder warmup = new PhaseRecorder("warmup");
        PhaseRecorder measured = new PhaseRecorder("measure");
        ThroughputWindow window = new ThroughputWindow(schedule.measureStartNanos(), schedule.measureEndNanos());
        AtomicInteger inFlight = new AtomicInteger();
        long planned = schedule.endNanos() - schedule.startNanos();
        long schedulerDeadline = schedule.endNanos() + Math.max(SCHEDULER_SLACK_NANOS, planned / 10);
        int maxInFlight = options.maxInFlight();

        AtomicReference<PhaseRecorder> current = new AtomicReference<>(schedule.warmupCount() > 0 ? warmup : measured);
        ProgressReporter progress = progressOut == null ? null
                : new ProgressReporter(progressOut, schedule.startNanos(), current::get,
                        () -> warmup.sentCount() + measured.sentCount(), inFlight::get);
        double cpuAtMeasureStart = Double.NaN;
        long measureStartedNanos = 0;
        try {
            long i = 0;
            for (; i < schedule.total(); i++) {
                long intended = schedule.intendedNanos(i);
                if (!Pacer.awaitUntil(intended, schedulerDeadline)) {
                    break;
                }
                if (serverCpu != null && i == schedule.warmupCount()) {
                    cpuAtMeasureStart = serverCpu.cpuSeconds();
                    measureStartedNanos = System.nanoTime();
                }
                PhaseRecorder phase = schedule.measured(i) ? measured : warmup;
                current.lazySet(phase);
                phase.scheduled();
                phase.schedulerLag(System.nanoTime() - intended);
                RequestSpec spec = source.next();
                if (inFlight.get() >= maxInFlight) {
                    phase.notSent(FailureKind.DROPPED);
                    continue;
                }
                inFlight.incrementAndGet();
                phase.dispatched();
                client.send(spec, exchange -> {
                    phase.completed(intended, exchange, spec.expectedStatus());
                    if (exchange.answered() && phase == measured) {
                        window.completed(exchange.completedNanos());
                    }
                    inFlight.decrementAndGet();
                });
            }
            // Whatever the scheduler could not send in time still counts against the run.
            long missedWarmup = Math.max(0, schedule.warmupCount() - i);
            long missedMeasured = schedule.total() - Math.max(i, schedule.warmupCount());
            warmup.notSent(FailureKind.NOT_SENT, missedWarmup);
            measured.notSent(FailureKind.NOT_SENT, missedMeasured);

            long drainDeadline = System.nanoTime() + options.timeout().toNanos() + DRAIN_EXTRA_NANOS;
            while (inFlight.get() > 0 && System.nanoTime() - drainDeadline < 0
                    && !Thread.currentThread().isInterrupted()) {
                sleepMillis(5);
            }
            measured.outcomes().failures(FailureKind.UNFINISHED, inFlight.get());
        } finally {
            if (progress != null) {
                progress.close();
            }
        }
        ServerCpu cpu = Double.isNaN(cpuAtMeasureStart) ? null
                : new ServerCpu(serverCpu.pid(), serverCpu.cpuSeconds() - cpuAtMeasureStart,
                        (System.nanoTime() - measureStartedNanos) / 1e9, measured.answeredCount());
        return summary(options, name, startedAt, measured, window, cpu);
    }

    private static RunSummary summary(LoadOptions options, String name, Instant startedAt, PhaseRecorder measured,
            ThroughputWindow window, ServerCpu cpu) {
        LatencyHistograms.Snapshot latency = measured.latency();
        Outcomes outcomes = measured.outcomes();
        return new RunSummary(name, options.scenario().label(), options.target().toString(), startedAt,
                options.connections(), options.rate(),
                options.warmup().toNanos() / 1e9, options.duration().toNanos() / 1e9,
                measured.scheduledCount(), measured.sentCount(), measured.answeredCount(),
                RunSummary.roundRate(window.ratePerSecond()),
                outcomes.statuses(), outcomes.errors(),
                LatencyPercentiles.of(latency.corrected()), LatencyPercentiles.of(latency.uncorrected()),
                LatencyPercentiles.of(measured.schedulerLag()),
                latency.corrected(), latency.uncorrected(), cpu);
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
