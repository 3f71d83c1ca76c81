package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class ResultJsonIntegrationTests {

    @Test
    @Timeout(60)
    void theJsonResultParsesAndCarriesEveryFigureOfTheTable(@TempDir Path dir) throws Exception {
        RunSummary summary;
        try (ScriptedServer server = ScriptedServer.start((n, request, body) ->
                ScriptedServer.Reply.of(n % 20 == 0 ? 500 : n % 50 == 1 ? 404 : 302))) {
            summary = TestLoads.run(TestLoads.load(server.url(), Scenario.REDIRECT, 300,
                    Duration.ofMillis(500), Duration.ofMillis(1500)), "json-check",
                    ProcessCpuClock.of(ProcessHandle.current().pid())); // the scripted server runs in this JVM
        }
        assertThat(summary.serverCpu()).isNotNull();
        assertThat(summary.serverCpu().answered()).isEqualTo(summary.answered());
        assertThat(summary.serverCpu().cpuSeconds()).isPositive();
        assertThat(summary.serverCpu().wallSeconds()).isBetween(1.4, 10.0);
        OutputOptions output = new OutputOptions(dir, "json-check", PlotFormat.BOTH, false);
        List<Path> written = new ResultFiles(output, new PrintWriter(new StringWriter())).writeRun(summary);
        assertThat(written).containsExactly(dir.resolve("json-check.json"), dir.resolve("json-check.html"),
                dir.resolve("json-check.png"));

        JsonObject json = new JsonObject(Files.readString(dir.resolve("json-check.json")));
        String table = ResultTable.render(summary);

        // Every figure of the table is in the JSON, under a plain name, with the value the table shows.
        assertThat(json.getString("scenario")).isEqualTo("redirect");
        assertThat(json.getDouble("requestedRate")).isEqualTo(300.0);
        assertThat(table).contains(String.format(Locale.ROOT, "server CPU %.1f us/request",
                json.getJsonObject("serverCpu").getDouble("microsPerRequest")));
        assertThat(table).contains(String.format(Locale.ROOT, "%.1f req/s", json.getDouble("achievedRate")));
        assertThat(json.getLong("scheduled")).isEqualTo(450);
        assertThat(table).contains(json.getLong("scheduled") + " scheduled, " + json.getLong("sent") + " sent, "
                + json.getLong("answered") + " answered");
        JsonObject errors = json.getJsonObject("errors");
        assertThat(errors.getLong("total")).isEqualTo(summary.errorTotal()).isPositive();
        // 404 and 500 from the server; on a badly overloaded machine possibly a pool-timeout too.
        assertThat(errors.getJsonObject("byKind").fieldNames()).contains("404", "500")
                .isSubsetOf("404", "500", "pool-timeout", "timeout");
        for (String kind : errors.getJsonObject("byKind").fieldNames()) {
            assertThat(table).contains(kind + ": " + errors.getJsonObject("byKind").getLong(kind));
        }
        for (String status : json.getJsonObject("statuses").fieldNames()) {
            assertThat(table).contains(status + ": " + json.getJsonObject("statuses").getLong(status));
        }
        for (String view : List.of("corrected", "uncorrected")) {
            JsonObject latency = json.getJsonObject("latencyMs").getJsonObject(view);
            String row = String.format(Locale.ROOT, "%.3f %10.3f %10.3f %10.3f %10.3f",
                    latency.getDouble("p50"), latency.getDouble("p90"), latency.getDouble("p99"),
                    latency.getDouble("p99.9"), latency.getDouble("max"));
            assertThat(table).containsPattern("(?m)^  " + view + " +" + java.util.regex.Pattern.quote(row) + "$");
        }

        // And reading it back gives the same result: same table, same histograms.
        RunSummary parsed = ResultJson.readRun(json);
        assertThat(parsed).isEqualTo(summary);
        assertThat(ResultTable.render(parsed)).isEqualTo(table);

        String html = Files.readString(dir.resolve("json-check.html"));
        assertThat(html).contains("<svg", "<polyline").doesNotContain("<script", "http-equiv");
        BufferedImage png = ImageIO.read(dir.resolve("json-check.png").toFile());
        assertThat(png.getWidth()).isEqualTo(PercentilePlot.WIDTH);
    }
}
