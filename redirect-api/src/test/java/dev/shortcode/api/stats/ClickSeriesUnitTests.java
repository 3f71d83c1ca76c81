package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.core.Storage;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.time.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clicks at fixed times (an injected clock) through the flusher into a real embedded store and out
 * of the stats reader: hours, days, breakdowns and owners either side of UTC midnight. The times
 * are yesterday and today, because the store keeps days by the real date.
 */
class ClickSeriesUnitTests {

    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    private static final String DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";
    private static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);
    private static final Instant MIDNIGHT = TODAY.atStartOfDay(ZoneOffset.UTC).toInstant();

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(MIDNIGHT.minusSeconds(30));
    private Storage storage;
    private ClickPipeline pipeline;
    private StatsReader reader;
    private MaxMindCountries countries;

    @BeforeEach
    void open() throws Exception {
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir), IssuerOptions.builder().secret("click series test secret").build(),
                ColdReadOptions.DEFAULTS);
        countries = MaxMindCountries.open(MaxMindCountriesUnitTests.countries(dir));
        pipeline = new ClickPipeline(storage.clicks(), new ClickClassifier(UserAgents.standard(), countries), clock,
                Duration.ofMillis(200), 10_000, Duration.ofSeconds(30), new SimpleMeterRegistry());
        reader = new StatsReader(storage.clicks(), storage.hotStore(), storage.archive(), clock, true);
        LinkRecord link = new LinkRecord("abcde", "https://example.com/", "short", 86_400, false, MIDNIGHT.minusSeconds(3_600).toEpochMilli(),
                "k1", 1);
        assertThat(storage.hotStore().create(link).toCompletableFuture().join()).isTrue();
    }

    @AfterEach
    void close() {
        pipeline.close();
        countries.close();
        storage.close();
    }

    private void click(String ua, String ip, String referer, String query, boolean head) {
        assertThat(pipeline.offer(new Click("abcde", "k1", clock.millis(), ua, ip, referer, query, head))).isTrue();
    }

    @Test
    void clicksEitherSideOfMidnight_landInTheirHoursAndDays_withBreakdownsOfHumansOnly() {
        click(IPHONE, "81.2.69.1", "https://News.Example/story", null, false); // yesterday 23:59:30
        click(IPHONE, "81.2.69.1", "https://news.example/other", null, false); // the same visitor again
        click("Googlebot/2.1 (+http://www.google.com/bot.html)", "66.249.66.1", null, null, false);
        // Stored before the clock moves on: a click that waited a minute of the clock for its day's
        // salt would rightly count without a visitor.
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.held() == 0);
        clock.advance(Duration.ofMinutes(1)); // today 00:00:30
        click(IPHONE, "81.2.69.1", null, null, true); // HEAD: a bot
        click(null, "192.0.2.9", null, null, false); // no User-Agent: a bot
        click(DESKTOP, "192.0.2.1", null, "qr=1", false);
        pipeline.close();
        assertThat(pipeline.held()).as("an orderly stop stores everything").isZero();

        StatsViews.LinkStats hours = reader.link("abcde", "hour", "2", null, null).toCompletableFuture().join();
        assertThat(hours.series()).extracting(StatsViews.Point::start)
                .containsExactly(MIDNIGHT.minusSeconds(3_600).toString(), MIDNIGHT.toString());
        assertThat(hours.series()).extracting(StatsViews.Point::clicks, StatsViews.Point::humans, StatsViews.Point::bots)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(3L, 2L, 1L), org.assertj.core.groups.Tuple.tuple(3L, 1L, 2L));

        StatsViews.LinkStats days = reader.link("abcde", "day", "2", null, null).toCompletableFuture().join();
        assertThat(days.series()).extracting(StatsViews.Point::clicks, StatsViews.Point::uniques, StatsViews.Point::qrScans)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(3L, 1L, 0L), org.assertj.core.groups.Tuple.tuple(3L, 1L, 1L));
        assertThat(days.totals()).isEqualTo(new StatsViews.Totals(6, 3, 3, 2, 1));
        assertThat(days.devices()).isEqualTo(Map.of("ios", 2L, "android", 0L, "desktop", 1L, "other", 0L));
        assertThat(days.referrers()).containsExactly(new StatsViews.Referrer("news.example", 2), new StatsViews.Referrer("direct", 1));
        assertThat(days.countries()).isEqualTo(Map.of("GB", 2L, "DE", 1L));

        StatsViews.LinkStats months = reader.link("abcde", "month", "1", null, null).toCompletableFuture().join();
        long thisMonth = TODAY.getDayOfMonth() == 1 ? 3 : 6; // yesterday may be last month
        assertThat(months.totals().clicks()).isEqualTo(thisMonth);

        ApiKey owner = new ApiKey("k1", "owner", Set.of(ApiKey.Scope.LINKS_READ), "h", 0, false);
        StatsViews.OwnerStats mine = reader.owner("day", "2", null, null, owner).toCompletableFuture().join();
        assertThat(mine.owner()).isEqualTo("k1");
        assertThat(mine.totals()).isEqualTo(new StatsViews.OwnerTotals(6, 3, 3, 1));
        assertThat(mine.links()).containsExactly(new StatsViews.LinkClicks("abcde", 6));
        ApiKey stranger = new ApiKey("k2", "stranger", Set.of(ApiKey.Scope.LINKS_READ), "h2", 0, false);
        assertThat(reader.owner("day", "2", null, null, stranger).toCompletableFuture().join().totals().clicks()).isZero();
    }

    @Test
    void aDeletedLinksHeldClicks_areDropped_andItsStoredOnesGo() {
        click(DESKTOP, "192.0.2.1", null, null, false);
        clock.advance(Duration.ofSeconds(1));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.held() == 0);
        click(DESKTOP, "192.0.2.1", null, null, false);
        pipeline.forget("abcde");
        storage.clicks().delete("abcde").toCompletableFuture().join();
        pipeline.close();
        assertThat(storage.clicks().days("abcde", TODAY.minusDays(2), TODAY).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void aFullBuffer_dropsAndCounts_neverBlocks() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (ClickPipeline small = new ClickPipeline(storage.clicks(), new ClickClassifier(UserAgents.standard(), CountryLookup.NONE), clock,
                Duration.ofMinutes(1), 1_000, Duration.ofSeconds(30), registry)) {
            int taken = 0;
            for (int i = 0; i < 1_500; i++) {
                taken += small.offer(new Click("abcde", "k1", clock.millis(), DESKTOP, "192.0.2.1", null, null, false)) ? 1 : 0;
            }
            assertThat(taken).isEqualTo(1_000);
            assertThat(registry.get("shortcode.stats.clicks.counted").functionCounter().count()).isEqualTo(1_000);
            assertThat(registry.get("shortcode.stats.clicks.dropped").tag("reason", "buffer_full").counter().count()).isEqualTo(500);
            assertThat(registry.get("shortcode.stats.pending").gauge().value()).isEqualTo(1_000);
        }
        assertThat(registry.get("shortcode.stats.clicks.flushed").counter().count()).as("stored at the stop").isEqualTo(1_000);
    }
}
