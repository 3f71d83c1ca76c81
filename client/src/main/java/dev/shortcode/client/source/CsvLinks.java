package dev.shortcode.client.source;

import dev.shortcode.client.LinkRequest;
import java.util.function.Function;

/**
 * The CLI's own CSV: a header row with {@code url} and optionally {@code ttl}, {@code alias},
 * {@code ref}, {@code title}, {@code tags} (joined by commas, semicolons or bars in one cell) and
 * {@code domain}; other columns are ignored.
 */
public final class CsvLinks extends CsvSource {

    @Override
    Function<CsvReader.Record, SourceLine> rows(CsvReader.Record header) {
        HeaderColumns columns = new HeaderColumns(header.fields());
        int url = require(columns, "CSV links", "url");
        int ttl = columns.find("ttl");
        int alias = columns.find("alias");
        int ref = columns.find("ref");
        int title = columns.find("title");
        int tags = columns.find("tags");
        int domain = columns.find("domain");
        return row -> {
            String target = blankToNull(row.field(url));
            if (target == null) {
                return SourceLine.problem(row.line(), "invalid-line", "line " + row.line() + " has no url");
            }
            return SourceLine.of(row.line(), new LinkRequest(target, blankToNull(row.field(ttl)),
                    blankToNull(row.field(alias)), blankToNull(row.field(ref)), blankToNull(row.field(title)),
                    ImportedMeta.tags(row.field(tags)), blankToNull(row.field(domain))));
        };
    }
}
