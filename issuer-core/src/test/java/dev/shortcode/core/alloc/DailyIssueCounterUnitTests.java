package dev.shortcode.core.alloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.Storage;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DailyIssueCounterUnitTests {

    private static final LocalDate DAY1 = LocalDate.parse("2026-01-01");
    private static final LocalDate DAY2 = DAY1.plusDays(1);
    /** Long enough that only the test's explicit flush() calls run. */
    private static final Duration MANUAL = Duration.ofHours(1);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T23:59:50Z"));
    private Storage storage;
    private Archive archive;
    private CodeIssuer issuer;

    @BeforeEach
    void open() {
        IssuerOptions config = IssuerOptions.builder().secret("0123456789abcdef-test-secret").build(); // short, medium, long
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir), config, ColdReadOptions.DEFAULTS);
        archive = storage.archive();
        issuer = new CodeIssuer(config, storage.blockSource(), Ticker.SYSTEM, IssuerMetrics.NOOP);
    }

    @AfterEach
    void close() {
        issuer.close();
        storage.close();
    }

    private void issue(String pool, int count) {
        for (int i = 0; i < count; i++) {
            issuer.allocator(pool).next();
        }
    }

    private Map<LocalDate, Long> recorded(String pool) {
        return archive.issuedPerDay(pool, DAY1.minusDays(1), DAY2.plusDays(1)).toCompletableFuture().join();
    }

    @Test
    void flush_acrossMidnight_recordsEachDeltaOnTheUtcDayItWasRead() {
        DailyIssueCounter counter = new DailyIssueCounter(issuer::stats, archive, clock, MANUAL);
        issue("short", 100);
        issue("long", 30);
        assertThat(counter.flush()).isTrue();

        clock.advance(Duration.ofSeconds(20)); // 00:00:10 on day 2
        issue("short", 50);
        assertThat(counter.flush()).isTrue();
        assertThat(counter.flush()).as("nothing new: nothing written").isTrue();
        counter.close();

        assertThat(recorded("short")).containsExactly(Map.entry(DAY1, 100L), Map.entry(DAY2, 50L));
        assertThat(recorded("long")).containsExactly(Map.entry(DAY1, 30L));
        assertThat(recorded("medium")).isEmpty();
    }

    @Test
    void flush_whenTheArchiveFails_keepsTheDeltaForTheNextAttempt() {
        FailingArchive failing = new FailingArchive(archive);
        DailyIssueCounter counter = new DailyIssueCounter(issuer::stats, failing, clock, MANUAL);
        issue("short", 10);
        failing.failing = true;

        assertThat(counter.flush()).isFalse();
        assertThat(counter.pending()).isEqualTo(Map.of("short", Map.of(DAY1, 10L)));

        clock.advance(Duration.ofMinutes(1)); // day 2
        issue("short", 5);
        assertThat(counter.flush()).isFalse();
        failing.failing = false;
        assertThat(counter.flush()).isTrue();

        assertThat(counter.pending()).isEmpty();
        assertThat(recorded("short")).containsExactly(Map.entry(DAY1, 10L), Map.entry(DAY2, 5L));
        counter.close();
    }

    @Test
    void close_flushesWhatWasIssuedSinceTheLastFlush() {
        DailyIssueCounter counter = new DailyIssueCounter(issuer::stats, archive, clock, MANUAL);
        issue("medium", 7);

        counter.close();
        counter.close(); // idempotent: still counted once

        assertThat(recorded("medium")).containsExactly(Map.entry(DAY1, 7L));
    }

    @Test
    void schedule_flushesEveryIntervalOnItsOwnThread() {
        try (DailyIssueCounter counter = new DailyIssueCounter(issuer::stats, archive, clock, Duration.ofMillis(20))) {
            issue("short", 3);
            await().atMost(Duration.ofSeconds(10)).until(() -> recorded("short").equals(Map.of(DAY1, 3L)));
            issue("short", 4);
            await().atMost(Duration.ofSeconds(10)).until(() -> recorded("short").equals(Map.of(DAY1, 7L)));
        }
    }

    @Test
    void constructor_nonPositiveInterval_namesTheKey() {
        assertThatThrownBy(() -> new DailyIssueCounter(issuer::stats, archive, clock, Duration.ZERO))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith(DailyIssueCounter.INTERVAL_KEY);
    }

    /** The real archive behind a switch that makes day-count writes fail, as an unreachable archive would. */
    private static final class FailingArchive implements Archive {
        private final Archive delegate;
        volatile boolean failing;

        FailingArchive(Archive delegate) {
            this.delegate = delegate;
        }

        @Override
        public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
            return failing ? CompletableFuture.failedFuture(new IllegalStateException("archive unreachable"))
                    : delegate.addIssued(pool, day, count);
        }

        @Override
        public CompletionStage<Void> write(List<ArchiveMutation> batch) {
            return delegate.write(batch);
        }

        @Override
        public CompletionStage<Optional<LinkRecord>> get(String code) {
            return delegate.get(code);
        }

        @Override
        public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
            return delegate.issuedPerDay(pool, from, to);
        }
    }
}
