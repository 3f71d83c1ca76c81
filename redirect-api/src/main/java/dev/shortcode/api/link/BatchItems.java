package dev.shortcode.api.link;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JavaType;
import dev.shortcode.api.problem.JsonProblems;
import dev.shortcode.api.error.InvalidRequestException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The items of a batch as read: each a create body, or, for an item of the wrong JSON shape, the
 * problem that names it. One such item must not fail the batch, so the items are read one at a
 * time from the stream (no intermediate tree: a batch is a thousand of them).
 *
 * @param requests   one per item, in order; {@code null} for an item given as {@code null} or unreadable
 * @param unreadable the problem of each unreadable item, by index
 */
public record BatchItems(List<CreateLinkRequest> requests, Map<Integer, InvalidRequestException> unreadable) {

    public int size() {
        return requests.size();
    }

    /** Reads a JSON array of create bodies; only malformed JSON (not a wrong shape) fails the whole body. */
    public static final class Deserializer extends JsonDeserializer<BatchItems> {

        @Override
        public BatchItems deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw JsonMappingException.from(p, "expected an array of links, got " + p.currentToken());
            }
            JavaType itemType = ctxt.constructType(CreateLinkRequest.class);
            JsonDeserializer<Object> items = ctxt.findRootValueDeserializer(itemType);
            JsonStreamContext array = p.getParsingContext();
            List<CreateLinkRequest> requests = new ArrayList<>();
            Map<Integer, InvalidRequestException> unreadable = new HashMap<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                int index = requests.size();
                if (p.currentToken() == JsonToken.VALUE_NULL) {
                    requests.add(null);
                    continue;
                }
                try {
                    requests.add((CreateLinkRequest) items.deserialize(p, ctxt));
                } catch (JsonParseException e) {
                    throw e; // not JSON at all: nothing after it can be read
                } catch (JsonMappingException e) {
                    requests.add(null);
                    unreadable.put(index, JsonProblems.of(e, "links[" + index + "]"));
                    skipRestOfItem(p, array);
                }
            }
            return new BatchItems(requests, unreadable);
        }

        /**
         * After a failed item the parser may sit anywhere inside it: read on until the item's last
         * token is consumed, which is when the parser's context is the array again.
         */
        private static void skipRestOfItem(JsonParser p, JsonStreamContext array) throws IOException {
            while (p.getParsingContext() != array) {
                if (p.nextToken() == null) {
                    throw JsonMappingException.from(p, "the links array ends early");
                }
            }
        }
    }
}
