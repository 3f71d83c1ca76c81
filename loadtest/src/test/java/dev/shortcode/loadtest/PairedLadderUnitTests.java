package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PairedLadderUnitTests {

    /** A fake service whose p99 crosses 10 ms at {@code capacity} requests/s. */
    private static RunSummary fakeRun(double rate, double capacity) {
        long p99Micros = (long) Math.min(1e9, 10_000 * rate / capacity);
        return Summaries.summary(rate, rate, (long) (p99Micros / 0.99), Map.of());
    }

    private static PairedLadder ladder(int maxSteps, double maxRate, double stepRate, int tries) {
        return new PairedLadder(new SearchOptions(Duration.ofMillis(10), 0.001, maxSteps, maxRate), new LadderOptions(stepRate, tries));
    }

    private record Asked(boolean versus, double rate) {
    }

    @Test
    void eachTargetClimbsUntilItsFirstFailingRung_andTheOtherGoesOnAlone() {
        List<Asked> asked = new ArrayList<>();
        List<PairedLadder.Step> printed = new ArrayList<>();
        PairedLadder.Result result = ladder(20, 1_000_000, 1000, 3).climb(1000, (versus, rate) -> {
            asked.add(new Asked(versus, rate));
            return fakeRun(rate, versus ? 2500 : 4200);
        }, printed::add);

        assertThat(result.target().maxRate()).isEqualTo(4000);
        assertThat(result.versus().maxRate()).isEqualTo(2000);
        // Two passes (or two failures) of three decide a rung: the third try is not run.
        assertThat(asked.subList(0, 4)).containsExactly(new Asked(false, 1000), new Asked(true, 1000),
                new Asked(true, 1000), new Asked(false, 1000));
        assertThat(asked).filteredOn(a -> a.versus).extracting(Asked::rate).containsExactly(1000.0, 1000.0, 2000.0, 2000.0, 3000.0, 3000.0);
        assertThat(asked).filteredOn(a -> !a.versus).extracting(Asked::rate).containsExactly(
                1000.0, 1000.0, 2000.0, 2000.0, 3000.0, 3000.0, 4000.0, 4000.0, 5000.0, 5000.0);
        assertThat(printed).hasSameSizeAs(asked);
        assertThat(printed).extracting(p -> p.step().step()).isSorted().doesNotHaveDuplicates();
        assertThat(result.target().best().requestedRate()).isEqualTo(4000);
        assertThat(result.versus().best().requestedRate()).isEqualTo(2000);
        assertThat(result.target().steps()).allSatisfy(s -> assertThat(s.passed()).isEqualTo(s.rate() <= 4000));
    }

    @Test
    void oneFailedTryOfThree_doesNotEndTheClimb_butAMajorityDoes() {
        List<Asked> asked = new ArrayList<>();
        PairedLadder.Result result = ladder(20, 1_000_000, 1000, 3).climb(1000, (versus, rate) -> {
            asked.add(new Asked(versus, rate));
            long triesHere = asked.stream().filter(a -> a.versus == versus && a.rate == rate).count();
            boolean hiccup = rate == 2000 && triesHere == 1; // each target's first try at 2000/s hits the box
            return hiccup ? fakeRun(rate, 100) : fakeRun(rate, 3500);
        }, s -> { });

        assertThat(result.target().maxRate()).isEqualTo(3000);
        assertThat(result.versus().maxRate()).isEqualTo(3000);
        assertThat(asked.stream().filter(a -> a.rate == 2000).count()).isEqualTo(6); // fail, pass, pass for each
        assertThat(result.target().steps()).filteredOn(s -> s.rate() == 2000).extracting(SearchStep::passed)
                .containsExactly(false, true, true);
    }

    @Test
    void theTargetThatGoesFirstSwapsEveryTry() {
        List<Asked> asked = new ArrayList<>();
        // Each target alternates pass and fail, so every rung takes all three tries.
        ladder(1, 1_000_000, 1000, 3).climb(1000, (versus, rate) -> {
            asked.add(new Asked(versus, rate));
            long n = asked.stream().filter(a -> a.versus == versus).count();
            return fakeRun(rate, n % 2 == 1 ? 1e9 : 1);
        }, s -> { });

        assertThat(asked).extracting(Asked::versus).containsExactly(false, true, true, false, false, true);
    }

    @Test
    void endsAtTheMaxRate_andAfterMaxStepsRungs() {
        List<Asked> asked = new ArrayList<>();
        PairedLadder.Result capped = ladder(20, 2500, 1000, 1).climb(1000, (versus, rate) -> {
            asked.add(new Asked(versus, rate));
            return fakeRun(rate, 1e9);
        }, s -> { });
        assertThat(asked).extracting(Asked::rate).containsExactly(1000.0, 1000.0, 2000.0, 2000.0, 2500.0, 2500.0);
        assertThat(capped.target().maxRate()).isEqualTo(2500);

        asked.clear();
        PairedLadder.Result bounded = ladder(2, 1_000_000, 500, 1).climb(1000, (versus, rate) -> {
            asked.add(new Asked(versus, rate));
            return fakeRun(rate, 1e9);
        }, s -> { });
        assertThat(asked).extracting(Asked::rate).containsExactly(1000.0, 1000.0, 1500.0, 1500.0);
        assertThat(bounded.versus().maxRate()).isEqualTo(1500);
    }

    @Test
    void aTargetFailingItsFirstRung_hasNoMaximum() {
        PairedLadder.Result result = ladder(20, 1_000_000, 1000, 1).climb(1000,
                (versus, rate) -> fakeRun(rate, versus ? 500 : 1500), s -> { });

        assertThat(result.versus().maxRate()).isZero();
        assertThat(result.versus().best()).isNull();
        assertThat(result.target().maxRate()).isEqualTo(1000);
        assertThat(ResultTable.ladderRatio(result)).isEqualTo("versus / target: 0 / 1000 req/s = 0.0%");
    }

    @Test
    void options_refuseAnEvenOrOutOfRangeNumberOfTries_andANonPositiveStep() {
        assertThatThrownBy(() -> new LadderOptions(1000, 2)).hasMessageContaining("--tries must be odd");
        assertThatThrownBy(() -> new LadderOptions(1000, 11)).hasMessageContaining("--tries");
        assertThatThrownBy(() -> new LadderOptions(0, 3)).hasMessageContaining("--ladder-step");
        assertThat(new LadderOptions(1000, 5).majority()).isEqualTo(3);
    }
}
