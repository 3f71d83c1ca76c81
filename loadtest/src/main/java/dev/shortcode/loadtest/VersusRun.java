package dev.shortcode.loadtest;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --find-max --versus}: primes both targets once (unjudged), climbs the {@link PairedLadder}
 * with both, prints every step with its side and the ratio of the maxima, and writes each target's
 * outcome as a search result of its own ({@code <name>.json}, {@code <name>-versus.json}).
 */
final class VersusRun {

    private VersusRun() {
    }

    /**
     * @param harness  the first target's, already holding its working set
     * @param progress whether the second target's runs print the once-a-second progress line too
     * @return the files written
     */
    static List<Path> run(LoadTestCommand.Options options, LoadHarness harness, boolean progress, PrintWriter out, PrintWriter err) {
        LoadOptions load = options.load();
        LoadOptions other = options.versus().load();
        try (LoadHarness second = new LoadHarness(other, err, progress, Duration.ZERO, options.versus().serverCpu())) {
            err.printf(Locale.ROOT, "climbing rates of %s with corrected p99 <= %s: %s against %s%n", load.scenario().label(),
                    DurationParser.format(options.search().p99Bound()), load.target(), other.target());
            String targetName = options.output().name();
            String versusName = options.versus().output().name();
            PairedLadder.Runner run = (isVersus, rate) -> (isVersus ? second : harness).run(rate, isVersus ? versusName : targetName);
            out.println("target " + load.target() + ", versus " + other.target());
            out.println("side   " + ResultTable.stepHeader());
            for (boolean isVersus : new boolean[] {false, true}) {
                err.printf(Locale.ROOT, "priming %s at %.0f req/s (not judged) ...%n", label(isVersus), load.rate());
                out.println(side(isVersus) + ResultTable.primeLine(run.run(isVersus, load.rate())));
                out.flush();
            }
            PairedLadder.Result result = new PairedLadder(options.search(), options.versus().ladder()).climb(load.rate(),
                    (isVersus, stepRate) -> {
                        err.printf(Locale.ROOT, "%s at %.0f req/s ...%n", label(isVersus), stepRate);
                        return run.run(isVersus, stepRate);
                    },
                    step -> {
                        out.println(side(step.versus()) + ResultTable.stepLine(step.step()));
                        out.flush();
                    });
            out.println(side(false) + ResultTable.searchVerdict(result.target()));
            out.println(side(true) + ResultTable.searchVerdict(result.versus()));
            out.println(ResultTable.ladderRatio(result));
            List<Path> written = new ArrayList<>(new ResultFiles(options.output(), err)
                    .writeSearch(result.target(), load.scenario().label(), load.target().toString()));
            written.addAll(new ResultFiles(options.versus().output(), err)
                    .writeSearch(result.versus(), other.scenario().label(), other.target().toString()));
            return written;
        }
    }

    private static String label(boolean versus) {
        return versus ? "versus" : "target";
    }

    /** A line's first column: which target it measured. */
    private static String side(boolean versus) {
        return label(versus) + " ";
    }
}
