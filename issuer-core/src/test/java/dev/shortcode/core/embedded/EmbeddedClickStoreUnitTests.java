package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded click store on a real RocksDB, with the time moved by hand across midnight, months and the retention. */
class EmbeddedClickStoreUnitTests {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-31T23:30:00Z"));
    private EmbeddedDatabase storage;
    private EmbeddedClickStore store;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new EmbeddedClickStore(storage, clock);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void apply(long batch, ClickDelta... deltas) {
        store.apply(batch, List.of(deltas)).toCompletableFuture().join();
    }

    private static ClickDelta delta(String subject, String day, Map<String, Long> counts, Set<String> visitors) {
        return new ClickDelta(subject, LocalDate.parse(day), counts, visitors);
    }

    private List<ClickBucket> days(String subject, String from, String to) {
        return store.days(subject, LocalDate.parse(from), LocalDate.parse(to)).toCompletableFuture().join();
    }

    @Test
    void clicksEitherSideOfMidnightAndOfAMonthEnd_landInTheirDaysHoursAndMonths() {
        apply(1, delta("abcde", "2026-01-31", Map.of("t", 3L, "b", 1L, "h23", 3L, "x23", 1L, "d:ios", 2L, "r:direct", 2L),
                Set.of("v1", "v2")));
        clock.set(Instant.parse("2026-02-01T00:30:00Z"));
        apply(2, delta("abcde", "2026-02-01", Map.of("t", 2L, "h00", 2L, "d:desktop", 2L, "r:news.example", 2L, "q", 1L), Set.of("v1")));
        apply(3, delta("abcde", "2026-01-31", Map.of("t", 1L, "h23", 1L, "d:ios", 1L, "r:direct", 1L), Set.of("v3", "v1")));

        List<ClickBucket> days = days("abcde", "2026-01-30", "2026-02-01");
        assertThat(days).extracting(ClickBucket::start).containsExactly(LocalDate.parse("2026-01-31"), LocalDate.parse("2026-02-01"));
        ClickBucket jan31 = days.get(0);
        assertThat(jan31.count("t")).isEqualTo(4);
        assertThat(jan31.count("b")).isEqualTo(1);
        assertThat(jan31.count("h23")).isEqualTo(4);
        assertThat(jan31.count("x23")).isEqualTo(1);
        assertThat(jan31.count("u")).as("v1, v2 and v3").isEqualTo(3);
        assertThat(jan31.count("d:ios")).isEqualTo(3);
        ClickBucket feb1 = days.get(1);
        assertThat(feb1.count("t")).isEqualTo(2);
        assertThat(feb1.count("h00")).isEqualTo(2);
        assertThat(feb1.count("h23")).isZero();
        assertThat(feb1.count("u")).as("v1 again, but on another day").isEqualTo(1);
        assertThat(feb1.count("q")).isEqualTo(1);

        List<ClickBucket> months = store.months("abcde", YearMonth.parse("2026-01"), YearMonth.parse("2026-02")).toCompletableFuture().join();
        assertThat(months).extracting(ClickBucket::start).containsExactly(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        assertThat(months.get(0).count("t")).isEqualTo(4);
        assertThat(months.get(0).count("u")).as("the sum of the month's daily uniques").isEqualTo(3);
        assertThat(months.get(0).counts()).as("months keep no hours").doesNotContainKey("h23");
        assertThat(months.get(1).count("t")).isEqualTo(2);
        assertThat(days("other", "2026-01-01", "2026-02-01")).isEmpty();
    }

    @Test
    void retention_dropsHoursAfterSevenDays_daysAfter400_monthsAfter120() {
        clock.set(Instant.parse("2026-03-10T12:00:00Z"));
        apply(1, delta("abcde", "2026-03-10", Map.of("t", 5L, "h12", 5L), Set.of()));
        clock.advance(Duration.ofDays(6));
        assertThat(days("abcde", "2026-03-10", "2026-03-10").get(0).count("h12")).as("day 7 of 7").isEqualTo(5);
        clock.advance(Duration.ofDays(1));
        // the store's own sweep at open runs on its thread and may come this late on a busy machine,
        // so the effect is asserted, not which of the two sweeps removed the hours
        store.sweepOnce();
        ClickBucket day = days("abcde", "2026-03-10", "2026-03-10").get(0);
        assertThat(day.count("t")).isEqualTo(5);
        assertThat(day.counts()).as("hours are kept for 7 days").doesNotContainKey("h12");

        clock.set(Instant.parse("2026-03-10T12:00:00Z").plus(Duration.ofDays(399)));
        assertThat(days("abcde", "2026-03-10", "2026-03-10")).as("day 400 of 400").hasSize(1);
        clock.advance(Duration.ofDays(1));
        store.sweepOnce();
        assertThat(days("abcde", "2026-01-01", "2027-12-31")).isEmpty();
        assertThat(store.months("abcde", YearMonth.parse("2026-03"), YearMonth.parse("2026-03")).toCompletableFuture().join())
                .as("the month stays").hasSize(1);

        clock.set(Instant.parse("2036-02-28T00:00:00Z")); // March 2026 is month 120 back from February 2036
        store.sweepOnce();
        assertThat(store.months("abcde", YearMonth.parse("2026-01"), YearMonth.parse("2036-02")).toCompletableFuture().join()).hasSize(1);
        clock.set(Instant.parse("2036-03-01T00:00:00Z"));
        store.sweepOnce();
        assertThat(store.months("abcde", YearMonth.parse("2026-01"), YearMonth.parse("2036-03")).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void salt_isOnePerDay_keptAcrossRestarts_andDestroyedAfterTwoDays() {
        byte[] first = store.salt(LocalDate.parse("2026-01-31")).toCompletableFuture().join();
        assertThat(first).hasSize(16);
        assertThat(store.salt(LocalDate.parse("2026-01-31")).toCompletableFuture().join()).isEqualTo(first);
        assertThat(store.salt(LocalDate.parse("2026-02-01")).toCompletableFuture().join()).isNotEqualTo(first);
        storage.close();
        open();
        assertThat(store.salt(LocalDate.parse("2026-01-31")).toCompletableFuture().join()).as("after a restart").isEqualTo(first);
        clock.advance(Duration.ofDays(2));
        store.sweepOnce();
        assertThat(store.salt(LocalDate.parse("2026-01-31")).toCompletableFuture().join()).as("a new one: the old is destroyed")
                .isNotEqualTo(first);
    }

    @Test
    void delete_removesEveryRecordOfTheSubjectOnly() {
        apply(1, delta("abcde", "2026-01-31", Map.of("t", 1L, "h23", 1L), Set.of("v")), delta("abcdf", "2026-01-31", Map.of("t", 1L), Set.of()));
        store.delete("abcde").toCompletableFuture().join();
        assertThat(days("abcde", "2026-01-01", "2026-01-31")).isEmpty();
        assertThat(store.months("abcde", YearMonth.parse("2026-01"), YearMonth.parse("2026-01")).toCompletableFuture().join()).isEmpty();
        assertThat(days("abcdf", "2026-01-01", "2026-01-31")).hasSize(1);
    }

    @Test
    void manyVisitors_areEstimatedWithinThreePointThreePercent() {
        Set<String> visitors = new HashSet<>();
        for (int i = 0; i < 20_000; i++) {
            visitors.add(Long.toHexString(i * 0x9E3779B97F4A7C15L));
        }
        apply(1, delta("abcde", "2026-01-31", Map.of("t", 20_000L), visitors));
        long uniques = days("abcde", "2026-01-31", "2026-01-31").get(0).count(ClickFields.UNIQUES);
        assertThat(Math.abs(uniques - 20_000) / 20_000.0).isLessThan(0.033);
    }

    /** 600 links (three fold chunks) clicked over three batches, each a click an hour with its own visitor, and the owner's sums. */
    private void clickManyLinks(long firstBatch) {
        for (int b = 0; b < 3; b++) {
            List<ClickDelta> deltas = new java.util.ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                deltas.add(delta("link" + i, "2026-01-31", Map.of("t", 1L, "h2" + b, 1L, "d:ios", 1L), Set.of("v" + b)));
            }
            deltas.add(delta("~owner", "2026-01-31", Map.of("t", (long) MANY, "l:link0", 1L), Set.of()));
            store.apply(firstBatch + b, deltas).toCompletableFuture().join();
        }
    }

    private static final int MANY = 600;

    /** Every link's day and month as expected after {@code rounds} times {@link #clickManyLinks}. */
    private void assertManyLinksCounted(int rounds, String when) {
        for (int i = 0; i < MANY; i += 37) {
            List<ClickBucket> day = days("link" + i, "2026-01-31", "2026-01-31");
            assertThat(day).as(when).hasSize(1);
            assertThat(day.get(0).count("t")).as(when).isEqualTo(3L * rounds);
            assertThat(day.get(0).count("h21")).as(when).isEqualTo(rounds);
            assertThat(day.get(0).count("d:ios")).as(when).isEqualTo(3L * rounds);
            assertThat(day.get(0).count(ClickFields.UNIQUES)).as(when + ": v0, v1, v2").isEqualTo(3);
            assertThat(day.get(0).counts()).as(when + ": the fold's mark is the store's own").doesNotContainKey(EmbeddedClickStore.FOLDED_THROUGH);
            List<ClickBucket> month = store.months("link" + i, YearMonth.parse("2026-01"), YearMonth.parse("2026-01")).toCompletableFuture().join();
            assertThat(month.get(0).count("t")).as(when).isEqualTo(3L * rounds);
            assertThat(month.get(0).count(ClickFields.UNIQUES)).as(when).isEqualTo(3);
        }
        assertThat(days("~owner", "2026-01-31", "2026-01-31").get(0).count("l:link0")).as(when).isEqualTo(3L * rounds);
    }

    private int journalEntries() {
        return ownKeys(EmbeddedClickStore.JOURNAL);
    }

    /** The store's own keys of one kind ({@code 0x00 kind ...}). */
    private int ownKeys(byte kind) {
        byte[] prefix = {0, kind};
        return storage.call(db -> {
            int n = 0;
            try (org.rocksdb.RocksIterator it = db.newIterator(storage.clicks())) {
                for (it.seek(prefix); it.isValid() && it.key().length > 1 && it.key()[0] == 0 && it.key()[1] == kind; it.next()) {
                    n++;
                }
            }
            return n;
        });
    }

    @Test
    void pendingClicks_readTheSameBeforeAndAfterTheyAreFolded_andTheFoldEmptiesTheJournal() {
        clickManyLinks(1);
        assertThat(journalEntries()).isEqualTo(3);
        assertManyLinksCounted(1, "journaled, not folded");
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        assertThat(journalEntries()).isZero();
        assertManyLinksCounted(1, "folded");
        clickManyLinks(4);
        assertThat(store.foldOnce(1)).as("one chunk of three").isFalse();
        assertManyLinksCounted(2, "half folded");
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        assertManyLinksCounted(2, "folded twice");
    }

    @Test
    void aRestartWithoutAFold_readsTheJournalBack_andCountsEachClickOnce() {
        clickManyLinks(1);
        storage.close(); // as after a kill: nothing folded, the journal is all there is
        open();
        assertManyLinksCounted(1, "read back");
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        assertManyLinksCounted(1, "read back, then folded");
        storage.close();
        open();
        assertManyLinksCounted(1, "after another restart");
    }

    @Test
    void aCrashHalfwayThroughAFold_isFinishedAfterTheRestart_withoutCountingAnyClickTwice() {
        clickManyLinks(1);
        store.foldOnce(Integer.MAX_VALUE);
        clickManyLinks(4);
        assertThat(store.foldOnce(2)).as("two chunks of three").isFalse();
        storage.close();
        open();
        assertManyLinksCounted(2, "read back after a fold stopped half-way");
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        assertThat(journalEntries()).isZero();
        assertManyLinksCounted(2, "folded after the restart");
    }

    @Test
    void aBatchAppliedAgain_isCountedOnce_beforeAndAfterARestart() {
        clickManyLinks(1);
        clickManyLinks(1);
        assertManyLinksCounted(1, "the same batches again");
        storage.close();
        open();
        clickManyLinks(1);
        assertManyLinksCounted(1, "the same batches again after a restart");
        clickManyLinks(4);
        assertManyLinksCounted(2, "new batches");
    }

    @Test
    void readsWhileAFoldRewritesTheRecords_seeEachSubjectDayWhole() throws Exception {
        int links = 128;
        for (int round = 1; round <= 12; round++) {
            List<ClickDelta> deltas = new java.util.ArrayList<>();
            for (int i = 0; i < links; i++) {
                deltas.add(delta("link" + i, "2026-01-31", Map.of("t", 1L), Set.of("v" + round)));
            }
            apply(round, deltas.toArray(ClickDelta[]::new));
            java.util.concurrent.CompletableFuture<Boolean> fold =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> store.foldOnce(Integer.MAX_VALUE));
            int reads = 0;
            do {
                ClickBucket day = days("link" + reads++ % links, "2026-01-31", "2026-01-31").get(0);
                assertThat(day.count("t")).as("round %d, read %d", round, reads).isEqualTo(round);
                assertThat(day.count(ClickFields.UNIQUES)).as("round %d, read %d: a visitor a round", round, reads).isEqualTo(round);
            } while (!fold.isDone());
            assertThat(fold.get()).isTrue();
        }
    }

    /** Two codes whose index hashes are equal, found by a birthday search (a collision is near certain among 300,000). */
    private static String[] twoCodesOfOneHash() {
        Map<Integer, String> seen = new java.util.HashMap<>();
        for (int i = 0; ; i++) {
            String code = "c" + Integer.toString(i, 36);
            String other = seen.putIfAbsent(PendingClicks.hash(code), code);
            if (other != null) {
                return new String[] {other, code};
            }
        }
    }

    @Test
    void subjectsThatShareAnIndexHash_areCountedApart_pendingAndFolded() {
        String[] codes = twoCodesOfOneHash();
        assertThat(PendingClicks.hash(codes[0])).isEqualTo(PendingClicks.hash(codes[1]));
        apply(1, delta(codes[0], "2026-01-31", Map.of("t", 2L), Set.of("v1")), delta(codes[1], "2026-01-31", Map.of("t", 5L), Set.of()));
        apply(2, delta(codes[1], "2026-01-31", Map.of("t", 1L), Set.of("v2")));
        for (String when : List.of("pending", "folded")) {
            assertThat(days(codes[0], "2026-01-31", "2026-01-31").get(0).count("t")).as(when).isEqualTo(2);
            assertThat(days(codes[0], "2026-01-31", "2026-01-31").get(0).count(ClickFields.UNIQUES)).as(when).isEqualTo(1);
            assertThat(days(codes[1], "2026-01-31", "2026-01-31").get(0).count("t")).as(when).isEqualTo(6);
            assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        }
        store.delete(codes[0]).toCompletableFuture().join();
        apply(3, delta(codes[1], "2026-01-31", Map.of("t", 1L), Set.of()));
        assertThat(days(codes[0], "2026-01-01", "2026-01-31")).isEmpty();
        assertThat(days(codes[1], "2026-01-31", "2026-01-31").get(0).count("t")).as("its neighbour's delete leaves it").isEqualTo(7);
    }

    @Test
    void aDeleteOfClicksAllFolded_leavesNoMark_andTheMarksOfEarlierDeletesGoWithTheirJournal() {
        apply(1, delta("abcde", "2026-01-31", Map.of("t", 2L), Set.of()), delta("abcdf", "2026-01-31", Map.of("t", 1L), Set.of()));
        store.delete("abcde").toCompletableFuture().join();
        assertThat(ownKeys(EmbeddedClickStore.DELETED)).as("the journal still holds its clicks").isEqualTo(1);
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        assertThat(ownKeys(EmbeddedClickStore.DELETED)).as("gone with the journal entry it covered").isZero();
        store.delete("abcdf").toCompletableFuture().join();
        assertThat(ownKeys(EmbeddedClickStore.DELETED)).as("every click of it was folded, and the delete removed the records").isZero();
        assertThat(days("abcdf", "2026-01-01", "2026-01-31")).isEmpty();
    }

    @Test
    void aDeletedSubjectsJournaledClicks_doNotComeBackAfterARestart() {
        apply(1, delta("abcde", "2026-01-31", Map.of("t", 2L), Set.of("v")), delta("abcdf", "2026-01-31", Map.of("t", 1L), Set.of()));
        store.delete("abcde").toCompletableFuture().join();
        assertThat(days("abcde", "2026-01-01", "2026-01-31")).isEmpty();
        storage.close();
        open();
        assertThat(days("abcde", "2026-01-01", "2026-01-31")).as("after a restart").isEmpty();
        assertThat(days("abcdf", "2026-01-01", "2026-01-31").get(0).count("t")).isEqualTo(1);
        apply(2, delta("abcde", "2026-01-31", Map.of("t", 5L), Set.of()));
        assertThat(store.foldOnce(Integer.MAX_VALUE)).isTrue();
        storage.close();
        open();
        assertThat(days("abcde", "2026-01-01", "2026-01-31").get(0).count("t")).as("a code used again after its deletion counts anew")
                .isEqualTo(5);
    }
}
