package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MaxRateSearchUnitTests {

    /** A fake service: p99 grows with the rate and crosses 10 ms at {@code capacity}. */
    private static RunSummary fakeRun(double rate, double capacity) {
        long p99Micros = (long) Math.min(1e9, 10_000 * rate / capacity);
        // The summary's histogram is uniform up to max, so p99 ~ 0.99 max.
        return Summaries.summary(rate, rate, (long) (p99Micros / 0.99), Map.of());
    }

    private static SearchOptions options(int maxSteps, double maxRate) {
        return new SearchOptions(Duration.ofMillis(10), 0.001, maxSteps, maxRate);
    }

    @Test
    void doublesThenBisectsToWithinFivePercent() {
        List<Double> asked = new ArrayList<>();
        List<SearchStep> printed = new ArrayList<>();
        SearchResult result = new MaxRateSearch(options(20, 1_000_000)).search(100,
                rate -> {
                    asked.add(rate);
                    return fakeRun(rate, 3000);
                }, printed::add);

        assertThat(asked.subList(0, 6)).containsExactly(100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0);
        assertThat(printed).hasSameSizeAs(asked);
        assertThat(result.maxRate()).isBetween(3000 * 0.95, 3000.0);
        assertThat(result.best().requestedRate()).isEqualTo(result.maxRate());
        assertThat(result.steps()).allSatisfy(s -> assertThat(s.passed()).isEqualTo(s.rate() <= result.maxRate()));
    }

    @Test
    void retries_aFailureThatDoesNotRepeat_doesNotDecideTheRate() {
        List<Double> asked = new ArrayList<>();
        List<SearchStep> printed = new ArrayList<>();
        SearchOptions retrying = new SearchOptions(Duration.ofMillis(10), 0.001, 20, 1_000_000, 1);
        // Capacity 3000, but the first run at 800/s hits a hiccup.
        SearchResult result = new MaxRateSearch(retrying).search(100, rate -> {
            asked.add(rate);
            boolean hiccup = rate == 800 && asked.stream().filter(r -> r == 800).count() == 1;
            return hiccup ? fakeRun(rate, 100) : fakeRun(rate, 3000);
        }, printed::add);

        assertThat(asked.subList(0, 6)).containsExactly(100.0, 200.0, 400.0, 800.0, 800.0, 1600.0);
        assertThat(printed).extracting(SearchStep::passed).startsWith(true, true, true, false, true);
        assertThat(result.maxRate()).isBetween(3000 * 0.95, 3000.0);
        // A rate that fails every time still fails: the run above 3000/s was retried once, then judged.
        assertThat(asked.stream().filter(r -> r == 3200.0).count()).isEqualTo(2);
    }

    @Test
    void withoutRetries_oneHiccupDecidesTheRate() {
        List<Double> asked = new ArrayList<>();
        SearchResult result = new MaxRateSearch(options(20, 1_000_000)).search(100, rate -> {
            asked.add(rate);
            boolean hiccup = rate == 800 && asked.stream().filter(r -> r == 800).count() == 1;
            return hiccup ? fakeRun(rate, 100) : fakeRun(rate, 3000);
        }, s -> { });

        assertThat(result.maxRate()).isLessThan(800);
    }

    @Test
    void stopsAfterMaxSteps() {
        List<Double> asked = new ArrayList<>();
        SearchResult result = new MaxRateSearch(options(3, 1_000_000)).search(100,
                rate -> {
                    asked.add(rate);
                    return fakeRun(rate, 1e9);
                }, s -> { });
        assertThat(asked).containsExactly(100.0, 200.0, 400.0);
        assertThat(result.maxRate()).isEqualTo(400);
    }

    @Test
    void neverExceedsTheRateCap() {
        List<Double> asked = new ArrayList<>();
        SearchResult result = new MaxRateSearch(options(20, 500)).search(100,
                rate -> {
                    asked.add(rate);
                    return fakeRun(rate, 1e9);
                }, s -> { });
        assertThat(asked).containsExactly(100.0, 200.0, 400.0, 500.0);
        assertThat(result.maxRate()).isEqualTo(500);
    }

    @Test
    void goesDownWhenTheFirstStepFailsAndReportsNoneIfNothingPasses() {
        SearchResult down = new MaxRateSearch(options(20, 1_000_000)).search(1000, rate -> fakeRun(rate, 130), s -> { });
        assertThat(down.maxRate()).isBetween(130 * 0.95, 130.0);

        SearchResult none = new MaxRateSearch(options(4, 1_000_000)).search(1000, rate -> fakeRun(rate, 0.001), s -> { });
        assertThat(none.maxRate()).isZero();
        assertThat(none.best()).isNull();
        assertThat(none.steps()).hasSize(4);
    }

    @Test
    void errorsAndShortfallFailAStepEvenWhenFast() {
        MaxRateSearch search = new MaxRateSearch(options(5, 1000));
        assertThat(search.failure(Summaries.summary(100, 100, 1000, Map.of()), 10_000)).isNull();
        assertThat(search.failure(Summaries.summary(100, 100, 1000, Map.of("500", 50L)), 10_000)).startsWith("errors");
        assertThat(search.failure(Summaries.summary(100, 80, 1000, Map.of()), 10_000)).startsWith("achieved");
        assertThat(search.failure(Summaries.summary(100, 100, 50_000, Map.of()), 10_000)).startsWith("p99");
    }
}
