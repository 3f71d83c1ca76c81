package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 in the middle of writing: a child JVM ({@link AcknowledgingWriterMain}) writes to the
 * embedded storage and prints each acknowledgement; the test kills it with SIGKILL once it has
 * seen enough of them, twice (the second child opens what the first left behind), then reopens
 * the database and checks that every acknowledged write is there.
 *
 * <p>A SIGKILL tests the process crash, not a power loss: the synced WAL is what the latter needs,
 * and no test here can pull the plug.
 */
class EmbeddedCrashIntegrationTests {

    /** Acknowledged creates to wait for before the kill; WAL syncs take 0.3-3 ms on a busy shared disk. */
    private static final int ACKS_BEFORE_KILL = 400;

    @TempDir
    Path dir;

    @Test
    void sigkillMidRun_twice_losesNoAcknowledgedWrite() throws Exception {
        List<String> acks = new ArrayList<>();
        acks.addAll(runAndKill("a", ACKS_BEFORE_KILL));
        acks.addAll(runAndKill("b", ACKS_BEFORE_KILL));

        Set<String> created = new LinkedHashSet<>();
        Set<String> updated = new HashSet<>();
        Set<String> deleted = new HashSet<>();
        long highestWatermark = -1;
        long counted = 0;
        for (String ack : acks) {
            String[] f = ack.split(" ");
            switch (f[0]) {
                case "C" -> created.add(f[1]);
                case "U" -> updated.add(f[1]);
                case "D" -> deleted.add(f[1]);
                case "W" -> highestWatermark = Math.max(highestWatermark, Long.parseLong(f[1]));
                case "N" -> counted++;
                default -> throw new AssertionError("unexpected line from the child: " + ack);
            }
        }
        assertThat(created).hasSizeGreaterThanOrEqualTo(2 * ACKS_BEFORE_KILL);
        assertThat(created).as("links created by createAll groups").anyMatch(code -> code.contains("g"));
        assertThat(updated).isNotEmpty();
        assertThat(deleted).isNotEmpty();

        try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedHotStore hot = new EmbeddedHotStore(storage, Clock.systemUTC());
            EmbeddedArchive archive = new EmbeddedArchive(storage);
            List<String> missing = new ArrayList<>();
            for (String code : created) {
                Optional<LinkRecord> link = hot.get(code).toCompletableFuture().join();
                Optional<LinkRecord> archived = archive.get(code).toCompletableFuture().join();
                if (deleted.contains(code)) {
                    if (link.isPresent() || archived.isPresent()) {
                        missing.add(code + " deleted but still there");
                    }
                } else if (link.isEmpty() || archived.isEmpty()) {
                    missing.add(code + " lost (hot " + link.isPresent() + ", archive " + archived.isPresent() + ")");
                } else if (updated.contains(code) && link.get().version() != 2) {
                    missing.add(code + " lost its update: " + link.get());
                } else if (!link.get().url().equals(AcknowledgingWriterMain.url(code, link.get().version()))
                        || !link.get().equals(archived.get())) {
                    missing.add(code + " corrupt: " + link.get() + " / " + archived.get());
                }
            }
            assertThat(missing).isEmpty();

            assertThat(new RocksDbWatermarkStore(storage).read(5).orElseThrow()).isGreaterThanOrEqualTo(new Watermark(0, highestWatermark));
            long stored = archive.issuedPerDay("short", AcknowledgingWriterMain.DAY, AcknowledgingWriterMain.DAY)
                    .toCompletableFuture().join().getOrDefault(AcknowledgingWriterMain.DAY, 0L);
            // Each child may have written one count it was killed before acknowledging.
            assertThat(stored).isBetween(counted, counted + 2);
        }
    }

    /** Starts a writer, kills it (SIGKILL) after {@code createsBeforeKill} acknowledged creates, returns every acknowledgement it printed. */
    private List<String> runAndKill(String prefix, int createsBeforeKill) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path stderr = dir.resolve("writer-" + prefix + ".err");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(ChildJvm.OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                AcknowledgingWriterMain.class.getName(), dir.toString(), prefix, "1000000"));
        Process child = new ProcessBuilder(command)
                .redirectError(stderr.toFile())
                .start();
        try {
            InputStream out = child.getInputStream();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int creates = 0;
            while (creates < createsBeforeKill) {
                int n = out.read(buffer);
                if (n < 0 || System.nanoTime() > deadline) {
                    throw new AssertionError("the writer stopped or stalled after " + creates + " creates; stderr:\n"
                            + Files.readString(stderr));
                }
                received.write(buffer, 0, n);
                creates += count(buffer, n, "C ");
            }
            // SIGKILL: no shutdown hook, no close. Through the handle, because Process.destroyForcibly()
            // also closes our end of the pipe, and the acknowledgements still in it count.
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as("killed, not finished").isEqualTo(137);
            out.transferTo(received); // acknowledgements printed before the kill and still in the pipe
            return completeLines(received.toString(StandardCharsets.UTF_8));
        } finally {
            child.destroyForcibly();
        }
    }

    /** Lines ended by a newline; a line cut by the kill was never fully acknowledged. */
    private static List<String> completeLines(String text) {
        int end = text.lastIndexOf('\n');
        List<String> lines = new ArrayList<>(Arrays.asList(text.substring(0, end).split("\n")));
        assertThat(lines.remove(0)).isEqualTo("READY");
        assertThat(lines).doesNotContain("DONE");
        return lines;
    }

    private static int count(byte[] buffer, int length, String token) {
        // Line starts only: a "C " at the start of the buffer or after a newline. Lines split across
        // reads may be missed here; that only delays the kill slightly.
        int found = 0;
        for (int i = 0; i + 1 < length; i++) {
            if ((i == 0 || buffer[i - 1] == '\n') && buffer[i] == token.charAt(0) && buffer[i + 1] == token.charAt(1)) {
                found++;
            }
        }
        return found;
    }
}
