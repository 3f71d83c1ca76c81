package dev.shortcode.api.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.core.store.LinkEvent;
import java.time.Instant;
import java.util.List;

/**
 * The bodies of webhook messages: {@code {"type", "timestamp", "data"}} per the Standard Webhooks
 * specification, or {@code {"type": "batch", "events": [...]}} of such objects. A link event's
 * data is the link as the API shows it; the others carry their data as recorded.
 */
public final class WebhookMessages {

    private final ObjectMapper json;
    private final LinkViews views;

    public WebhookMessages(ObjectMapper json, LinkViews views) {
        this.json = json;
        this.views = views;
    }

    public byte[] single(LinkEvent event) {
        return bytes(object(event));
    }

    public byte[] batch(List<LinkEvent> events) {
        ObjectNode body = json.createObjectNode().put("type", "batch");
        ArrayNode array = body.putArray("events");
        events.forEach(e -> array.add(object(e)));
        return bytes(body);
    }

    private ObjectNode object(LinkEvent event) {
        ObjectNode node = json.createObjectNode().put("type", event.type().label())
                .put("timestamp", Instant.ofEpochMilli(event.atMillis()).toString());
        node.set("data", data(event));
        return node;
    }

    private JsonNode data(LinkEvent event) {
        return switch (event.type()) {
            case LINK_CREATED, LINK_UPDATED, LINK_DELETED -> json.valueToTree(views.of(event.link()));
            case LINK_DISABLED, LINK_ENABLED -> linkData(event);
            default -> parse(event.payload());
        };
    }

    /** The code and short URL, then what the event recorded (a disable's reason). */
    private JsonNode linkData(LinkEvent event) {
        ObjectNode data = json.createObjectNode().put("code", event.subject()).put("shortUrl", views.shortUrl(event.subject()));
        parse(event.payload()).fields().forEachRemaining(f -> data.set(f.getKey(), f.getValue()));
        return data;
    }

    private JsonNode parse(String payload) {
        try {
            return json.readTree(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a recorded event's data is not JSON", e);
        }
    }

    private byte[] bytes(JsonNode node) {
        try {
            return json.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
