package dev.shortcode.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.client.Link;
import dev.shortcode.client.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How bulk tells its inputs apart and writes its results. */
class BulkFilesUnitTests {

    @TempDir
    Path dir;

    @Test
    void theFormatByExtensionElseByTheFirstCharacter() throws IOException {
        assertThat(BulkCommand.detect(dir.resolve("a.csv"))).isEqualTo(BulkCommand.Format.csv);
        assertThat(BulkCommand.detect(dir.resolve("a.ndjson"))).isEqualTo(BulkCommand.Format.ndjson);
        assertThat(BulkCommand.detect(dir.resolve("a.JSONL"))).isEqualTo(BulkCommand.Format.ndjson);
        Path json = Files.writeString(dir.resolve("links.txt"), "\n  {\"url\":\"https://e.com\"}\n");
        Path csv = Files.writeString(dir.resolve("links.dat"), "url\nhttps://e.com\n");
        assertThat(BulkCommand.detect(json)).isEqualTo(BulkCommand.Format.ndjson);
        assertThat(BulkCommand.detect(csv)).isEqualTo(BulkCommand.Format.csv);
    }

    @Test
    void csvResultsQuoteWhatNeedsIt() throws IOException {
        Path out = dir.resolve("results.csv");
        try (ResultWriter writer = ResultWriter.open(out)) {
            writer.write(1, 201, "r:1", new Link("abcde", "https://s.test/abcde", "https://e.com/?a=1,2", null, null, null, null, null), null);
            writer.write(2, 400, "r:2", null, new Problem("https://shortcode.dev/problems/invalid-url", "Invalid request", 400, "url \"x\" is not absolute"));
        }

        assertThat(Files.readAllLines(out)).containsExactly(
                ResultWriter.CSV_HEADER,
                "1,201,r:1,abcde,https://s.test/abcde,\"https://e.com/?a=1,2\",",
                "2,400,r:2,,,,\"invalid-url: url \"\"x\"\" is not absolute\"");
    }

    @Test
    void ndjsonResultsForNdjsonNames() throws IOException {
        Path out = dir.resolve("results.ndjson");
        try (ResultWriter writer = ResultWriter.open(out)) {
            writer.write(3, 0, null, null, new Problem("urn:shortcode-cli:expired", "Not sent", 0, "line 3 expired"));
        }

        assertThat(Files.readString(out)).isEqualTo("{\"line\":3,\"status\":0,\"problem\":{\"type\":\"urn:shortcode-cli:expired\","
                + "\"title\":\"Not sent\",\"status\":0,\"detail\":\"line 3 expired\"}}\n");
    }

    @Test
    void progressSaysDoneRateAndTimeLeft() {
        Progress progress = new Progress(new java.io.PrintWriter(java.io.Writer.nullWriter()), false, 5, 100_000);

        assertThat(progress.line(25_000, 3, 5_000, true))
                .isEqualTo("25,000 / 100,000 lines (25 %), 3 problems, 5,000 lines/s, ETA 0:15");
        assertThat(progress.line(25_000, 3, 5_000, false)).isEqualTo("25,000 / 100,000 lines (25 %), 3 problems, 5,000 lines/s");
        assertThat(Progress.duration(3_725)).isEqualTo("1:02:05");
    }
}
