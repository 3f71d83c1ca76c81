package dev.shortcode.api.stats;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.ClickRetention;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The buckets a stats request asks for, from Bitly's parameters: {@code unit} ({@code hour},
 * {@code day} or {@code month}; default day), {@code units} (how many, ending with the one that
 * holds {@code unit_reference}; default 24 hours, 30 days or 12 months) and
 * {@code unit_reference} (an ISO-8601 instant such as {@code 2025-03-17T10:00:00Z}, with an
 * offset, or a date; default now). Buckets are UTC hours, days and months. A window reaching back
 * beyond what is kept ({@link ClickRetention}: 7 days of hours, 400 days, 120 months) is refused,
 * naming the parameter, rather than answered with invented zeros.
 *
 * @param starts the buckets' starts, oldest first
 */
record StatsWindow(Unit unit, List<Instant> starts, Instant reference) {

    enum Unit {
        HOUR(24, 24 * ClickRetention.HOUR_DAYS, ChronoUnit.HOURS),
        DAY(30, ClickRetention.DAYS, ChronoUnit.DAYS),
        MONTH(12, ClickRetention.MONTHS, ChronoUnit.MONTHS);

        final int defaultUnits;
        final int maxUnits;
        final ChronoUnit chrono;

        Unit(int defaultUnits, int maxUnits, ChronoUnit chrono) {
            this.defaultUnits = defaultUnits;
            this.maxUnits = maxUnits;
            this.chrono = chrono;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static StatsWindow parse(String unitText, String unitsText, String referenceText, Clock clock) {
        Unit unit;
        if (unitText == null || unitText.isBlank()) {
            unit = Unit.DAY;
        } else {
            try {
                unit = Unit.valueOf(unitText.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("invalid-unit", "unit must be hour, day or month; got '"
                        + Echo.of(unitText) + "'");
            }
        }
        int units;
        if (unitsText == null || unitsText.isBlank()) {
            units = unit.defaultUnits;
        } else {
            try {
                units = Integer.parseInt(unitsText.trim());
            } catch (NumberFormatException e) {
                units = -1;
            }
            if (units < 1 || units > unit.maxUnits) {
                throw new InvalidRequestException("invalid-units", "units must be a whole number from 1 to " + unit.maxUnits
                        + " for unit=" + unit.label() + "; got '" + Echo.of(unitsText) + "'");
            }
        }
        Instant reference = referenceText == null || referenceText.isBlank() ? clock.instant().truncatedTo(ChronoUnit.MILLIS)
                : reference(referenceText.trim());
        List<Instant> starts = new ArrayList<>(units);
        Instant last = truncate(reference, unit);
        for (int back = units - 1; back >= 0; back--) {
            starts.add(minus(last, back, unit));
        }
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        Instant kept = switch (unit) {
            case HOUR -> ClickRetention.firstHourDay(today).atStartOfDay(ZoneOffset.UTC).toInstant();
            case DAY -> ClickRetention.firstDay(today).atStartOfDay(ZoneOffset.UTC).toInstant();
            case MONTH -> ClickRetention.firstMonth(today).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        };
        if (last.isBefore(kept)) {
            throw new InvalidRequestException("invalid-unit-reference", "unit_reference " + Echo.of(referenceText)
                    + " is before " + kept + ", the oldest " + unit.label() + " still kept");
        }
        if (starts.get(0).isBefore(kept)) {
            throw new InvalidRequestException("invalid-units", units + " " + unit.label() + "s back from " + last
                    + " reach before " + kept + ", the oldest " + unit.label() + " still kept; ask for fewer units");
        }
        return new StatsWindow(unit, List.copyOf(starts), reference);
    }

    private static Instant reference(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException notDate) {
                throw new InvalidRequestException("invalid-unit-reference", "unit_reference must be an ISO-8601 time such as "
                        + "2025-03-17T10:00:00Z (or a date, 2025-03-17); got '" + Echo.of(text) + "'");
            }
        }
    }

    static Instant truncate(Instant at, Unit unit) {
        return switch (unit) {
            case HOUR -> at.truncatedTo(ChronoUnit.HOURS);
            case DAY -> at.truncatedTo(ChronoUnit.DAYS);
            case MONTH -> YearMonth.from(at.atOffset(ZoneOffset.UTC)).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        };
    }

    static Instant minus(Instant start, long amount, Unit unit) {
        return unit == Unit.MONTH ? start.atOffset(ZoneOffset.UTC).minusMonths(amount).toInstant() : start.minus(amount, unit.chrono);
    }

    LocalDate firstDay() {
        return LocalDate.ofInstant(starts.get(0), ZoneOffset.UTC);
    }

    LocalDate lastDay() {
        return LocalDate.ofInstant(starts.get(starts.size() - 1), ZoneOffset.UTC);
    }
}
