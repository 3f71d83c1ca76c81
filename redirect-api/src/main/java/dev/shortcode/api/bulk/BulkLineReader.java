package dev.shortcode.api.bulk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.http.Utf8;
import dev.shortcode.api.problem.JsonProblems;
import java.io.IOException;

/**
 * Reads one line of a bulk body with the rules of every other body (strict UTF-8, strict JSON:
 * no unknown field, no member twice, nothing after the object) plus the bulk's own: a {@code ref}
 * is 1 to {@value #MAX_REF_LENGTH} visible ASCII characters. Whatever is wrong fails only this line.
 */
final class BulkLineReader {

    static final int MAX_REF_LENGTH = 128;

    private final ObjectReader items;

    BulkLineReader(ObjectMapper json) {
        this.items = json.readerFor(BulkItem.class);
    }

    /** @param bytes the line without its end; read before this returns */
    BulkLine read(long number, byte[] bytes, int length) {
        String utf8 = Utf8.problem(bytes, length);
        if (utf8 != null) {
            return BulkLine.failed(number, new InvalidRequestException("invalid-utf8", "line " + number + " is not valid UTF-8: " + utf8));
        }
        BulkItem item;
        try {
            item = items.readValue(bytes, 0, length);
        } catch (JsonProcessingException e) {
            return BulkLine.failed(number, JsonProblems.of(e, "line " + number));
        } catch (IOException e) {
            return BulkLine.failed(number, new InvalidRequestException("invalid-json", "line " + number + " is not a JSON object"));
        }
        if (item == null) {
            return BulkLine.failed(number, new InvalidRequestException("invalid-body", "line " + number
                    + " must be a JSON object with at least \"url\""));
        }
        if (item.ref() != null && !validRef(item.ref())) {
            return BulkLine.failed(number, new InvalidRequestException("invalid-ref", "line " + number + ": ref must be 1 to "
                    + MAX_REF_LENGTH + " visible ASCII characters"));
        }
        return BulkLine.read(number, item);
    }

    static boolean validRef(String ref) {
        if (ref.isEmpty() || ref.length() > MAX_REF_LENGTH) {
            return false;
        }
        for (int i = 0; i < ref.length(); i++) {
            char c = ref.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }
}
