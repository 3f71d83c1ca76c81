package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import dev.shortcode.client.Stats;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "stats", description = "Prints a link's click totals and its clicks per unit as a sparkline.")
final class StatsCommand extends LinkCommand {

    enum Unit { hour, day, month }

    @Option(names = "--unit", paramLabel = "hour|day|month", description = "Bucket size; default: day.")
    Unit unit = Unit.day;

    @Option(names = "--units", paramLabel = "N", description = "How many units, ending now; default: 30 days, 24 hours, 12 months.")
    int units;

    @Option(names = "--json", description = "Print the service's answer as JSON.")
    boolean json;

    @Override
    int run(ShortcodeClient client, PrintWriter out) {
        int count = units > 0 ? units : switch (unit) {
            case hour -> 24;
            case day -> 30;
            case month -> 12;
        };
        Stats stats = client.stats(code, unit.name(), count);
        if (json) {
            out.println(LinkPrinter.json(stats));
        } else {
            print(out, stats);
        }
        return 0;
    }

    static void print(PrintWriter out, Stats stats) {
        long[] series = stats.clicksPerUnit();
        String first = stats.series() == null || stats.series().isEmpty() ? "" : stats.series().get(0).start();
        String last = stats.series() == null || stats.series().isEmpty() ? "" : stats.series().get(series.length - 1).start();
        out.printf(Locale.ROOT, "%s: last %d %s%s%n", stats.code(), stats.units(), plural(stats.unit(), stats.units()),
                first.isEmpty() ? "" : " (" + first + " .. " + last + ")");
        StringBuilder totals = new StringBuilder();
        Map<String, Long> values = stats.totals() == null ? Map.of() : stats.totals();
        for (String name : new String[] {"clicks", "humans", "bots", "uniques", "qrScans"}) {
            if (values.containsKey(name)) {
                totals.append(totals.length() == 0 ? "" : "  ").append(name).append(' ')
                        .append(String.format(Locale.ROOT, "%,d", values.get(name)));
            }
        }
        out.println(totals);
        long max = 0;
        for (long value : series) {
            max = Math.max(max, value);
        }
        out.printf(Locale.ROOT, "%s  max %,d per %s%n", Sparkline.of(series), max, stats.unit());
    }

    private static String plural(String unit, int n) {
        return n == 1 ? unit : unit + "s";
    }
}
