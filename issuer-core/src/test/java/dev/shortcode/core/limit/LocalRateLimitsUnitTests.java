package dev.shortcode.core.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.testing.time.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The limiter's decisions and what they report, on a clock the tests move. */
class LocalRateLimitsUnitTests {

    private static final Instant NOON = Instant.parse("2026-03-10T12:00:00Z");

    private final MutableClock clock = new MutableClock(NOON);
    private final LocalRateLimits limits = new LocalRateLimits(clock);

    @Test
    void take_gradualLimit_allowsTheWholeBurstThenRefusesWithRetryAfterOfOneUnit() {
        RateLimit limit = RateLimit.perMinute(600);
        for (int i = 1; i <= 600; i++) {
            RateDecision d = limits.decide("k1", limit, 1);
            assertThat(d.allowed()).as("request %d", i).isTrue();
            assertThat(d.remaining()).isEqualTo(600 - i);
            assertThat(d.shared()).isFalse();
        }
        RateDecision refused = limits.decide("k1", limit, 1);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1); // one unit per 0.1 s, rounded up to whole seconds
        assertThat(refused.resetSeconds()).isEqualTo(1);

        clock.advance(Duration.ofMillis(100));
        assertThat(limits.decide("k1", limit, 1).allowed()).isTrue();
        assertThat(limits.decide("k1", limit, 1).allowed()).isFalse();
    }

    @Test
    void take_slowGradualLimit_reportsWhenTheNextUnitComes() {
        RateLimit limit = RateLimit.perMinute(10); // one unit every 6 s
        assertThat(limits.decide("k1", limit, 1).resetSeconds()).isEqualTo(6);
        clock.advance(Duration.ofSeconds(2));
        assertThat(limits.decide("k1", limit, 1).resetSeconds()).as("the first unit is 4 s from back").isEqualTo(4);
        for (int i = 0; i < 8; i++) {
            limits.decide("k1", limit, 1);
        }
        RateDecision refused = limits.decide("k1", limit, 1);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isEqualTo(4);
        clock.advance(Duration.ofSeconds(60));
        RateDecision refilled = limits.decide("k1", limit, 1);
        assertThat(refilled.remaining()).as("full again after a window, one taken").isEqualTo(9);
        assertThat(refilled.resetSeconds()).isEqualTo(6);
    }

    @Test
    void take_dailyQuota_isAllOrNothing_refusesUntilUtcMidnight_thenStartsFull() {
        RateLimit limit = RateLimit.perUtcDay(5);
        assertThat(limits.decide("k1", limit, 3).remaining()).isEqualTo(2);
        RateDecision tooMany = limits.decide("k1", limit, 3);
        assertThat(tooMany.allowed()).isFalse();
        assertThat(tooMany.remaining()).as("a refused batch takes nothing").isEqualTo(2);
        assertThat(tooMany.retryAfterSeconds()).isEqualTo(Duration.ofHours(12).toSeconds());
        assertThat(limits.decide("k1", limit, 2).allowed()).isTrue();
        RateDecision spent = limits.decide("k1", limit, 1);
        assertThat(spent.allowed()).isFalse();
        assertThat(spent.resetSeconds()).isEqualTo(Duration.ofHours(12).toSeconds());

        clock.set(Instant.parse("2026-03-10T23:59:59.500Z"));
        assertThat(limits.decide("k1", limit, 1).retryAfterSeconds()).isEqualTo(1);
        clock.set(Instant.parse("2026-03-11T00:00:00Z"));
        RateDecision nextDay = limits.decide("k1", limit, 1);
        assertThat(nextDay.allowed()).isTrue();
        assertThat(nextDay.remaining()).isEqualTo(4);
        assertThat(nextDay.resetSeconds()).isEqualTo(Duration.ofDays(1).toSeconds());
    }

    @Test
    void take_moreThanTheWholeQuota_isRefusedAndSaysWhenTheQuotaComesBack() {
        RateDecision d = limits.decide("k1", RateLimit.perUtcDay(10), 11);
        assertThat(d.allowed()).isFalse();
        assertThat(d.remaining()).isEqualTo(10);
        assertThat(d.retryAfterSeconds()).isEqualTo(Duration.ofHours(12).toSeconds());
        RateDecision burst = limits.decide("k1", RateLimit.perMinute(10), 11);
        assertThat(burst.allowed()).isFalse();
        assertThat(burst.retryAfterSeconds()).isPositive().isLessThanOrEqualTo(60);
    }

    @Test
    void take_subjectsAndLimits_haveBucketsOfTheirOwn() {
        RateLimit two = RateLimit.perMinute(2);
        limits.decide("k1", two, 2);
        assertThat(limits.decide("k1", two, 1).allowed()).isFalse();
        assertThat(limits.decide("k2", two, 1).allowed()).as("another key").isTrue();
        assertThat(limits.decide("k1", RateLimit.perMinute(3), 1).allowed()).as("a changed limit starts afresh").isTrue();
        assertThat(limits.decide("k1", RateLimit.perUtcDay(2), 1).allowed()).as("the quota is apart from the burst").isTrue();
        assertThat(limits.size()).isEqualTo(4);
    }

    @Test
    void take_largestLimits_areHeldByTheBuckets_fasterThanOneUnitANanosecondIsRefused() {
        assertThat(limits.decide("k1", RateLimit.perMinute(1_000_000_000L), 1).remaining()).isEqualTo(999_999_999L);
        assertThat(limits.decide("k1", RateLimit.perUtcDay(1_000_000_000_000L), 1_000).remaining()).isEqualTo(999_999_999_000L);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RateLimit.perMinute(61_000_000_000L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a second");
    }

    @Test
    void name_carriesTheValuesAndTheUtcDay() {
        long noon = NOON.toEpochMilli();
        assertThat(Buckets.name(RateLimit.perMinute(600), noon)).isEqualTo("g:600:60");
        assertThat(Buckets.name(RateLimit.perUtcDay(1_000_000), noon)).isEqualTo("d:1000000:20260310");
        assertThat(Buckets.name(RateLimit.perUtcDay(7), Instant.parse("2026-03-10T23:59:59.999Z").toEpochMilli())).endsWith(":20260310");
        assertThat(Buckets.name(RateLimit.perUtcDay(7), Instant.parse("2026-03-11T00:00:00Z").toEpochMilli())).endsWith(":20260311");
    }
}
