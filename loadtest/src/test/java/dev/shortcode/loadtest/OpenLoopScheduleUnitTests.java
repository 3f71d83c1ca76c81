package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OpenLoopScheduleUnitTests {

    @Test
    void measuredRequestsAreEvenlySpacedAfterTheWarmup() {
        OpenLoopSchedule s = OpenLoopSchedule.of(1_000, 1000, Duration.ofSeconds(2), Duration.ofSeconds(10));
        // Ramp 100/s -> 1000/s over 2 s: (100 + 1000) / 2 * 2 requests.
        assertThat(s.warmupCount()).isEqualTo(1100);
        assertThat(s.measuredCount()).isEqualTo(10_000);
        assertThat(s.measured(1099)).isFalse();
        assertThat(s.measured(1100)).isTrue();
        assertThat(s.intendedNanos(1100)).isEqualTo(1_000 + 2_000_000_000L);
        assertThat(s.intendedNanos(1101)).isEqualTo(1_000 + 2_001_000_000L);
        assertThat(s.measureStartNanos()).isEqualTo(1_000 + 2_000_000_000L);
        assertThat(s.measureEndNanos()).isEqualTo(1_000 + 12_000_000_000L);
        assertThat(s.endNanos()).isEqualTo(s.measureEndNanos());
    }

    @Test
    void warmupRampsFromATenthOfTheRateToTheFullRate() {
        OpenLoopSchedule s = OpenLoopSchedule.of(0, 1000, Duration.ofSeconds(2), Duration.ofSeconds(1));
        assertThat(s.intendedNanos(0)).isZero();
        // Early gaps ~ 1/100 s, late gaps ~ 1/1000 s.
        assertThat(s.intendedNanos(1) - s.intendedNanos(0)).isCloseTo(10_000_000L, within(300_000L));
        assertThat(s.intendedNanos(1099) - s.intendedNanos(1098)).isCloseTo(1_000_000L, within(50_000L));
        long previous = -1;
        for (long i = 0; i <= s.warmupCount() + 5; i++) {
            assertThat(s.intendedNanos(i)).isGreaterThanOrEqualTo(previous);
            previous = s.intendedNanos(i);
        }
        // Half-way through the ramp, N(1 s) = r0 t + (r - r0) t^2 / 2W = 100 + 900 / 4 = 325 requests were due.
        long dueByOneSecond = 0;
        while (s.intendedNanos(dueByOneSecond) < 1_000_000_000L) {
            dueByOneSecond++;
        }
        assertThat(dueByOneSecond).isBetween(324L, 326L);
    }

    @Test
    void noDriftOverLongRunsAtAwkwardRates() {
        OpenLoopSchedule s = OpenLoopSchedule.of(0, 3, Duration.ZERO, Duration.ofHours(1));
        // 1/3 s is not a whole number of nanoseconds, yet request 3n is due at exactly n seconds.
        assertThat(s.intendedNanos(3 * 3600)).isEqualTo(3600_000_000_000L);
        assertThat(s.intendedNanos(1)).isEqualTo(333_333_333L);
        assertThat(s.warmupCount()).isZero();
    }

    @Test
    void alwaysAtLeastOneMeasuredRequest() {
        OpenLoopSchedule s = OpenLoopSchedule.of(0, 1, Duration.ZERO, Duration.ofMillis(100));
        assertThat(s.measuredCount()).isEqualTo(1);
    }
}
