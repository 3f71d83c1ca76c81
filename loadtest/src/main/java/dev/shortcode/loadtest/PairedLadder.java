package dev.shortcode.loadtest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Two targets' maximum rates, measured side by side by one generator: the comparison a
 * {@code --find-max} of each cannot give on a shared, noisy box.
 *
 * <h2>Why a ladder and not two searches</h2>
 * Two searches run one after the other meet different moments of the box (another process's
 * burst, a neighbour's cache-hungry job), and a doubling search turns one lucky step near the
 * bound into twice the rate: two searches of the same service differ by 2x. Here both targets
 * climb one ladder of rates together: at each rung, each target is run up to
 * {@link LadderOptions#tries} times, the two alternating and the one that goes first swapping
 * every try (A B, B A, A B), so a drift of the box falls on both alike. A rung passes for a
 * target when most of its tries pass (each judged as a {@link MaxRateSearch} step is); a target's
 * maximum is its last rung before the first it fails, and it is not run above that. The ladder
 * ends when both have failed a rung, at {@code --max-rate}, or after {@code --max-steps} rungs.
 * One generator process runs everything, so its own JIT and connection warm-up (which a fresh
 * generator pays in its first few hundred milliseconds) is paid once, before the first rung.
 */
final class PairedLadder {

    /** Runs one step of one target at a rate; {@code versus} is false for {@code --target}. */
    @FunctionalInterface
    interface Runner {
        RunSummary run(boolean versus, double rate);
    }

    /** Both targets' outcomes, each as a search result of its own steps; numbered in the order they ran. */
    record Result(SearchResult target, SearchResult versus) {
    }

    /** A judged step and which target it measured. */
    record Step(boolean versus, SearchStep step) {
    }

    private final SearchOptions search;
    private final LadderOptions ladder;
    private final MaxRateSearch judge;

    PairedLadder(SearchOptions search, LadderOptions ladder) {
        this.search = search;
        this.ladder = ladder;
        this.judge = new MaxRateSearch(search);
    }

    Result climb(double startRate, Runner runner, Consumer<Step> onStep) {
        long bound = search.p99Bound().toNanos() / 1_000;
        Side target = new Side(false);
        Side versus = new Side(true);
        Side[] sides = {target, versus};
        int stepNumber = 0;
        double rate = Math.max(1, Math.round(Math.min(startRate, search.maxRate())));
        for (int rung = 1; rung <= search.maxSteps() && (target.climbing || versus.climbing); rung++) {
            for (Side side : sides) {
                side.startRung();
            }
            for (int attempt = 0; attempt < ladder.tries(); attempt++) {
                Side first = attempt % 2 == 0 ? target : versus;
                for (Side side : new Side[] {first, first == target ? versus : target}) {
                    if (!side.climbing || side.decided(ladder.majority())) {
                        continue;
                    }
                    RunSummary summary = runner.run(side.versus, rate);
                    String failure = judge.failure(summary, bound);
                    SearchStep step = SearchStep.of(++stepNumber, rate, failure, summary);
                    side.record(step, summary);
                    onStep.accept(new Step(side.versus, step));
                }
            }
            for (Side side : sides) {
                side.endRung(rate, ladder.majority());
            }
            if (rate >= search.maxRate()) {
                break;
            }
            rate = Math.max(1, Math.round(Math.min(rate + ladder.stepRate(), search.maxRate())));
        }
        return new Result(target.result(bound), versus.result(bound));
    }

    /** One target's climb: its steps, its rung's tally, its maximum so far. */
    private final class Side {
        final boolean versus;
        final List<SearchStep> steps = new ArrayList<>();
        boolean climbing = true;
        double maxRate;
        RunSummary best;
        int passed;
        int failed;
        RunSummary rungBest;

        Side(boolean versus) {
            this.versus = versus;
        }

        void startRung() {
            passed = 0;
            failed = 0;
            rungBest = null;
        }

        boolean decided(int majority) {
            return passed >= majority || failed >= majority;
        }

        void record(SearchStep step, RunSummary summary) {
            steps.add(step);
            if (step.passed()) {
                passed++;
                if (rungBest == null || summary.corrected().p99Micros() < rungBest.corrected().p99Micros()) {
                    rungBest = summary;
                }
            } else {
                failed++;
            }
        }

        void endRung(double rate, int majority) {
            if (!climbing) {
                return;
            }
            if (passed >= majority) {
                maxRate = rate;
                best = rungBest;
            } else {
                climbing = false;
            }
        }

        SearchResult result(long boundMicros) {
            return new SearchResult(boundMicros, search.maxErrorRatio(), maxRate, steps, best);
        }
    }
}
