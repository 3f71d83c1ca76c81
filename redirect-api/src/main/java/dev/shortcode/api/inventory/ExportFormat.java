package dev.shortcode.api.inventory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.link.DeviceTargets;
import dev.shortcode.api.link.LinkView;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * How an export writes links: NDJSON, one link view per line; or CSV (RFC 4180) with a header
 * row, the view's fields as columns, tags joined by {@code |}, targets by device.
 */
public enum ExportFormat {
    NDJSON("application/x-ndjson"),
    CSV("text/csv; charset=utf-8");

    static final List<String> CSV_COLUMNS = List.of("code", "shortUrl", "url", "title", "tags", "externalId", "ttl", "pool", "createdAt",
            "expiresAt", "status", "disabledReason", "targets.ios", "targets.android", "targets.desktop");

    private final String contentType;

    ExportFormat(String contentType) {
        this.contentType = contentType;
    }

    public String contentType() {
        return contentType;
    }

    /** @throws InvalidRequestException naming {@code format} */
    public static ExportFormat parse(String format) {
        if (format == null || format.equals("ndjson")) {
            return NDJSON;
        }
        if (format.equals("csv")) {
            return CSV;
        }
        throw new InvalidRequestException("invalid-parameter", "format must be ndjson or csv, not '" + Echo.of(format) + "'");
    }

    /** What comes before the first link: the CSV header row. */
    public String header() {
        return this == CSV ? String.join(",", CSV_COLUMNS) + "\r\n" : "";
    }

    /** One link as a line, its line end included. */
    public void write(LinkView link, ObjectMapper json, StringBuilder out) {
        if (this == NDJSON) {
            try {
                out.append(json.writeValueAsString(link)).append('\n');
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        DeviceTargets targets = link.targets();
        String[] cells = {link.code(), link.shortUrl(), link.url(), link.title(), link.tags() == null ? null : String.join("|", link.tags()),
            link.externalId(), link.ttl(), link.pool(), text(link.createdAt()), text(link.expiresAt()), link.status(),
            link.disabled() == null ? null : link.disabled().reason(), targets == null ? null : targets.ios(),
            targets == null ? null : targets.android(), targets == null ? null : targets.desktop()};
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            cell(cells[i], out);
        }
        out.append("\r\n");
    }

    private static String text(java.time.Instant at) {
        return at == null ? null : at.toString();
    }

    /** A CSV cell: quoted when it holds a comma, quote or line break, quotes doubled. */
    private static void cell(String value, StringBuilder out) {
        if (value == null) {
            return;
        }
        boolean quote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0;
        if (!quote) {
            out.append(value);
            return;
        }
        out.append('"').append(value.replace("\"", "\"\"")).append('"');
    }
}
