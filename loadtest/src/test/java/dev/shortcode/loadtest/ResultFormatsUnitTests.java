package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ResultFormatsUnitTests {

    private final RunSummary summary = Summaries.summary(1000, 998.7, 20_000, Map.of("500", 3L, "timeout", 2L));

    @Test
    void runJsonRoundTrips() {
        JsonObject json = new JsonObject(ResultJson.run(summary).encodePrettily());
        RunSummary back = ResultJson.readRun(json);
        assertThat(back).isEqualTo(summary);
        assertThat(json.getJsonObject("latencyMs").getJsonObject("corrected").getDouble("p99.9"))
                .isEqualTo(LatencyPercentiles.millis(summary.corrected().p999Micros()));
        assertThat(json.getJsonObject("errors").getLong("total")).isEqualTo(5);
    }

    @Test
    void searchJsonRoundTrips() {
        SearchResult result = new MaxRateSearch(new SearchOptions(Duration.ofMillis(10), 0.01, 3, 10_000))
                .search(100, rate -> Summaries.summary(rate, rate, rate > 150 ? 50_000 : 1_000, Map.of()), s -> { });
        JsonObject json = ResultJson.findMax(result, "redirect", "http://127.0.0.1:1");
        SearchResult back = ResultJson.readFindMax(new JsonObject(json.encode()));
        assertThat(back).isEqualTo(result);
        assertThat(ResultTable.searchVerdict(back)).startsWith("max rate: ");
    }

    @Test
    void searchJsonRoundTrips_withoutServerCpu_andReadsStepsWrittenBeforeTheLagAndCpuFields() {
        SearchResult result = new MaxRateSearch(new SearchOptions(Duration.ofMillis(10), 0.01, 3, 10_000))
                .search(100, rate -> withoutServerCpu(Summaries.summary(rate, rate, rate > 150 ? 50_000 : 1_000, Map.of())), s -> { });
        JsonObject json = ResultJson.findMax(result, "redirect", "http://127.0.0.1:1");
        assertThat(json.getJsonArray("steps").getJsonObject(0).getValue("serverCpuMicrosPerRequest")).isNull();
        assertThat(ResultJson.readFindMax(new JsonObject(json.encode()))).isEqualTo(result);

        json.getJsonArray("steps").forEach(step -> {
            ((JsonObject) step).remove("schedulerLagP99Ms");
            ((JsonObject) step).remove("serverCpuMicrosPerRequest");
        });
        SearchStep older = ResultJson.readFindMax(new JsonObject(json.encode())).steps().get(0);
        assertThat(older.schedulerLagP99Micros()).isZero();
        assertThat(older.serverCpuMicros()).isNaN();
        assertThat(older.p99Micros()).isEqualTo(result.steps().get(0).p99Micros());
    }

    private static RunSummary withoutServerCpu(RunSummary s) {
        return new RunSummary(s.name(), s.scenario(), s.target(), s.startedAt(), s.connections(), s.requestedRate(),
                s.warmupSeconds(), s.durationSeconds(), s.scheduled(), s.sent(), s.answered(), s.achievedRate(), s.statuses(),
                s.errors(), s.corrected(), s.uncorrected(), s.schedulerLag(), s.correctedHistogram(), s.uncorrectedHistogram(), null);
    }

    @Test
    void aStepLineShowsTheGeneratorsLagAndTheServersCpu_orADashWithoutIt() {
        SearchStep measured = SearchStep.of(7, 1000, null, summary);
        assertThat(ResultTable.stepLine(measured)).matches(" +7 +1000 +998\\.7 .* 0\\.040 +1500\\.0  pass");
        RunSummary unmeasured = withoutServerCpu(summary);
        assertThat(ResultTable.stepLine(SearchStep.of(8, 1000, "p99 too high", unmeasured))).endsWith(" -  FAIL: p99 too high");
        assertThat(ResultTable.stepHeader()).contains("lag p99", "cpu us");
    }

    @Test
    void tableShowsRatesErrorsStatusesAndBothLatencyViews() {
        String table = ResultTable.render(summary);
        assertThat(table).contains("requested rate", "1000.0 req/s", "998.7 req/s", "(500: 3, timeout: 2)",
                "302: 997, 500: 3", "p99.9", "corrected", "uncorrected");
        assertThat(table.lines().filter(l -> l.startsWith("  corrected ")).findFirst().orElseThrow())
                .contains(" 20.0"); // max of uniform 1..20000 us, in ms (3 significant digits)
        assertThat(table).contains("server CPU 1500.0 us/request (0.75 cores busy on average, pid 4242)");
    }

    @Test
    void markdownHasOneRowPerRun() {
        String md = MarkdownReport.runs(List.of(summary, summary));
        assertThat(md.lines()).hasSize(4);
        assertThat(md).contains("| unit | redirect | 16 | 1000.0 | 998.7 | 5 (500: 3, timeout: 2) |");
        assertThat(md.lines().skip(2)).allMatch(row -> row.endsWith("| 1500.0 |"), "server CPU µs/req closes each row");
    }

    @Test
    void failureKindsAreClassifiedByWhereTheyHappened() {
        assertThat(FailureKind.classify(new java.net.ConnectException("refused"), false))
                .isEqualTo(FailureKind.CONNECT_ERROR);
        assertThat(FailureKind.classify(new java.util.concurrent.TimeoutException("x"), false))
                .isEqualTo(FailureKind.POOL_TIMEOUT);
        assertThat(FailureKind.classify(new RuntimeException("The timeout period of 1000ms has been exceeded"), true))
                .isEqualTo(FailureKind.TIMEOUT);
        assertThat(FailureKind.classify(new RuntimeException("Connection was closed"), true))
                .isEqualTo(FailureKind.IO_ERROR);
    }
}
