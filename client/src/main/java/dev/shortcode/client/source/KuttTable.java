package dev.shortcode.client.source;

import java.util.List;
import java.util.function.Function;

/**
 * Kutt's {@code links} table exported as CSV with its header (e.g. {@code \copy links TO
 * 'links.csv' CSV HEADER}): {@code address} is the code, {@code target} the long URL,
 * {@code expire_in} the expiry (a timestamp, empty for none), {@code description} the title.
 * Passwords (stored hashed) and visit counts are not kept; banned links are imported like the others.
 */
public final class KuttTable extends CsvSource {

    private final ImportOptions options;

    public KuttTable(ImportOptions options) {
        this.options = options;
    }

    @Override
    Function<CsvReader.Record, SourceLine> rows(CsvReader.Record header) {
        HeaderColumns columns = new HeaderColumns(header.fields());
        int target = require(columns, "Kutt links", "target");
        int address = columns.find("address");
        int expiry = columns.find("expire_in");
        int description = columns.find("description");
        return row -> options.line(row.line(), row.field(target), row.field(address), row.field(expiry), row.field(description), List.of());
    }
}
