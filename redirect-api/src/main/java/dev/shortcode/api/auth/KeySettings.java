package dev.shortcode.api.auth;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.ApiKey;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A key's own limits and expiry as a client sends them, checked: {@code requestsPerMinute} and
 * {@code linksPerDay} are whole numbers, 0 for no limit, {@code null} for the configured default;
 * {@code expiresAt} an ISO-8601 instant in the future ({@code 2027-01-31T00:00:00Z}), {@code null}
 * for never. In a PATCH body a field left out is left as it is; that is why each field is an
 * {@code Optional} of its value here (empty: not given).
 */
record KeySettings(Optional<OptionalLong> requestsPerMinute, Optional<OptionalLong> linksPerDay, Optional<OptionalLong> expiresAtMillis) {

    static final Set<String> FIELDS = Set.of("requestsPerMinute", "linksPerDay", "expiresAt");
    /** Larger limits are no limits (a billion requests a minute, a trillion links a day): 0 says that. */
    static final long MAX_REQUESTS_PER_MINUTE = 1_000_000_000L;
    static final long MAX_LINKS_PER_DAY = 1_000_000_000_000L;

    /** Reads a PATCH body: an object of at most the three fields. */
    static KeySettings read(JsonNode body, long nowMillis) {
        if (body == null || !body.isObject()) {
            throw new InvalidRequestException("invalid-body", "expected an object with requestsPerMinute, linksPerDay or expiresAt");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new InvalidRequestException("invalid-json", "unknown field '" + Echo.of(name)
                        + "'; the fields here are " + FIELDS.stream().sorted().toList());
            }
        }
        if (body.isEmpty()) {
            throw new InvalidRequestException("invalid-body", "nothing to change: send requestsPerMinute, linksPerDay or expiresAt");
        }
        return new KeySettings(limit(body, "requestsPerMinute"), limit(body, "linksPerDay"), expiry(body, nowMillis));
    }

    /** Checks the values of a create, where null and absent both mean the default. */
    static KeySettings ofCreate(Long requestsPerMinute, Long linksPerDay, Instant expiresAt, long nowMillis) {
        return new KeySettings(Optional.of(limit("requestsPerMinute", requestsPerMinute)), Optional.of(limit("linksPerDay", linksPerDay)),
                Optional.of(expiry(expiresAt, nowMillis)));
    }

    /** {@code key} with the fields given changed. */
    ApiKey applyTo(ApiKey key) {
        return key.withSettings(requestsPerMinute.orElse(key.requestsPerMinute()), linksPerDay.orElse(key.linksPerDay()),
                expiresAtMillis.orElse(key.expiresAtMillis()));
    }

    private static Optional<OptionalLong> limit(JsonNode body, String field) {
        if (!body.has(field)) {
            return Optional.empty();
        }
        JsonNode value = body.get(field);
        if (value.isNull()) {
            return Optional.of(OptionalLong.empty());
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new InvalidRequestException("invalid-limit", field + " must be a whole number (0 for no limit) or null for the default");
        }
        return Optional.of(limit(field, value.longValue()));
    }

    private static OptionalLong limit(String field, Long value) {
        if (value == null) {
            return OptionalLong.empty();
        }
        long max = field.equals("requestsPerMinute") ? MAX_REQUESTS_PER_MINUTE : MAX_LINKS_PER_DAY;
        if (value < 0 || value > max) {
            throw new InvalidRequestException("invalid-limit", field + " " + value + " must be 0 (no limit) to " + max
                    + ", or null for the default");
        }
        return OptionalLong.of(value);
    }

    private static Optional<OptionalLong> expiry(JsonNode body, long nowMillis) {
        if (!body.has("expiresAt")) {
            return Optional.empty();
        }
        JsonNode value = body.get("expiresAt");
        if (value.isNull()) {
            return Optional.of(OptionalLong.empty());
        }
        if (!value.isTextual()) {
            throw new InvalidRequestException("invalid-expiry", "expiresAt must be an ISO-8601 instant such as 2027-01-31T00:00:00Z, or null");
        }
        try {
            return Optional.of(expiry(Instant.parse(value.textValue()), nowMillis));
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("invalid-expiry", "expiresAt '" + Echo.of(value.textValue())
                    + "' is not an ISO-8601 instant such as 2027-01-31T00:00:00Z");
        }
    }

    private static OptionalLong expiry(Instant expiresAt, long nowMillis) {
        if (expiresAt == null) {
            return OptionalLong.empty();
        }
        if (expiresAt.toEpochMilli() <= nowMillis) {
            throw new InvalidRequestException("invalid-expiry", "expiresAt " + expiresAt + " is not in the future; revoke a key to stop it now");
        }
        return OptionalLong.of(expiresAt.toEpochMilli());
    }
}
