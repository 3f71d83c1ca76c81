package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.LinkRouting;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The window of a link, checked: {@code validFrom} and {@code validUntil} are ISO-8601 instants
 * with an offset ({@code 2027-01-31T23:00:00Z}, {@code 2027-02-01T00:00:00+01:00}), the second after
 * the first. A bad value is a 400 naming its field. The URLs ({@code expiredUrl}) are checked by
 * {@link LinkRequests}, like every other URL of a link.
 */
final class RoutingPolicy {

    private RoutingPolicy() {}

    /** The instant of a field, epoch millis, or null when absent. */
    static Long instant(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("invalid-routing", field + " '" + Echo.of(value)
                    + "' is not an ISO-8601 instant with an offset, such as 2027-01-31T23:00:00Z");
        }
    }

    /** @throws InvalidRequestException when the window ends before it starts */
    static LinkRouting window(LinkRouting routing, Long from, Long until, String expiredUrl) {
        if (from != null && until != null && until <= from) {
            throw new InvalidRequestException("invalid-routing", "validUntil " + Instant.ofEpochMilli(until)
                    + " must come after validFrom " + Instant.ofEpochMilli(from));
        }
        if (expiredUrl != null && until == null) {
            throw new InvalidRequestException("invalid-routing", "expiredUrl is where visitors go after validUntil; give validUntil too");
        }
        return routing.withWindow(from, until, expiredUrl);
    }
}
