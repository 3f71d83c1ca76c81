package dev.shortcode.client.source;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Optional;

/**
 * Other shorteners' expiry times as this service's TTLs. The service's TTL is idle time (each
 * visit extends it), theirs an instant: the TTL is the time left until that instant, in whole days
 * rounded up (hours when under a day), so the link lives at least as long as it did there.
 */
public final class Expiry {

    /** {@code 2024-06-01 12:00:00+00}, {@code 2024-06-01 12:00:00.123456+02:00}, {@code 2024-06-01T12:00:00+0000}: how SQL exports and Bitly write timestamps. */
    private static final DateTimeFormatter SQL = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HHMM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HH", "Z").optionalEnd()
            .toFormatter();

    private Expiry() {
    }

    /**
     * Reads a timestamp: ISO-8601 with an offset or {@code Z}, an SQL timestamp with or without
     * one, a bare date, or Unix seconds. Without an offset it is UTC.
     *
     * @throws DateTimeParseException when it is none of these
     */
    public static Instant parse(String text) {
        String value = text.trim();
        if (value.matches("\\d{9,11}")) {
            return Instant.ofEpochSecond(Long.parseLong(value));
        }
        if (value.matches("\\d{4}-\\d{2}-\\d{2}")) {
            return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            var parsed = SQL.parseBest(value, OffsetDateTime::from, LocalDateTime::from);
            return parsed instanceof OffsetDateTime offset ? offset.toInstant()
                    : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
        }
    }

    /** The TTL that keeps a link until {@code expiry}; empty when that time has passed. */
    public static Optional<String> ttlUntil(Instant expiry, Instant now) {
        Duration left = Duration.between(now, expiry);
        if (left.isNegative() || left.isZero()) {
            return Optional.empty();
        }
        long days = (left.getSeconds() + 86_399) / 86_400;
        if (left.toHours() < 24) {
            long hours = Math.max(1, (left.getSeconds() + 3_599) / 3_600);
            return Optional.of("PT" + hours + "H");
        }
        return Optional.of("P" + days + "D");
    }

    /** A TTL as the service writes it: whole days as {@code P30D}, anything else as {@code PT36H}. */
    public static String label(Duration ttl) {
        long seconds = ttl.toSeconds();
        return seconds % 86_400 == 0 ? "P" + seconds / 86_400 + "D" : ttl.toString();
    }
}
