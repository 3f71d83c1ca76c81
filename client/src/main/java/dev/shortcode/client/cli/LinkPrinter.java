package dev.shortcode.client.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Views as JSON: indented for one view, one line each for a listing (NDJSON, like an export). */
final class LinkPrinter {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static final ObjectMapper LINE = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private LinkPrinter() {
    }

    static String json(Object value) {
        return write(JSON, value);
    }

    /** One line, absent fields left out. */
    static String line(Object value) {
        return write(LINE, value);
    }

    private static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
