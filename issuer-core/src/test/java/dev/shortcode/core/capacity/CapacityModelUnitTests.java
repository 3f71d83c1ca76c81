package dev.shortcode.core.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The model against cases computed by hand; each comment shows the arithmetic. */
class CapacityModelUnitTests {

    /** Midnight UTC: today has no codes yet, so the last 24 hours are exactly yesterday. */
    private static final Instant NOW = Instant.parse("2026-03-01T00:00:00Z");
    private static final LocalDate TODAY = LocalDate.parse("2026-03-01");
    private static final long C5 = 916_132_832L;          // 62^5
    private static final long C6 = 56_800_235_584L;       // 62^6
    private static final long C7 = 3_521_614_606_208L;    // 62^7
    private static final long C11 = 1L << 62;             // 2^62

    @Test
    void forecast_sevenCharsAtHundredMillionADay_wrapsInAbout96YearsAndIsHealthy() {
        // 3.cn: 62^7 = 3,521,614,606,208 codes / 1e8 a day = 35,216.1 days = 35,216.1 / 365.25 = 96.4 years.
        // Live at the wrap, at least: 1e8 × 30 days / 3.52e12 = 0.000852.
        PoolForecast f = CapacityModel.forecast(pool("long", 7, C7, 30, false, 0, 0, steady(30, 100_000_000L)), NOW);

        assertThat(f.daysToWrap()).isCloseTo(35_216.146, offset(0.01));
        assertThat(f.daysToWrap() / 365.25).isCloseTo(96.4, offset(0.05));
        assertThat(f.liveFractionAtWrapLowerBound()).isCloseTo(8.519e-4, offset(1e-6));
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.HEALTHY);
        assertThat(f.verdict().reason()).isEqualTo("healthy: 96 years to wrap");
    }

    @Test
    void forecast_fiveCharsAtHundredMillionADay_wrapsInNineDaysBeforeItsTtlAndSaysSo() {
        // 916,132,832 / 1e8 = 9.16 days, shorter than the 10-day TTL: at the wrap every code is
        // still live (1e8 × 10 / 916,132,832 = 1.09, capped at 1), so no create finds a free code.
        PoolForecast f = CapacityModel.forecast(pool("short", 5, C5, 10, false, 0, 0, steady(7, 100_000_000L)), NOW);

        assertThat(f.daysToWrap()).isCloseTo(9.1613, offset(0.0001));
        assertThat(f.liveFractionAtWrap()).isEqualTo(1.0);
        assertThat(f.afterWrap().attemptsPerCreate()).isNull();
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.ACT);
        assertThat(f.verdict().reason()).isEqualTo("wraps in 9.2 days, before its 10-day TTL: raise the length or lower the TTL");
    }

    @Test
    void forecast_fiveCharsAfterHundredDaysAt9point16MillionADay_isAboutToWrapWithATenthLive() {
        // 100 days × 9,160,000 = 916,000,000 leased; 916,132,832 - 916,000,000 = 132,832 left;
        // 132,832 / 9,160,000 = 0.0145 days = 20.9 minutes.
        // An epoch lasts 916,132,832 / 9,160,000 = 100.0145 days; live at the wrap 10 / 100.0145 = 0.099985;
        // a create then needs 1 / (1 - 0.099985) = 1.1111 attempts; 9,160,000 × 0.099985 = 915,868 skipped a day.
        PoolForecast f = CapacityModel.forecast(pool("short", 5, C5, 10, false, 0, 916_000_000L, steady(100, 9_160_000L)), NOW);

        assertThat(f.rates().mean7d()).isEqualTo(9_160_000.0);
        assertThat(f.rates().mean30d()).isEqualTo(9_160_000.0);
        assertThat(f.rates().last24h()).isEqualTo(9_160_000.0);
        assertThat(f.rates().trendPerWeek()).isCloseTo(0.0, offset(1e-12));
        assertThat(f.daysToWrap()).isCloseTo(0.014501, offset(1e-6));
        assertThat(f.daysToWrapAtTrend()).isCloseTo(0.014501, offset(1e-6));
        assertThat(f.liveFractionAtWrap()).isCloseTo(0.099985, offset(1e-6));
        assertThat(f.afterWrap().attemptsPerCreate()).isCloseTo(1.1111, offset(1e-4));
        assertThat(f.afterWrap().skippedPerDay()).isCloseTo(915_868, offset(1.0));
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.ACT);
        assertThat(f.verdict().reason()).startsWith("wraps in 21 minutes, before its 10-day TTL");
    }

    @Test
    void forecast_lengthEleven_usesTwoToThe62AndNeverOverflows() {
        // 2^62 = 4,611,686,018,427,387,904 / 1e8 = 4.61e10 days = 126.3 million years: no wrap date.
        PoolForecast f = CapacityModel.forecast(pool("huge", 11, C11, 30, false, 0, 0, steady(7, 100_000_000L)), NOW);

        assertThat(f.capacity()).isEqualTo(4_611_686_018_427_387_904L);
        assertThat(f.daysToWrap()).isCloseTo(4.611686e10, withinPercentage(0.001));
        assertThat(f.wrapsAt()).isNull();
        assertThat(f.verdict().reason()).isEqualTo("healthy: 126 million years to wrap");
    }

    @Test
    void forecast_emptySeries_hasNoRateNoWrapAndSaysNothingWasIssued() {
        PoolForecast f = CapacityModel.forecast(pool("short", 5, C5, 10, false, 0, 0, Map.of()), NOW);

        assertThat(f.rates().mean7d()).isZero();
        assertThat(f.rates().last24h()).isZero();
        assertThat(f.rates().lastHour()).isNull();
        assertThat(f.rates().trendPerWeek()).isNull();
        assertThat(f.daysToWrap()).isNull();
        assertThat(f.wrapsAt()).isNull();
        assertThat(f.liveFractionAtWrap()).isZero();
        assertThat(f.verdict()).isEqualTo(new Verdict(Verdict.Level.HEALTHY, "healthy: no codes issued yet"));
    }

    @Test
    void forecast_poolInEpochThree_paysForLiveCodesNowAndCountsOnlyThisEpoch() {
        // Epoch 3, half used: 458,066,416 left / 1e7 a day = 45.81 days.
        // Live now 50,000,000 / 916,132,832 = 0.054577: a create needs 1 / (1 - 0.054577) = 1.05773
        // attempts, 1e7 × 0.054577 = 545,773 codes skipped a day.
        // At the wrap: 1e7 × 10 / 916,132,832 = 0.10916 > 10 %: watch.
        PoolInputs in = new PoolInputs("short", 5, C5, Duration.ofDays(10), false, 3, 458_066_416L, steady(7, 10_000_000L),
                List.of(), new LiveLinks(50_000_000L, 0, "exact"), Double.NaN, LiveAges.NONE);
        PoolForecast f = CapacityModel.forecast(in, NOW);

        assertThat(f.daysToWrap()).isCloseTo(45.8066, offset(1e-4));
        assertThat(f.liveFraction()).isCloseTo(0.054577, offset(1e-6));
        assertThat(f.now().attemptsPerCreate()).isCloseTo(1.05773, offset(1e-5));
        assertThat(f.now().skippedPerDay()).isCloseTo(545_773, offset(1.0));
        assertThat(f.liveFractionAtWrap()).isCloseTo(0.10916, offset(1e-5));
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.WATCH);
        assertThat(f.verdict().reason()).isEqualTo(
                "wraps in 46 days with 11 % of its codes still live: creates would retry 1.12 times per code; plan a longer length");
    }

    @Test
    void forecast_epochZero_collidesWithNothingNow() {
        PoolInputs in = new PoolInputs("short", 5, C5, Duration.ofDays(10), false, 0, 1_000, steady(7, 1_000L), List.of(),
                new LiveLinks(900, 0, "exact"), Double.NaN, LiveAges.NONE);

        assertThat(CapacityModel.forecast(in, NOW).now()).isEqualTo(Collisions.NONE);
    }

    @Test
    void forecast_sampledSurvivorsPastTheTtl_raiseTheLiveFractionAtWrap() {
        // 6 chars, 1e6 a day for 60 days, TTL 10 days. Live 12,000,000 of which the sample says 1/6
        // are older than the TTL: 2,000,000 survivors of the 50 days × 1e6 issued before the cutoff
        // (days before 2026-02-19) = 0.04. An epoch lasts 56,800,235,584 / 1e6 = 56,800 days:
        // f = 10 / 56,800.2 + (1 - 10 / 56,800.2) × 0.04 = 0.000176 + 0.039993 = 0.040169.
        PoolInputs in = new PoolInputs("medium", 6, C6, Duration.ofDays(10), false, 0, 60_000_000L, steady(60, 1_000_000L),
                List.of(), new LiveLinks(12_000_000L, 0, "exact"), 150, new LiveAges(600, 100, 0));
        PoolForecast f = CapacityModel.forecast(in, NOW);

        assertThat(CapacityModel.survivalPastTtl(in, NOW, 10)).isCloseTo(0.04, offset(1e-9));
        assertThat(f.liveFractionAtWrapLowerBound()).isCloseTo(1.7606e-4, offset(1e-8));
        assertThat(f.liveFractionAtWrap()).isCloseTo(0.040169, offset(1e-6));
        assertThat(f.liveFractionAtWrapBasis()).contains("4.0 % of older codes kept alive by visits (sampled)");
        assertThat(f.hotBytes()).isEqualTo(150.0 * 12_000_000L);
    }

    @Test
    void forecast_permanentPoolWithinTenYearsOfItsWrap_warnsThatPermanentCodesNeverComeBack() {
        // 7 chars at 1e9 a day: 3,521,614,606,208 / 1e9 = 3,521.6 days = 9.6 years, all permanent.
        PoolForecast f = CapacityModel.forecast(pool("long", 7, C7, 30, true, 0, 0, steady(7, 1_000_000_000L)), NOW);

        assertThat(f.liveFractionAtWrap()).isEqualTo(1.0);
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.WATCH);
        assertThat(f.verdict().reason()).isEqualTo("wraps in 9.6 years, and its permanent links never give their codes back: raise the length");
    }

    @Test
    void forecast_wrapBeyondFiftyYears_isHealthyWhateverWillBeLiveThen() {
        // The default long pool: 7 chars, permanent, at 1e8 a day wraps in 96.4 years: with all its
        // codes still taken then, but no operational concern today. No calendar date either beyond 1,000 years.
        PoolForecast f = CapacityModel.forecast(pool("long", 7, C7, 30, true, 0, 0, steady(7, 100_000_000L)), NOW);

        assertThat(f.liveFractionAtWrap()).isEqualTo(1.0);
        assertThat(f.verdict()).isEqualTo(new Verdict(Verdict.Level.HEALTHY, "healthy: 96 years to wrap"));
        assertThat(f.wrapsAt()).isEqualTo(Instant.parse("2122-08-01T03:30:20Z")); // 2026-03-01 + 35,216.14606 days = + 3,042,675,020 s
    }

    @Test
    void rates_partialTodayAndCounterReadings_giveLast24hAndLastHour() {
        // 06:00 UTC: a quarter of today has passed. Today 300, yesterday 1,000:
        // last 24 h = 300 + 1,000 × 0.75 = 1,050. Counter 5,000 → 5,500 over 30 minutes: 500 × 48 = 24,000 a day.
        Instant sixAm = NOW.plus(Duration.ofHours(6));
        Map<LocalDate, Long> days = Map.of(TODAY.minusDays(1), 1_000L, TODAY, 300L);
        List<CounterReading> readings = List.of(new CounterReading(sixAm.minus(Duration.ofHours(2)), 0, 1_000),
                new CounterReading(sixAm.minus(Duration.ofMinutes(30)), 0, 5_000), new CounterReading(sixAm, 0, 5_500));

        IssueRates r = CapacityModel.rates(days, readings, sixAm);

        assertThat(r.last24h()).isCloseTo(1_050.0, offset(1e-9));
        assertThat(r.lastHour()).isCloseTo(24_000.0, offset(1e-9));
        assertThat(r.mean7d()).isEqualTo(1_000.0); // one full day recorded: the mean of that one
    }

    @Test
    void rates_readingsOfAnotherEpochOrTooShortASpan_giveNoLastHour() {
        Instant at = NOW.plus(Duration.ofHours(6));
        assertThat(CapacityModel.rates(Map.of(), List.of(new CounterReading(at.minusSeconds(300), 0, 10),
                new CounterReading(at, 0, 20)), at).lastHour()).as("5 minutes only").isNull();
        assertThat(CapacityModel.rates(Map.of(), List.of(new CounterReading(at.minusSeconds(1800), 1, 900_000),
                new CounterReading(at, 2, 20)), at).lastHour()).as("wrapped in between").isNull();
    }

    @Test
    void rates_seriesGrowingByAThousandADay_showTheTrendAndAnEarlierWrap() {
        // 28 full days: day i (0 = oldest) has 100,000 + 1,000·i. Slope 1,000 a day; mean 113,500;
        // trend = 1,000 × 7 / 113,500 = 0.061674 a week. Fitted today (x = 0): 100,000 + 1,000 × 28 = 128,000.
        // Along r(t) = 128,000 + 1,000·t the 916,132,832 codes are issued when 500·T² + 128,000·T = 916,132,832:
        // T = (-128,000 + sqrt(128,000² + 2 × 1,000 × 916,132,832)) / 1,000 = (-128,000 + 1,359,650.6) / 1,000 = 1,231.65 days.
        Map<LocalDate, Long> days = new TreeMap<>();
        for (int i = 0; i < 28; i++) {
            days.put(TODAY.minusDays(28 - i), 100_000L + 1_000L * i);
        }
        PoolForecast f = CapacityModel.forecast(pool("short", 5, C5, 10, false, 0, 0, days), NOW);

        assertThat(f.rates().trendPerWeek()).isCloseTo(0.061674, offset(1e-6));
        assertThat(f.daysToWrapAtTrend()).isCloseTo(1_231.65, offset(0.01));
        assertThat(f.daysToWrap()).isGreaterThan(f.daysToWrapAtTrend());
    }

    @Test
    void hotStore_fillingPool_reachesMaxmemoryWhenItsGrowthCoversTheRoom() {
        // 3.cn: 30 days hot at 1e8 a day = 3e9 links × 400 B = 1.2 TB once full. Half way (15 days,
        // 1.5e9 links, 600 GB used), with maxmemory 1 TB: it grows 1e8 × 400 = 40 GB a day for 15 more
        // days; the 400 GB of room last 400 / 40 = 10 days.
        HotStoreInputs in = new HotStoreInputs("redis", 600_000_000_000L, 1_000_000_000_000L,
                List.of(new PoolLoad("long", 1_500_000_000L, 100_000_000, Duration.ofDays(30), 400)));
        HotStoreForecast f = CapacityModel.hotStore(in);

        assertThat(f.linkBytes()).isEqualTo(6e11);
        assertThat(f.steadyBytes()).isEqualTo(1.2e12);
        assertThat(f.growthPerDay()).isEqualTo(4e10);
        assertThat(f.daysToFull()).isCloseTo(10.0, offset(1e-9));
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.WATCH);
        assertThat(f.verdict().reason()).isEqualTo("Redis reaches its maxmemory of 1.0 TB in 10 days: plan more room");
    }

    @Test
    void hotStore_steadyStateBelowMaxmemory_neverFills() {
        // Full at 1.2 TB (3e9 × 400 B) with 1.5 TB of maxmemory: it stops growing first.
        HotStoreInputs in = new HotStoreInputs("redis", 1_200_000_000_000L, 1_500_000_000_000L,
                List.of(new PoolLoad("long", 3_000_000_000L, 100_000_000, Duration.ofDays(30), 400)));
        HotStoreForecast f = CapacityModel.hotStore(in);

        assertThat(f.daysToFull()).isNull();
        assertThat(f.verdict().reason()).isEqualTo("Redis: fits, 1.2 TB of 1.5 TB once full");
    }

    @Test
    void archive_budget_isReachedWhenTheDailyGrowthUsesTheRoom() {
        // 1e8 links a day × 110 B = 11 GB a day; 4 TB budget - 2.9 TB = 1.1 TB of room = 100 days.
        ArchiveForecast f = CapacityModel.archive(new ArchiveInputs(2_900_000_000_000L, 4_000_000_000_000L, 110, 1e8));

        assertThat(f.growthPerDay()).isEqualTo(1.1e10);
        assertThat(f.daysToBudget()).isCloseTo(100.0, offset(1e-9));
        assertThat(f.bytesIn1Year()).isEqualTo(2.9e12 + 1.1e10 * 365);
        assertThat(f.verdict().level()).isEqualTo(Verdict.Level.HEALTHY);
    }

    @Test
    void plan_lengthsFiveToEight_recommendsTheShortestHealthyOne() {
        // 1e8 a day, all P30D, no growth: 5 chars wrap in 9.2 days (before the TTL: act);
        // 6 chars in 56,800,235,584 / 1e8 = 568 days with 3e9 / 5.68e10 = 5.3 % live: healthy.
        // Redis: 3e9 live × (128 + 45 + 60) B = 6.99e11 B.
        PlanResult r = CapacityModel.plan(new PlanInputs(1e8, 0, List.of(new TtlShare(Duration.ofDays(30), 1)), 0,
                Duration.ofDays(30), List.of(5, 6, 7, 8), 60, Double.NaN, Double.NaN), NOW);

        assertThat(r.options()).extracting(PlanOption::length).containsExactly(5, 6, 7, 8);
        assertThat(r.options().get(0).verdict().level()).isEqualTo(Verdict.Level.ACT);
        assertThat(r.options().get(1).daysToWrap()).isCloseTo(568.002, offset(0.001));
        assertThat(r.options().get(1).liveFractionAtWrap()).isCloseTo(0.052817, offset(1e-6));
        assertThat(r.options().get(1).redisBytes()).isCloseTo(6.99e11, offset(1.0));
        assertThat(r.options().get(1).archiveBytesPerYear()).isCloseTo(1e8 * 365 * 140, offset(1.0));
        assertThat(r.recommendedLength()).isEqualTo(6);
        assertThat(r.recommendation()).startsWith("use 6 characters: healthy: 1.6 years to wrap");
    }

    @Test
    void plan_growthCompounded_bringsTheWrapForward_andAShrinkingVolumeMayNeverWrap() {
        // +5 % a month: k = ln(1.05) / 30.4375 = 0.0016030 a day; 6 chars wrap when
        // 1e8 × (e^(kT) - 1) / k = 5.68e10: T = ln(1 + 5.68e10 × 0.0016030 / 1e8) / k = ln(1.9105) / k = 403.8 days.
        // -50 % a month: at most 1e8 / (ln 2 / 30.4375) = 4.39e9 codes ever, fewer than 62^6: never.
        PlanResult growing = CapacityModel.plan(new PlanInputs(1e8, 0.05, List.of(new TtlShare(Duration.ofDays(30), 1)), 0,
                Duration.ofDays(30), List.of(6), 60, Double.NaN, Double.NaN), NOW);
        PlanResult shrinking = CapacityModel.plan(new PlanInputs(1e8, -0.5, List.of(new TtlShare(Duration.ofDays(30), 1)), 0,
                Duration.ofDays(30), List.of(6), 60, Double.NaN, Double.NaN), NOW);

        assertThat(growing.options().get(0).daysToWrap()).isCloseTo(403.8, offset(0.1));
        assertThat(shrinking.options().get(0).daysToWrap()).isNull();
        assertThat(shrinking.options().get(0).verdict().reason()).isEqualTo("healthy: never wraps at this volume");
    }

    @Test
    void human_formatsCountsSpansAndBytesForPeople() {
        assertThat(Human.count(3_521_614_606_208.0)).isEqualTo("3.5 trillion");
        assertThat(Human.count(9_999)).isEqualTo("9,999");
        assertThat(Human.days(35_216)).isEqualTo("96 years");
        assertThat(Human.days(0.5)).isEqualTo("12 hours");
        assertThat(CapacityModel.bytes(1.2e12)).isEqualTo("1.2 TB");
        assertThat(CapacityModel.bytes(930)).isEqualTo("930 B");
    }

    private static PoolInputs pool(String name, int length, long capacity, int ttlDays, boolean permanent, long epoch, long leased,
            Map<LocalDate, Long> days) {
        return new PoolInputs(name, length, capacity, Duration.ofDays(ttlDays), permanent, epoch, leased, days, List.of(),
                LiveLinks.UNKNOWN, Double.NaN, LiveAges.NONE);
    }

    /** {@code days} full days before today, {@code perDay} codes each. */
    private static Map<LocalDate, Long> steady(int days, long perDay) {
        Map<LocalDate, Long> series = new TreeMap<>();
        for (int i = 1; i <= days; i++) {
            series.put(TODAY.minusDays(i), perDay);
        }
        return series;
    }
}
