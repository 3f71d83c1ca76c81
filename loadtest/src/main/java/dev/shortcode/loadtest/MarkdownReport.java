package dev.shortcode.loadtest;

import java.util.List;
import java.util.Locale;

/**
 * Markdown tables of several results, for docs/BENCHMARKS.md: one row per run, one per max-rate
 * search. Latencies in ms; "corrected" columns are the honest ones.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String runs(List<RunSummary> runs) {
        StringBuilder b = new StringBuilder();
        b.append("| run | scenario | conns | requested req/s | achieved req/s | errors | p50 ms | p90 ms | p99 ms | p99.9 ms"
                + " | max ms | uncorrected p99 ms | uncorrected p99.9 ms | server CPU µs/req |\n");
        b.append("|---|---|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (RunSummary s : runs) {
            b.append(String.format(Locale.ROOT,
                    "| %s | %s | %d | %.1f | %.1f | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %s |%n",
                    s.name(), s.scenario(), s.connections(), RunSummary.roundRate(s.requestedRate()), s.achievedRate(),
                    s.errors().isEmpty() ? "0" : s.errorTotal() + " (" + ResultTable.counts(s.errors()) + ")",
                    ms(s.corrected().p50Micros()), ms(s.corrected().p90Micros()), ms(s.corrected().p99Micros()),
                    ms(s.corrected().p999Micros()), ms(s.corrected().maxMicros()),
                    ms(s.uncorrected().p99Micros()), ms(s.uncorrected().p999Micros()), cpu(s.serverCpu())));
        }
        return b.toString();
    }

    /** A search result with the run name and scenario it was stored under. */
    public record NamedSearch(String name, String scenario, SearchResult result) {
    }

    public static String searches(List<NamedSearch> searches) {
        StringBuilder b = new StringBuilder();
        b.append("| search | scenario | p99 bound ms | max rate req/s | p99 at max ms | uncorrected p99 at max ms"
                + " | server CPU µs/req at max | steps |\n");
        b.append("|---|---|--:|--:|--:|--:|--:|--:|\n");
        for (NamedSearch search : searches) {
            SearchResult r = search.result();
            RunSummary best = r.best();
            b.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %s | %s | %s | %s | %d |%n",
                    search.name(), search.scenario(), ms(r.p99BoundMicros()),
                    best == null ? "none passed" : String.format(Locale.ROOT, "%.0f", r.maxRate()),
                    best == null ? "-" : String.format(Locale.ROOT, "%.3f", ms(best.corrected().p99Micros())),
                    best == null ? "-" : String.format(Locale.ROOT, "%.3f", ms(best.uncorrected().p99Micros())),
                    best == null ? "-" : cpu(best.serverCpu()), r.steps().size()));
        }
        return b.toString();
    }

    /** Server CPU per request, or "-" when the run did not measure it. */
    private static String cpu(ServerCpu cpu) {
        return cpu == null || Double.isNaN(cpu.microsPerRequest()) ? "-"
                : String.format(Locale.ROOT, "%.1f", cpu.microsPerRequest());
    }

    private static double ms(long micros) {
        return LatencyPercentiles.millis(micros);
    }
}
