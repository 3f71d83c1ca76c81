package dev.shortcode.client.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.client.LinkRequest;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CLI's own formats: CSV with a header, and NDJSON. */
class LocalFormatsUnitTests {

    static List<SourceLine> read(LinkSource source, String text) throws IOException {
        List<SourceLine> lines = new ArrayList<>();
        source.read(new StringReader(text)).forEachRemaining(lines::add);
        return lines;
    }

    @Test
    void csvTakesUrlTtlAliasAndRefByNameInAnyOrderAndIgnoresOtherColumns() throws IOException {
        List<SourceLine> lines = read(new CsvLinks(), "note,Alias,URL,ttl,ref\nx,my-alias,https://e.com/1,P30D,r-1\ny,,https://e.com/2,,\n");

        assertThat(lines).containsExactly(
                SourceLine.of(2, new LinkRequest("https://e.com/1", "P30D", "my-alias", "r-1")),
                SourceLine.of(3, new LinkRequest("https://e.com/2", null, null, null)));
    }

    @Test
    void aCsvLineWithoutUrlIsALocalProblemAndTheOthersGoOn() throws IOException {
        List<SourceLine> lines = read(new CsvLinks(), "url,ttl\n,P1D\nhttps://e.com/3,\n");

        assertThat(lines.get(0).sendable()).isFalse();
        assertThat(lines.get(0).problem().type()).isEqualTo(SourceLine.LOCAL_PROBLEM_TYPE + "invalid-line");
        assertThat(lines.get(0).problem().detail()).contains("line 2");
        assertThat(lines.get(1)).isEqualTo(SourceLine.of(3, new LinkRequest("https://e.com/3", null, null, null)));
    }

    @Test
    void aCsvWithoutUrlColumnIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> read(new CsvLinks(), "link,ttl\nhttps://e.com,P1D\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'url'");
    }

    @Test
    void ndjsonLinesKeepTheirNumbersAcrossBlankLines() throws IOException {
        List<SourceLine> lines = read(new NdjsonLinks(),
                "{\"url\":\"https://e.com/1\",\"ttl\":\"P2D\"}\n\n{\"url\":\"https://e.com/2\",\"alias\":\"a-b\",\"ref\":\"mine\"}\n");

        assertThat(lines).containsExactly(
                SourceLine.of(1, new LinkRequest("https://e.com/1", "P2D", null, null)),
                SourceLine.of(3, new LinkRequest("https://e.com/2", null, "a-b", "mine")));
    }

    @Test
    void ndjsonLinesThatAreNotCreatesAreLocalProblems() throws IOException {
        List<SourceLine> lines = read(new NdjsonLinks(),
                "not json\n[1]\n{\"url\":\"https://e.com\",\"tll\":\"P1D\"}\n{\"ttl\":\"P1D\"}\n{\"url\":\"https://e.com/ok\"}\n");

        assertThat(lines).hasSize(5);
        assertThat(lines.subList(0, 4)).allSatisfy(line -> assertThat(line.sendable()).isFalse());
        assertThat(lines.get(0).problem().detail()).contains("line 1 is not JSON");
        assertThat(lines.get(1).problem().detail()).contains("not a JSON object");
        assertThat(lines.get(2).problem().detail()).contains("tll");
        assertThat(lines.get(3).problem().detail()).contains("no url");
        assertThat(lines.get(4).sendable()).isTrue();
    }
}
