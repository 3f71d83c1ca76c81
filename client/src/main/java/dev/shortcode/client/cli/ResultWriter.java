package dev.shortcode.client.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shortcode.client.Link;
import dev.shortcode.client.Problem;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The results of a bulk run, one row per input line, in input order: CSV
 * ({@code line,status,ref,code,shortUrl,url,problem}) or NDJSON (the same fields, the problem as
 * an object), chosen by the file's extension ({@code .ndjson}, {@code .jsonl}: NDJSON). Written
 * through a buffer that is flushed every {@value #FLUSH_EVERY} rows, so an interrupted run leaves
 * what it had.
 */
final class ResultWriter implements Closeable {

    static final String CSV_HEADER = "line,status,ref,code,shortUrl,url,problem";
    private static final int FLUSH_EVERY = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer out;
    private final boolean ndjson;
    private long rows;

    private ResultWriter(Writer out, boolean ndjson) throws IOException {
        this.out = out;
        this.ndjson = ndjson;
        if (!ndjson) {
            out.write(CSV_HEADER + "\n");
        }
    }

    static ResultWriter open(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean ndjson = name.endsWith(".ndjson") || name.endsWith(".jsonl");
        BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new ResultWriter(writer, ndjson);
    }

    /** Results not kept (no --output): the summary and exit code still count them. */
    static ResultWriter discarding() throws IOException {
        return new ResultWriter(Writer.nullWriter(), true);
    }

    /** @param status the service's status, or 0 for a line that was not sent */
    void write(long line, int status, String ref, Link link, Problem problem) throws IOException {
        if (ndjson) {
            ObjectNode row = JSON.createObjectNode().put("line", line).put("status", status);
            if (ref != null) {
                row.put("ref", ref);
            }
            if (link != null) {
                row.put("code", link.code()).put("shortUrl", link.shortUrl()).put("url", link.url());
            }
            if (problem != null) {
                row.set("problem", JSON.valueToTree(problem));
            }
            out.write(JSON.writeValueAsString(row));
            out.write('\n');
        } else {
            out.write(line + "," + status + "," + csv(ref) + "," + csv(link == null ? null : link.code()) + ","
                    + csv(link == null ? null : link.shortUrl()) + "," + csv(link == null ? null : link.url()) + ","
                    + csv(problem == null ? null : describe(problem)) + "\n");
        }
        if (++rows % FLUSH_EVERY == 0) {
            out.flush();
        }
    }

    /** A problem in one cell: its name and detail, e.g. {@code invalid-alias: …}. */
    static String describe(Problem problem) {
        String name = problem.name();
        String detail = problem.detail() == null ? problem.title() : problem.detail();
        return name.isEmpty() ? String.valueOf(detail) : name + ": " + detail;
    }

    static String csv(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
