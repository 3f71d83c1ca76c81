package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ClickArchive;
import dev.shortcode.core.store.ClickArchive.ClickRow;
import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The clicks table on a real HBase: rows as the roll-up writes them, read back by subject and range. */
class HBaseClickArchiveIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    /** Recent days: the families' times to live count from the cells' timestamps, the buckets' starts. */
    private static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);
    private static HBaseStorage storage;
    private static ClickArchive clicks;

    @BeforeAll
    static void open() {
        storage = HBaseStorage.open(CLUSTER.archiveConfig().build());
        clicks = storage.clicks();
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    private static ClickRow row(String subject, LocalDate start, Map<String, Long> counts) {
        return new ClickRow(subject, new ClickBucket(start, counts));
    }

    @Test
    void putDays_thenDays_returnsTheRangeOfThatSubjectOnly_withItsHours() {
        String code = TestLinks.code();
        await(clicks.putDays(List.of(
                row(code, TODAY.minusDays(2), Map.of("t", 5L, "b", 1L, "h10", 5L, "x10", 1L, "r:direct", 4L)),
                row(code, TODAY.minusDays(1), Map.of("t", 2L, "u", 2L)),
                row(code, TODAY, Map.of("t", 1L)),
                row(code + "x", TODAY.minusDays(1), Map.of("t", 9L)))));
        List<ClickBucket> days = await(clicks.days(code, TODAY.minusDays(2), TODAY.minusDays(1)));
        assertThat(days).extracting(ClickBucket::start).containsExactly(TODAY.minusDays(2), TODAY.minusDays(1));
        assertThat(days.get(0).counts()).isEqualTo(Map.of("t", 5L, "b", 1L, "h10", 5L, "x10", 1L, "r:direct", 4L));
        assertThat(days.get(1).count("u")).isEqualTo(2);
        assertThat(await(clicks.days(code + "x", TODAY.minusDays(5), TODAY))).hasSize(1);
    }

    @Test
    void putDays_again_replacesTheValues_andDeleteRemovesEveryRow() {
        String code = TestLinks.code();
        await(clicks.putDays(List.of(row(code, TODAY, Map.of("t", 5L)))));
        await(clicks.putDays(List.of(row(code, TODAY, Map.of("t", 7L)))));
        await(clicks.putMonths(List.of(row(code, YearMonth.from(TODAY).atDay(1), Map.of("t", 7L, "h01", 3L)))));
        assertThat(await(clicks.days(code, TODAY, TODAY)).get(0).count("t")).isEqualTo(7);
        List<ClickBucket> months = await(clicks.months(code, YearMonth.from(TODAY), YearMonth.from(TODAY)));
        assertThat(months).hasSize(1);
        assertThat(months.get(0).counts()).as("months keep no hours").isEqualTo(Map.of("t", 7L));

        await(clicks.delete(code));
        assertThat(await(clicks.days(code, TODAY.minusDays(30), TODAY))).isEmpty();
        assertThat(await(clicks.months(code, YearMonth.from(TODAY).minusMonths(3), YearMonth.from(TODAY)))).isEmpty();
    }

    @Test
    void hoursOlderThanSevenDays_andDaysOlderThan400_areNotReturned() {
        String code = TestLinks.code();
        await(clicks.putDays(List.of(row(code, TODAY.minusDays(8), Map.of("t", 3L, "h05", 3L)),
                row(code, TODAY.minusDays(401), Map.of("t", 1L)))));
        List<ClickBucket> days = await(clicks.days(code, TODAY.minusDays(500), TODAY));
        assertThat(days).extracting(ClickBucket::start).containsExactly(TODAY.minusDays(8));
        assertThat(days.get(0).counts()).isEqualTo(Map.of("t", 3L));
    }
}
