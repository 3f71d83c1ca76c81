package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's walk through the API, pasted into {@code bash -euo pipefail} as a newcomer would paste
 * it: against a freshly started packaged service on embedded storage, from a directory whose
 * {@code data/} is the service's data directory (as beside README's first command), with only
 * the walk's {@code BASE} pointed at the service's port. It must run to its end and print every
 * line it claims to.
 */
class ReadmeWalkIntegrationTests {

    /** Seconds a newcomer's walk takes is a few; this bounds a hung request, not a slow machine. */
    private static final Duration WALK_TIMEOUT = Duration.ofMinutes(3);
    private static final Path LOGS = Path.of("target/service-logs");

    @TempDir
    Path workDir;

    @Test
    void readmeWalk_pastedIntoBash_printsWhatTheReadmeClaims() throws Exception {
        ReadmeWalk walk = ReadmeWalk.read(ReadmeWalk.README);
        assertThat(walk.claims()).as("the walk's claimed outputs").contains(
                "201", "302 https://example.com/spring-sale", "302 https://example.com/summer-sale", "200 image/png", "204");
        assertThat(run(workDir, "command -v curl && command -v jq").exit)
                .as("the walk needs curl and jq on the PATH (.ci/run installs them)").isZero();

        try (ServiceProcess service = ServiceProcess.start(Map.of("SHORTCODE_DATA_DIR", workDir.resolve("data").toString()), LOGS)
                .awaitReady()) {
            Result result = run(workDir, walk.scriptFor(service.baseUrl()));

            String report = "walk output:\n" + result.stdout + "\nwalk errors:\n" + result.stderr + "\nservice log:\n" + service.logText();
            assertThat(result.exit).as("exit status of the walk; " + report).isZero();
            assertThat(walk.firstUnanswered(result.stdout.lines().toList())).as("a claimed line the walk did not print; " + report)
                    .isEmpty();

            byte[] qr = Files.readAllBytes(workDir.resolve("qr.png"));
            assertThat(qr).as("qr.png is a PNG").startsWith(0x89, 'P', 'N', 'G');
            String code = new ObjectMapper().readTree(workDir.resolve("link.json").toFile()).get("code").asText();
            HttpResponse<String> afterDelete = service.send("GET", "/" + code, null, null);
            assertThat(afterDelete.statusCode()).as("the walk's link after its delete").isEqualTo(404);
        }
    }

    private record Result(int exit, String stdout, String stderr) {}

    /** Runs {@code script} with {@code bash -euo pipefail} in {@code dir}: its exit status and what it printed. */
    private static Result run(Path dir, String script) throws Exception {
        Path file = Files.createTempFile(dir, "walk-", ".sh");
        Files.writeString(file, script, StandardCharsets.UTF_8);
        Path out = dir.resolve(file.getFileName() + ".out");
        Path err = dir.resolve(file.getFileName() + ".err");
        Process bash = new ProcessBuilder(List.of("bash", "-euo", "pipefail", file.toString()))
                .directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!bash.waitFor(WALK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            bash.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("the walk did not end within " + WALK_TIMEOUT + "; it printed:\n" + Files.readString(out)
                    + "\n" + Files.readString(err));
        }
        return new Result(bash.exitValue(), Files.readString(out), Files.readString(err));
    }
}
