package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.InvalidRequestException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class StatsWindowUnitTests {

    private final Clock clock = Clock.fixed(Instant.parse("2026-03-01T00:30:00Z"), ZoneOffset.UTC);

    @Test
    void defaults_areThirtyDaysEndingToday() {
        StatsWindow w = StatsWindow.parse(null, null, null, clock);
        assertThat(w.unit()).isEqualTo(StatsWindow.Unit.DAY);
        assertThat(w.starts()).hasSize(30).endsWith(Instant.parse("2026-03-01T00:00:00Z")).startsWith(Instant.parse("2026-01-31T00:00:00Z"));
    }

    @Test
    void hours_acrossMidnight_andMonths_acrossAYear() {
        StatsWindow hours = StatsWindow.parse("hour", "3", "2026-03-01T00:59:59Z", clock);
        assertThat(hours.starts()).containsExactly(Instant.parse("2026-02-28T22:00:00Z"), Instant.parse("2026-02-28T23:00:00Z"),
                Instant.parse("2026-03-01T00:00:00Z"));
        StatsWindow months = StatsWindow.parse("MONTH", "3", "2026-01-15", clock);
        assertThat(months.starts()).containsExactly(Instant.parse("2025-11-01T00:00:00Z"), Instant.parse("2025-12-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(StatsWindow.parse("day", "1", "2026-03-01T05:00:00+06:00", clock).starts())
                .as("an offset is converted to UTC").containsExactly(Instant.parse("2026-02-28T00:00:00Z"));
    }

    @Test
    void badParameters_areRefusedNamingTheParameter() {
        expect("week", null, null, "invalid-unit", "unit must be hour, day or month");
        expect("day", "0", null, "invalid-units", "1 to 400");
        expect("hour", "169", null, "invalid-units", "1 to 168");
        expect("day", "ten", null, "invalid-units", "ten");
        expect("day", "1", "yesterday", "invalid-unit-reference", "ISO-8601");
        expect("hour", "1", "2026-02-20T00:00:00Z", "invalid-unit-reference", "oldest hour still kept");
        expect("hour", "168", "2026-03-01T00:00:00Z", "invalid-units", "ask for fewer units");
        expect("day", "30", "2025-02-05", "invalid-units", "oldest day still kept");
    }

    private void expect(String unit, String units, String reference, String type, String detail) {
        assertThatThrownBy(() -> StatsWindow.parse(unit, units, reference, clock)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining(detail).extracting(e -> ((InvalidRequestException) e).type()).isEqualTo(type);
    }
}
