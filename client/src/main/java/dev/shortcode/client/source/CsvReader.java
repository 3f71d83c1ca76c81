package dev.shortcode.client.source;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 records read one at a time: fields separated by {@code ,}, optionally quoted with
 * {@code "} (a quote inside doubled), quoted fields may hold separators and line breaks; CRLF and
 * LF both end a record; a UTF-8 byte order mark is skipped. Blank lines are not records.
 */
public final class CsvReader extends LookaheadIterator<CsvReader.Record> {

    /** One record and the line of the file it starts on (from 1). */
    public record Record(long line, List<String> fields) {
        public String field(int index) {
            return index >= 0 && index < fields.size() ? fields.get(index) : "";
        }
    }

    private final Reader in;
    private final char separator;
    private long line = 1;
    private int lookahead = -2;
    private boolean started;

    public CsvReader(Reader in) {
        this(in, ',');
    }

    public CsvReader(Reader in, char separator) {
        this.in = in;
        this.separator = separator;
    }

    @Override
    protected Record computeNext() {
        try {
            if (!started) {
                started = true;
                if (peek() == '\uFEFF') {
                    read();
                }
            }
            while (peek() == '\n' || peek() == '\r') { // blank lines
                endOfLine();
            }
            if (peek() == -1) {
                return null;
            }
            long start = line;
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean wasQuoted = false;
            while (true) {
                int c = read();
                if (quoted) {
                    if (c == -1) {
                        throw new CsvException("line " + start + ": a quoted field is not closed");
                    } else if (c == '"') {
                        if (peek() == '"') {
                            read();
                            field.append('"');
                        } else {
                            quoted = false;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        field.append((char) c);
                    }
                } else if (c == '"' && field.length() == 0 && !wasQuoted) {
                    quoted = true;
                    wasQuoted = true;
                } else if (c == separator) {
                    fields.add(field.toString());
                    field.setLength(0);
                    wasQuoted = false;
                } else if (c == '\r' || c == '\n' || c == -1) {
                    if (c == '\r' && peek() == '\n') {
                        read();
                    }
                    if (c != -1) {
                        line++;
                    }
                    fields.add(field.toString());
                    return new Record(start, fields);
                } else {
                    field.append((char) c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void endOfLine() throws IOException {
        int c = read();
        if (c == '\r' && peek() == '\n') {
            read();
        }
        line++;
    }

    private int peek() throws IOException {
        if (lookahead == -2) {
            lookahead = in.read();
        }
        return lookahead;
    }

    private int read() throws IOException {
        int c = peek();
        lookahead = -2;
        return c;
    }

    /** A file that is not CSV as RFC 4180 reads it. */
    public static final class CsvException extends RuntimeException {
        public CsvException(String message) {
            super(message);
        }
    }
}
