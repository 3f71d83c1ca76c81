package dev.shortcode.client.source;

import java.util.List;
import java.util.function.Function;

/**
 * YOURLS' {@code yourls_url} table exported as CSV: {@code keyword,url,title,timestamp,ip,clicks},
 * with that header or without one (then the columns are taken in that order, as phpMyAdmin and
 * {@code mysql --batch} write them). The keyword is the code, the title is kept; YOURLS links do
 * not expire.
 */
public final class YourlsTable extends CsvSource {

    private final ImportOptions options;

    public YourlsTable(ImportOptions options) {
        this.options = options;
    }

    @Override
    boolean firstIsData(CsvReader.Record first) {
        return new HeaderColumns(first.fields()).find("keyword") < 0;
    }

    @Override
    Function<CsvReader.Record, SourceLine> rows(CsvReader.Record first) {
        int keyword = 0;
        int url = 1;
        int title = 2;
        if (!firstIsData(first)) {
            HeaderColumns columns = new HeaderColumns(first.fields());
            keyword = columns.find("keyword");
            url = require(columns, "YOURLS yourls_url", "url");
            title = columns.find("title");
        }
        int keywordColumn = keyword;
        int urlColumn = url;
        int titleColumn = title;
        return row -> options.line(row.line(), row.field(urlColumn), row.field(keywordColumn), null, row.field(titleColumn), List.of());
    }
}
