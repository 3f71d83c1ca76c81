package dev.shortcode.client.source;

import java.util.function.Function;

/**
 * Bitly's link export (CSV with a header). Its columns have been named differently over time
 * ({@code long_url} / {@code Long URL}, {@code link} / {@code Bitlink} / {@code Short link}), so
 * each is found by any of its names. The code is the short link's path ({@code bit.ly/3xYzAbC} ->
 * {@code 3xYzAbC}, a custom back-half likewise); an {@code expiration_at} column, when present,
 * becomes the TTL. The {@code title} and {@code tags} columns (tags joined by commas, semicolons or
 * bars in one cell) are kept.
 */
public final class BitlyExport extends CsvSource {

    private final ImportOptions options;

    public BitlyExport(ImportOptions options) {
        this.options = options;
    }

    @Override
    Function<CsvReader.Record, SourceLine> rows(CsvReader.Record header) {
        HeaderColumns columns = new HeaderColumns(header.fields());
        int longUrl = require(columns, "Bitly export", "long_url", "long url", "destination url", "original url", "url");
        int link = columns.find("link", "bitlink", "short link", "short url", "short_url", "id");
        int expiry = columns.find("expiration_at", "expiration", "expires at", "expiry");
        int title = columns.find("title");
        int tags = columns.find("tags");
        return row -> options.line(row.line(), row.field(longUrl), code(row.field(link)), row.field(expiry), row.field(title),
                ImportedMeta.tags(row.field(tags)));
    }

    /** The back-half of a Bitly link: what follows the last {@code /}, without a query. */
    static String code(String shortLink) {
        if (shortLink == null || shortLink.isBlank()) {
            return null;
        }
        String link = shortLink.trim();
        int query = link.indexOf('?');
        if (query >= 0) {
            link = link.substring(0, query);
        }
        while (link.endsWith("/")) {
            link = link.substring(0, link.length() - 1);
        }
        int slash = link.lastIndexOf('/');
        return slash < 0 ? null : link.substring(slash + 1);
    }
}
