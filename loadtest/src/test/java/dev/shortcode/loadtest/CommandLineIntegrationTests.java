package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole tool as a user runs it, against the bare baseline server, in-process. */
class CommandLineIntegrationTests {

    private record Result(int exitCode, String out, String err) {
    }

    private static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    @Timeout(90)
    void runsAScenarioThenAMaxRateSearchThenReportsBoth(@TempDir Path dir) throws Exception {
        try (BaselineServer server = BaselineServer.start("127.0.0.1", 0, 1)) {
            String target = "http://127.0.0.1:" + server.port();

            Result run = execute("--target", target, "--scenario", "mixed", "--links", "0", "--rate", "300",
                    "--duration", "1s", "--warmup", "500ms", "--self-warmup", "500ms",
                    "--output-dir", dir.toString(), "--name", "cli-mixed");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("achieved rate", "p99.9", "corrected", "uncorrected", "302: ");
            assertThat(run.err()).contains("warming the generator", "[", "p99"); // and the progress line
            assertThat(dir.resolve("cli-mixed.json")).exists();
            assertThat(dir.resolve("cli-mixed.html")).exists();
            assertThat(dir.resolve("cli-mixed.png")).exists();

            Result search = execute("--target", target, "--scenario", "redirect", "--links", "0", "--find-max",
                    "--p99", "200ms", "--rate", "100", "--max-rate", "400", "--max-steps", "3",
                    "--duration", "500ms", "--warmup", "200ms", "--self-warmup", "0", "--quiet", "--plot", "html",
                    "--output-dir", dir.toString());
            assertThat(search.exitCode()).as(search.err()).isZero();
            assertThat(search.out()).contains("step", "rate/s", "priming (not judged)", "max rate:");
            JsonObject searchJson = new JsonObject(Files.readString(dir.resolve("redirect-find-max.json")));
            assertThat(searchJson.getString("kind")).isEqualTo("find-max");
            assertThat(searchJson.getJsonArray("steps")).isNotEmpty().hasSizeLessThanOrEqualTo(3);
            assertThat(dir.resolve("redirect-find-max.png")).doesNotExist();

            Result report = execute("report", dir.resolve("cli-mixed.json").toString(),
                    dir.resolve("redirect-find-max.json").toString());
            assertThat(report.exitCode()).as(report.err()).isZero();
            assertThat(report.out()).contains("| cli-mixed | mixed |", "| redirect-find-max | redirect |");
        }
    }

    @Test
    @Timeout(90)
    void versus_climbsOneLadderWithTwoTargets_andWritesEachOnesSearch(@TempDir Path dir) throws Exception {
        try (BaselineServer first = BaselineServer.start("127.0.0.1", 0, 1);
             BaselineServer second = BaselineServer.start("127.0.0.1", 0, 1)) {
            Result ladder = execute("--target", "http://127.0.0.1:" + first.port(), "--find-max",
                    "--versus", "http://127.0.0.1:" + second.port(), "--links", "0",
                    "--p99", "500ms", "--rate", "100", "--ladder-step", "100", "--max-rate", "200", "--tries", "1",
                    "--duration", "500ms", "--warmup", "200ms", "--self-warmup", "0", "--quiet", "--plot", "none",
                    "--output-dir", dir.toString(), "--name", "pair");
            assertThat(ladder.exitCode()).as(ladder.err()).isZero();
            assertThat(ladder.out()).containsPattern("(?m)^target +- +100 .*priming").containsPattern("(?m)^versus +- +100 .*priming")
                    .containsPattern("(?m)^versus +4 +200 .*pass$")
                    .contains("target max rate: 200 req/s", "versus max rate: 200 req/s", "versus / target: 200 / 200 req/s = 100.0%");
            for (String name : new String[] {"pair", "pair-versus"}) {
                JsonObject json = new JsonObject(Files.readString(dir.resolve(name + ".json")));
                assertThat(json.getString("kind")).isEqualTo("find-max");
                assertThat(json.getDouble("maxRate")).isEqualTo(200.0);
                assertThat(json.getJsonArray("steps")).hasSize(2);
            }
            assertThat(new JsonObject(Files.readString(dir.resolve("pair-versus.json"))).getString("target"))
                    .isEqualTo("http://127.0.0.1:" + second.port());
        }
    }

    @Test
    @Timeout(30)
    void aTargetThatRefusesConnectionsIsCountedNotCrashedOn(@TempDir Path dir) throws Exception {
        // A port that was free a moment ago: nothing listens there.
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Result run = execute("--target", "http://127.0.0.1:" + port, "--scenario", "create", "--rate", "50",
                "--duration", "500ms", "--warmup", "0s", "--self-warmup", "0", "--timeout", "1s", "--quiet",
                "--plot", "none",
                "--output-dir", dir.toString(), "--name", "refused");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("errors                     25  (connect-error: 25)");
        assertThat(dir.resolve("refused.json")).exists();
    }
}
