package dev.shortcode.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk run of 100,000 lines killed half way (the CLI in a child JVM, SIGKILL) and run again:
 * every line ends with one link, the lines the first run answered keep their links, and the
 * service issued exactly one code per line over both runs.
 */
class BulkResumeIntegrationTests {

    private static final int LINES = 100_000;

    @TempDir
    Path dir;

    @Test
    void aRunKilledHalfWayAndRunAgainMakesOneLinkPerLine(@TempDir Path data) throws Exception {
        Path file = dir.resolve("links.ndjson");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= LINES; i++) {
                out.write("{\"url\":\"https://example.com/resume/" + i + "\"}\n");
            }
        }
        Path first = dir.resolve("first.csv");
        Path second = dir.resolve("second.csv");
        try (ServiceUnderTest service = ServiceUnderTest.start(data)) {
            long issuedBefore = service.codesIssued();

            Process killed = startCli(service, file, first);
            try {
                awaitRows(killed, first, LINES / 2);
            } finally {
                killed.destroyForcibly();
                killed.waitFor(30, TimeUnit.SECONDS);
            }
            List<String[]> before = completeRows(first);
            assertThat(before.size()).as("rows the killed run wrote").isBetween(LINES / 2, LINES - 1);

            Cli.Run again = new Cli(service.baseUrl(), ServiceUnderTest.ADMIN_KEY)
                    .run("bulk", file.toString(), "--output", second.toString());

            assertThat(again.exitCode()).as(again.toString()).isZero();
            List<String[]> after = completeRows(second);
            assertThat(after).hasSize(LINES);
            Set<String> codes = new HashSet<>();
            for (int i = 0; i < LINES; i++) {
                String[] row = after.get(i);
                assertThat(row[0]).isEqualTo(Integer.toString(i + 1));
                assertThat(row[1]).as("line %s", row[0]).isEqualTo("201");
                assertThat(row[5]).isEqualTo("https://example.com/resume/" + (i + 1));
                codes.add(row[3]);
            }
            assertThat(codes).as("one code per line").hasSize(LINES);
            for (String[] row : before) { // a line answered before the kill answers the same link again
                assertThat(after.get(Integer.parseInt(row[0]) - 1)[3]).as("line %s", row[0]).isEqualTo(row[3]);
            }
            assertThat(service.codesIssued() - issuedBefore).as("codes issued over both runs").isEqualTo(LINES);
        }
    }

    /** The shaded CLI in a JVM of its own, as a user runs it; its output goes to a file next to the results. */
    private Process startCli(ServiceUnderTest service, Path file, Path output) throws IOException {
        Path jar = Path.of(System.getProperty("cli.jar", "target/shortcode-cli.jar"));
        assertThat(jar).as("the shaded CLI (package builds it)").exists();
        List<String> command = new ArrayList<>(List.of(ServiceUnderTest.java()));
        command.addAll(ServiceUnderTest.CHILD_JVM_OPTIONS);
        command.addAll(List.of("-jar", jar.toString(), "bulk", file.toString(), "--output", output.toString(),
                "--url", service.baseUrl(), "--api-key", ServiceUnderTest.ADMIN_KEY, "--progress-interval", "1"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("cli.log").toFile()).start();
    }

    /** Waits until the results file has {@code rows} complete rows; fails if the run ends first. */
    private void awaitRows(Process cli, Path output, int rows) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(output) && completeRows(output).size() >= rows) {
                return;
            }
            if (!cli.isAlive()) {
                throw new AssertionError("the CLI ended (exit " + cli.exitValue() + ") before " + rows + " rows:\n"
                        + Files.readString(dir.resolve("cli.log")));
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no " + rows + " rows within 2 minutes:\n" + Files.readString(dir.resolve("cli.log")));
    }

    /** The rows of a results CSV that end with a line break (a killed run may leave half a row), header left out. */
    private static List<String[]> completeRows(Path csv) throws IOException {
        String text = Files.readString(csv, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('\n');
        List<String[]> rows = new ArrayList<>();
        if (end < 0) {
            return rows;
        }
        String[] lines = text.substring(0, end).split("\n");
        for (int i = 1; i < lines.length; i++) {
            rows.add(lines[i].split(",", -1)); // no field of these rows is quoted
        }
        return rows;
    }
}
