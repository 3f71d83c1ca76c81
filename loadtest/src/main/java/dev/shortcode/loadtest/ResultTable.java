package dev.shortcode.loadtest;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The plain-text result table printed at the end of a run, and the step lines of a max-rate search. */
public final class ResultTable {

    private ResultTable() {
    }

    public static String render(RunSummary s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s -> %s  (%s measured after %s warm-up, %d connections)%n",
                title(s), s.target(), seconds(s.durationSeconds()), seconds(s.warmupSeconds()),
                s.connections()));
        b.append(String.format(Locale.ROOT, "  requested rate   %12.1f req/s%n", RunSummary.roundRate(s.requestedRate())));
        b.append(String.format(Locale.ROOT, "  achieved rate    %12.1f req/s%n", s.achievedRate()));
        b.append(String.format(Locale.ROOT, "  requests         %12d scheduled, %d sent, %d answered%n",
                s.scheduled(), s.sent(), s.answered()));
        b.append(String.format(Locale.ROOT, "  errors           %12d  %s%n", s.errorTotal(),
                s.errors().isEmpty() ? "" : "(" + counts(s.errors()) + ")"));
        b.append(String.format(Locale.ROOT, "  responses        %s%n", s.statuses().isEmpty() ? "none" : counts(s.statuses())));
        b.append(String.format(Locale.ROOT, "  latency (ms)  %10s %10s %10s %10s %10s%n", "p50", "p90", "p99", "p99.9", "max"));
        b.append(latencyRow("corrected", s.corrected()));
        b.append(latencyRow("uncorrected", s.uncorrected()));
        b.append(String.format(Locale.ROOT, "  scheduler lag p99 %.3f ms, max %.3f ms (the generator's own delay in sending)%n",
                LatencyPercentiles.millis(s.schedulerLag().p99Micros()),
                LatencyPercentiles.millis(s.schedulerLag().maxMicros())));
        if (s.serverCpu() != null) {
            b.append(String.format(Locale.ROOT, "  server CPU %.1f us/request (%.2f cores busy on average, pid %d)%n",
                    s.serverCpu().microsPerRequest(), s.serverCpu().cores(), s.serverCpu().pid()));
        }
        b.append("  corrected: from each request's intended send time (coordinated omission corrected);")
                .append(System.lineSeparator())
                .append("  uncorrected: from the actual send (service time). Errors without a response have no latency.")
                .append(System.lineSeparator());
        return b.toString();
    }

    /** The scenario, with the run's name when it says more than the scenario does. */
    static String title(RunSummary s) {
        return s.name().equals(s.scenario()) ? s.scenario() : s.name() + " (" + s.scenario() + ")";
    }

    static String latencyRow(String label, LatencyPercentiles p) {
        return String.format(Locale.ROOT, "  %-12s %10.3f %10.3f %10.3f %10.3f %10.3f%n", label,
                LatencyPercentiles.millis(p.p50Micros()), LatencyPercentiles.millis(p.p90Micros()),
                LatencyPercentiles.millis(p.p99Micros()), LatencyPercentiles.millis(p.p999Micros()),
                LatencyPercentiles.millis(p.maxMicros()));
    }

    public static String stepHeader() {
        return String.format(Locale.ROOT, "%4s %10s %12s %11s %11s %8s %9s %8s  %s", "step", "rate/s", "achieved/s",
                "p99 ms", "uncorr p99", "errors", "lag p99", "cpu us", "verdict");
    }

    public static String stepLine(SearchStep step) {
        return String.format(Locale.ROOT, "%4d %10.0f %12.1f %11.3f %11.3f %8d %9.3f %8s  %s", step.step(), step.rate(),
                step.achievedRate(), LatencyPercentiles.millis(step.p99Micros()),
                LatencyPercentiles.millis(step.uncorrectedP99Micros()), step.errors(),
                LatencyPercentiles.millis(step.schedulerLagP99Micros()), cpuMicros(step.serverCpuMicros()),
                step.passed() ? "pass" : "FAIL: " + step.reason());
    }

    /** The line of the unjudged priming step that precedes a search. */
    public static String primeLine(RunSummary s) {
        return String.format(Locale.ROOT, "%4s %10.0f %12.1f %11.3f %11.3f %8d %9.3f %8s  %s", "-", s.requestedRate(),
                s.achievedRate(), LatencyPercentiles.millis(s.corrected().p99Micros()),
                LatencyPercentiles.millis(s.uncorrected().p99Micros()), s.errorTotal(),
                LatencyPercentiles.millis(s.schedulerLag().p99Micros()),
                cpuMicros(s.serverCpu() == null ? Double.NaN : s.serverCpu().microsPerRequest()), "priming (not judged)");
    }

    public static String searchVerdict(SearchResult r) {
        return r.best() == null
                ? String.format(Locale.ROOT, "max rate: none of %d steps kept p99 <= %.3f ms", r.steps().size(),
                        LatencyPercentiles.millis(r.p99BoundMicros()))
                : String.format(Locale.ROOT, "max rate: %.0f req/s with corrected p99 %.3f ms <= %.3f ms (%d steps)",
                        r.maxRate(), LatencyPercentiles.millis(r.best().corrected().p99Micros()),
                        LatencyPercentiles.millis(r.p99BoundMicros()), r.steps().size());
    }

    /** The two maxima of {@code --versus} and their ratio. */
    public static String ladderRatio(PairedLadder.Result r) {
        double target = r.target().maxRate();
        double versus = r.versus().maxRate();
        return target == 0
                ? String.format(Locale.ROOT, "versus / target: target passed no rung (versus %.0f req/s)", versus)
                : String.format(Locale.ROOT, "versus / target: %.0f / %.0f req/s = %.1f%%", versus, target, 100 * versus / target);
    }

    /** Server CPU per request for a step line: "-" when not measured. */
    private static String cpuMicros(double micros) {
        return Double.isNaN(micros) ? "-" : String.format(Locale.ROOT, "%.1f", micros);
    }

    static String counts(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0fs", s) : String.format(Locale.ROOT, "%.3gs", s);
    }
}
