package dev.shortcode.client.source;

import java.io.Reader;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/** A CSV format with a header row: the header picks the columns, then each record is one line. */
abstract class CsvSource implements LinkSource {

    @Override
    public Iterator<SourceLine> read(Reader in) {
        CsvReader csv = new CsvReader(in);
        if (!csv.hasNext()) {
            return Collections.emptyIterator();
        }
        CsvReader.Record first = csv.next();
        Function<CsvReader.Record, SourceLine> rows = rows(first);
        Iterator<SourceLine> rest = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return csv.hasNext();
            }

            @Override
            public SourceLine next() {
                return rows.apply(csv.next());
            }
        };
        return firstIsData(first) ? Iterators.concat(List.of(rows.apply(first)).iterator(), rest) : rest;
    }

    /** How records become lines, decided from the first record (the header, or the first row of a file without one). */
    abstract Function<CsvReader.Record, SourceLine> rows(CsvReader.Record first);

    /** True for formats that may come without a header, when the first record is data. */
    boolean firstIsData(CsvReader.Record first) {
        return false;
    }

    static int require(HeaderColumns header, String format, String... names) {
        int index = header.find(names);
        if (index < 0) {
            throw new IllegalArgumentException("not a " + format + " file: its header has no '" + names[0] + "' column");
        }
        return index;
    }

    static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
