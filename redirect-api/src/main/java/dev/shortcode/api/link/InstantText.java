package dev.shortcode.api.link;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.time.Instant;

/**
 * Writes an {@link Instant} as ISO-8601 text ({@link Instant#toString()}, which is what Jackson's
 * own serializer writes), remembering the last one: the links of a batch share their creation
 * time and, per TTL, their expiry, so a batch of a thousand formats a handful of instants instead
 * of two thousand.
 */
public final class InstantText extends StdSerializer<Instant> {

    private static final long serialVersionUID = 1L;

    private record Formatted(Instant instant, String text) {}

    /**
     * The last two formatted (a link's creation and expiry alternate when one instance serves
     * both fields). Immutable pairs: a racing read sees a whole pair or an older one.
     */
    private volatile Formatted last;
    private volatile Formatted previous;

    public InstantText() {
        super(Instant.class);
    }

    @Override
    public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
        Formatted f = last;
        if (f == null || !f.instant().equals(value)) {
            Formatted p = previous;
            if (p != null && p.instant().equals(value)) {
                f = p;
            } else {
                f = new Formatted(value, value.toString());
            }
            previous = last;
            last = f;
        }
        generator.writeString(f.text());
    }
}
