package dev.shortcode.loadtest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.DoubleFunction;

/**
 * Finds the highest arrival rate whose corrected p99 stays under a bound: the capacity figure an
 * operator plans with. Doubles the rate until a step fails, then bisects between the best passing
 * and the lowest failing rate until they are within {@link #PRECISION} of each other, or
 * {@code maxSteps} steps have run. A step passes when its corrected p99 is within the bound, its
 * error ratio within {@code maxErrorRatio}, and it achieved at least {@link #MIN_ACHIEVED_SHARE}
 * of the requested rate (a service that cannot keep up fails even if the answers it gives are fast).
 * With {@code retries}, a failed step is run again at the same rate before the rate counts as
 * failing.
 */
final class MaxRateSearch {

    static final double PRECISION = 0.05;
    static final double MIN_ACHIEVED_SHARE = 0.95;

    private final SearchOptions options;

    MaxRateSearch(SearchOptions options) {
        this.options = options;
    }

    /**
     * @param runStep runs one step at a rate (requests/s) and returns its summary
     * @param onStep  told about each step as soon as it is judged (the CLI prints it)
     */
    SearchResult search(double startRate, DoubleFunction<RunSummary> runStep, Consumer<SearchStep> onStep) {
        long bound = options.p99Bound().toNanos() / 1_000;
        double lowestFailing = Double.POSITIVE_INFINITY;
        double highestPassing = 0;
        RunSummary best = null;
        List<SearchStep> steps = new ArrayList<>();
        double rate = clampRate(Math.min(startRate, options.maxRate()));
        int retriesLeft = options.retries();
        for (int n = 1; n <= options.maxSteps(); n++) {
            RunSummary summary = runStep.apply(rate);
            String failure = failure(summary, bound);
            SearchStep step = SearchStep.of(n, rate, failure, summary);
            steps.add(step);
            onStep.accept(step);
            if (failure != null && retriesLeft > 0) {
                retriesLeft--;
                continue; // the same rate once more: one failure may be the box, not the target
            }
            retriesLeft = options.retries();
            if (failure == null) {
                if (rate > highestPassing) {
                    highestPassing = rate;
                    best = summary;
                }
            } else {
                lowestFailing = Math.min(lowestFailing, rate);
            }
            double next;
            if (Double.isInfinite(lowestFailing)) {
                if (rate >= options.maxRate()) {
                    break; // passing at the cap: nothing higher may be asked for
                }
                next = clampRate(Math.min(rate * 2, options.maxRate()));
            } else {
                if (lowestFailing - highestPassing <= PRECISION * lowestFailing) {
                    break;
                }
                next = clampRate((highestPassing + lowestFailing) / 2);
            }
            if (next == rate || next >= lowestFailing || next <= highestPassing) {
                break; // the interval cannot be split any further in whole requests/s
            }
            rate = next;
        }
        return new SearchResult(bound, options.maxErrorRatio(), highestPassing, steps, best);
    }

    /** Why a step fails, or null if it passes. */
    String failure(RunSummary s, long boundMicros) {
        if (s.corrected().count() == 0) {
            return "no responses";
        }
        if (s.corrected().p99Micros() > boundMicros) {
            return String.format(Locale.ROOT, "p99 %.3f ms > %.3f ms",
                    LatencyPercentiles.millis(s.corrected().p99Micros()), LatencyPercentiles.millis(boundMicros));
        }
        if (s.errorRatio() > options.maxErrorRatio()) {
            return String.format(Locale.ROOT, "errors %.2f%% > %.2f%%", s.errorRatio() * 100, options.maxErrorRatio() * 100);
        }
        if (s.achievedRate() < MIN_ACHIEVED_SHARE * s.requestedRate()) {
            return String.format(Locale.ROOT, "achieved %.1f/s < %.0f%% of %.1f/s",
                    s.achievedRate(), MIN_ACHIEVED_SHARE * 100, s.requestedRate());
        }
        return null;
    }

    /** Whole requests/s, at least 1: finer steps are below the noise of any run. */
    private static double clampRate(double rate) {
        return Math.max(1, Math.round(rate));
    }
}
