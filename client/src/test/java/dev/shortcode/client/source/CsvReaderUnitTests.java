package dev.shortcode.client.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReaderUnitTests {

    private static List<CsvReader.Record> read(String text) {
        List<CsvReader.Record> records = new ArrayList<>();
        new CsvReader(new StringReader(text)).forEachRemaining(records::add);
        return records;
    }

    @Test
    void readsQuotedFieldsWithSeparatorsDoubledQuotesAndLineBreaks() {
        List<CsvReader.Record> records = read("url,title\n\"https://e.com/?a=1,2\",\"say \"\"hi\"\"\"\nhttps://e.com/b,\"two\nlines\"\nhttps://e.com/c,x\n");

        assertThat(records).extracting(CsvReader.Record::fields).containsExactly(
                List.of("url", "title"),
                List.of("https://e.com/?a=1,2", "say \"hi\""),
                List.of("https://e.com/b", "two\nlines"),
                List.of("https://e.com/c", "x"));
        // a record's line is where it starts; the one after a quoted line break is a line further on
        assertThat(records).extracting(CsvReader.Record::line).containsExactly(1L, 2L, 3L, 5L);
    }

    @Test
    void crlfBlankLinesByteOrderMarkAndAMissingLastLineBreak() {
        List<CsvReader.Record> records = read("\uFEFFurl\r\n\r\nhttps://e.com/1\r\n\nhttps://e.com/2");

        assertThat(records).extracting(r -> r.fields().get(0)).containsExactly("url", "https://e.com/1", "https://e.com/2");
        assertThat(records).extracting(CsvReader.Record::line).containsExactly(1L, 3L, 5L);
    }

    @Test
    void emptyFieldsAndFieldsBeyondTheRecordAreEmpty() {
        CsvReader.Record record = read("a,,c,\n").get(0);

        assertThat(record.fields()).containsExactly("a", "", "c", "");
        assertThat(record.field(7)).isEmpty();
        assertThat(record.field(-1)).isEmpty();
    }

    @Test
    void anUnclosedQuoteIsAnError() {
        assertThatThrownBy(() -> read("url\n\"https://e.com/\n"))
                .isInstanceOf(CsvReader.CsvException.class).hasMessageContaining("line 2");
    }
}
