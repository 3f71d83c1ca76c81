package dev.shortcode.client.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Shlink's REST listing, the answer of {@code GET /rest/v3/short-urls}:
 * {@code {"shortUrls":{"data":[{"shortCode","longUrl","meta":{"validUntil",…},…}],"pagination":…}}}.
 * Pages saved one after another as a JSON array of such answers are read too, as is a bare array
 * of items. {@code shortCode} is the code, {@code meta.validUntil} the expiry; titles and tags are
 * kept; {@code validSince}, {@code maxVisits} and Shlink's domains are not (see {@code --domain}). Line numbers are the items'
 * places in the file, from 1.
 */
public final class ShlinkListing implements LinkSource {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final ImportOptions options;

    public ShlinkListing(ImportOptions options) {
        this.options = options;
    }

    @Override
    public Iterator<SourceLine> read(Reader in) throws IOException {
        JsonNode root = JSON.readTree(in);
        List<JsonNode> items = new ArrayList<>();
        collect(root, items);
        List<SourceLine> lines = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            List<String> tags = new ArrayList<>();
            item.path("tags").forEach(tag -> tags.add(tag.asText()));
            lines.add(options.line(i + 1, text(item.get("longUrl")), text(item.get("shortCode")),
                    text(item.path("meta").get("validUntil")), text(item.get("title")), tags));
        }
        return lines.iterator();
    }

    private static void collect(JsonNode node, List<JsonNode> items) {
        if (node == null) {
            throw new IllegalArgumentException("not a Shlink listing: the file is empty");
        }
        if (node.isArray()) {
            for (JsonNode element : node) {
                if (element.has("longUrl")) {
                    items.add(element);
                } else {
                    collect(element, items);
                }
            }
        } else if (node.path("shortUrls").path("data").isArray()) {
            node.path("shortUrls").path("data").forEach(items::add);
        } else if (node.path("data").isArray()) {
            node.path("data").forEach(items::add);
        } else {
            throw new IllegalArgumentException("not a Shlink listing: no shortUrls.data array");
        }
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.asText();
    }
}
