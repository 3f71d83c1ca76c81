package dev.shortcode.client.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.client.LinkRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * One JSON object per line, as the bulk endpoint takes them: {@code url} and optionally
 * {@code ttl}, {@code alias}, {@code ref}, {@code title}, {@code tags} (an array of strings),
 * {@code domain}; sent as written, for the service to judge. Blank lines are skipped (their numbers still count); a
 * line that is not such an object is a problem of its own, found before sending.
 */
public final class NdjsonLinks implements LinkSource {

    private static final Set<String> FIELDS = Set.of("url", "ttl", "alias", "ref", "title", "tags", "domain");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Iterator<SourceLine> read(Reader in) {
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        return new LookaheadIterator<>() {
            private long number;

            @Override
            protected SourceLine computeNext() {
                try {
                    String text;
                    while ((text = lines.readLine()) != null) {
                        number++;
                        if (number == 1 && text.startsWith("\uFEFF")) {
                            text = text.substring(1);
                        }
                        if (!text.isBlank()) {
                            return parse(number, text);
                        }
                    }
                    return null;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    static SourceLine parse(long number, String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return SourceLine.problem(number, "invalid-line", "line " + number + " is not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            return SourceLine.problem(number, "invalid-line", "line " + number + " is not a JSON object");
        }
        Set<String> unknown = new TreeSet<>();
        node.fieldNames().forEachRemaining(name -> {
            if (!FIELDS.contains(name)) {
                unknown.add(name);
            }
        });
        if (!unknown.isEmpty()) {
            return SourceLine.problem(number, "invalid-line", "line " + number + " has fields this client does not send: "
                    + String.join(", ", unknown) + " (it sends url, ttl, alias, ref, title, tags, domain)");
        }
        JsonNode url = node.get("url");
        if (url == null || !url.isTextual() || url.asText().isBlank()) {
            return SourceLine.problem(number, "invalid-line", "line " + number + " has no url");
        }
        JsonNode tags = node.get("tags");
        if (tags != null && !tags.isNull() && !(tags.isArray() && java.util.stream.StreamSupport.stream(tags.spliterator(), false)
                .allMatch(JsonNode::isTextual))) {
            return SourceLine.problem(number, "invalid-line", "line " + number + ": tags must be an array of strings");
        }
        java.util.List<String> tagList = new java.util.ArrayList<>();
        if (tags != null) {
            tags.forEach(tag -> tagList.add(tag.asText()));
        }
        return SourceLine.of(number, new LinkRequest(url.asText(), text(node, "ttl"), text(node, "alias"), text(node, "ref"),
                text(node, "title"), tagList, text(node, "domain")));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
