package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.VisitorHashes;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tally's deltas: what each click adds to its link-day, its owner's day and all links' day, across hours, days, growth and reuse. */
class ClickTallyUnitTests {

    private static final long DAY_ONE_23H = Instant.parse("2026-03-01T23:59:30Z").toEpochMilli();
    private static final long DAY_TWO_00H = Instant.parse("2026-03-02T00:00:10Z").toEpochMilli();

    private final ClickTally tally = new ClickTally();

    private static Click click(String code, String owner, long at) {
        return new Click(code, owner, at, "ua", "192.0.2.1", null, null, false);
    }

    private static ClickClassifier.Classified human(DeviceClass device, String referrer, String country, boolean qr) {
        return new ClickClassifier.Classified(false, device, referrer, qr, Optional.ofNullable(country));
    }

    private static final ClickClassifier.Classified BOT = new ClickClassifier.Classified(true, DeviceClass.OTHER, null, false, Optional.empty());

    private static Map<String, ClickDelta> bySubjectDay(List<ClickDelta> deltas) {
        Map<String, ClickDelta> map = new HashMap<>();
        for (ClickDelta delta : deltas) {
            assertThat(map.put(delta.subject() + "@" + delta.day(), delta)).as("one delta per subject-day").isNull();
        }
        return map;
    }

    @Test
    void clicksEitherSideOfMidnight_sumIntoTheirLinkDaysHoursOwnersAndAllLinks() {
        tally.add(click("abcde", "k1", DAY_ONE_23H), human(DeviceClass.IOS, "news.example", "DE", false), 7L);
        tally.add(click("abcde", "k1", DAY_ONE_23H + 1_000), human(DeviceClass.IOS, "news.example", null, true), 7L);
        tally.add(click("abcde", "k1", DAY_ONE_23H + 2_000), human(DeviceClass.DESKTOP, null, null, false));
        tally.add(click("abcde", "k1", DAY_ONE_23H + 3_000), BOT);
        tally.add(click("abcde", "k1", DAY_TWO_00H), human(DeviceClass.ANDROID, "direct", null, false), 7L);
        tally.add(click("fghij", "k2", DAY_TWO_00H), BOT);

        assertThat(tally.clicks()).isEqualTo(6);
        assertThat(tally.oldestMillis()).isEqualTo(DAY_ONE_23H);
        Map<String, ClickDelta> deltas = bySubjectDay(tally.deltas());
        assertThat(deltas).containsOnlyKeys("abcde@2026-03-01", "abcde@2026-03-02", "fghij@2026-03-02", "~k1@2026-03-01", "~k1@2026-03-02",
                "~k2@2026-03-02", "~*@2026-03-01", "~*@2026-03-02");
        assertThat(deltas.get("abcde@2026-03-01").counts()).isEqualTo(Map.of("t", 4L, "h23", 4L, "b", 1L, "x23", 1L, "q", 1L, "d:ios", 2L,
                "d:desktop", 1L, "r:news.example", 2L, "r:~", 1L, "c:DE", 1L));
        assertThat(deltas.get("abcde@2026-03-01").visitors()).containsExactly(VisitorHashes.text(7L));
        assertThat(deltas.get("abcde@2026-03-02").counts()).isEqualTo(Map.of("t", 1L, "h00", 1L, "d:android", 1L, "r:direct", 1L));
        assertThat(deltas.get("abcde@2026-03-02").visitors()).as("uniques are per day").containsExactly(VisitorHashes.text(7L));
        assertThat(deltas.get("fghij@2026-03-02").counts()).as("a bot is counted, never broken down")
                .isEqualTo(Map.of("t", 1L, "h00", 1L, "b", 1L, "x00", 1L));
        assertThat(deltas.get("~k1@2026-03-01").counts()).isEqualTo(Map.of("t", 4L, "h23", 4L, "b", 1L, "x23", 1L, "q", 1L, "l:abcde", 4L));
        assertThat(deltas.get("~k1@2026-03-01").visitors()).isEmpty();
        assertThat(deltas.get("~*@2026-03-02").counts()).isEqualTo(Map.of("t", 2L, "h00", 2L, "b", 1L, "x00", 1L, "l:abcde", 1L, "l:fghij", 1L));
    }

    @Test
    void thousandsOfLinksOverTwoHours_growTheTables_andClearingStartsTheNextIntervalEmpty() {
        int links = 5_000;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < links; i++) {
                long at = DAY_ONE_23H - 3_600_000L * (i % 2);
                for (int c = 0; c <= i % 3; c++) {
                    tally.add(click("c" + i, "k" + i % 7, at), human(DeviceClass.IOS, "host" + c + ".example", null, false), c + 31L * i);
                }
            }
            Map<String, ClickDelta> deltas = bySubjectDay(tally.deltas());
            assertThat(deltas).hasSize(links + 7 + 1);
            long all = 0;
            for (int i = 0; i < links; i++) {
                ClickDelta link = deltas.get("c" + i + "@2026-03-01");
                long clicks = i % 3 + 1;
                assertThat(link.counts()).containsEntry("t", clicks).containsEntry(i % 2 == 0 ? "h23" : "h22", clicks)
                        .containsEntry("r:host0.example", 1L).containsEntry("d:ios", clicks);
                assertThat(link.visitors()).hasSize((int) clicks);
                assertThat(deltas.get("~k" + i % 7 + "@2026-03-01").counts()).containsEntry("l:c" + i, clicks);
                all += clicks;
            }
            assertThat(deltas.get("~*@2026-03-01").counts()).containsEntry("t", all);
            assertThat(tally.clicks()).as("round %d", round).isEqualTo(all);
            tally.clear();
            assertThat(tally.isEmpty()).isTrue();
            assertThat(tally.deltas()).isEmpty();
            assertThat(tally.oldestMillis()).isEqualTo(Long.MAX_VALUE);
        }
    }

    @Test
    void aVisitorInTwoHoursOfOneDay_isOneVisitorOfThatDay() {
        long hourBefore = DAY_ONE_23H - 3_600_000L;
        tally.add(click("abcde", "k1", hourBefore), human(DeviceClass.IOS, null, null, false), 7L);
        tally.add(click("abcde", "k1", DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), 7L);
        tally.add(click("abcde", "k1", DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), -7L);
        for (long visitor = 100; visitor < 140; visitor++) { // past the day's first few slots: its array grows
            tally.add(click("abcde", "k1", visitor % 2 == 0 ? hourBefore : DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), visitor);
        }

        ClickDelta day = bySubjectDay(tally.deltas()).get("abcde@2026-03-01");

        assertThat(day.counts()).containsEntry("t", 43L).containsEntry("h22", 21L).containsEntry("h23", 22L);
        assertThat(day.visitors()).hasSize(42).contains(VisitorHashes.text(7L), VisitorHashes.text(-7L), VisitorHashes.text(139L));
    }

    @Test
    void aForgottenLink_keepsItsClicksInItsOwnersSums_andALaterClickCountsAnew() {
        tally.add(click("abcde", "k1", DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), 1L);
        tally.add(click("abcdf", "k1", DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), 2L);
        tally.forget("abcde");
        tally.add(click("abcdf", "k1", DAY_ONE_23H), human(DeviceClass.IOS, null, null, false), 3L);
        tally.add(click("abcde", "k1", DAY_ONE_23H + 1_000), human(DeviceClass.ANDROID, null, null, false), 4L);

        Map<String, ClickDelta> deltas = bySubjectDay(tally.deltas());
        assertThat(deltas.get("abcde@2026-03-01").counts()).isEqualTo(Map.of("t", 1L, "h23", 1L, "d:android", 1L, "r:~", 1L));
        assertThat(deltas.get("abcde@2026-03-01").visitors()).isEqualTo(Set.of(VisitorHashes.text(4L)));
        assertThat(deltas.get("abcdf@2026-03-01").counts()).containsEntry("t", 2L);
        assertThat(deltas.get("~k1@2026-03-01").counts()).containsEntry("t", 4L).containsEntry("l:abcde", 2L).containsEntry("l:abcdf", 2L);
        assertThat(LocalDate.parse("2026-03-01")).isEqualTo(deltas.get("~k1@2026-03-01").day());
    }

    @Test
    void aSealOfRandomClicks_sumsAsTheClicksOneByOneDo_overOwnersDaysAndIntervals() {
        Random random = new Random(17);
        DeviceClass[] devices = DeviceClass.values();
        for (int interval = 0; interval < 3; interval++) {
            Map<String, Map<String, Long>> expected = new HashMap<>();
            Map<String, Set<String>> expectedVisitors = new HashMap<>();
            for (int i = 0; i < 20_000; i++) {
                String code = "c" + (int) Math.pow(3_000, random.nextDouble()); // Zipf-like over 3,000 links
                String owner = "k" + code.hashCode() % 5;
                long at = DAY_ONE_23H + random.nextInt(60_000) - 20_000; // either side of midnight
                String day = Instant.ofEpochMilli(at).toString().substring(0, 10);
                String hour = String.format("%02d", Instant.ofEpochMilli(at).atZone(java.time.ZoneOffset.UTC).getHour());
                boolean bot = random.nextInt(10) == 0;
                Map<String, Long> link = expected.computeIfAbsent(code + "@" + day, k -> new HashMap<>());
                for (String subject : new String[] {"~" + owner, "~*"}) {
                    Map<String, Long> sums = expected.computeIfAbsent(subject + "@" + day, k -> new HashMap<>());
                    sums.merge("t", 1L, Long::sum);
                    sums.merge("h" + hour, 1L, Long::sum);
                    sums.merge("l:" + code, 1L, Long::sum);
                    if (bot) {
                        sums.merge("b", 1L, Long::sum);
                        sums.merge("x" + hour, 1L, Long::sum);
                    }
                }
                link.merge("t", 1L, Long::sum);
                link.merge("h" + hour, 1L, Long::sum);
                if (bot) {
                    link.merge("b", 1L, Long::sum);
                    link.merge("x" + hour, 1L, Long::sum);
                    tally.add(click(code, owner, at), BOT, random.nextLong());
                    continue;
                }
                DeviceClass device = devices[random.nextInt(devices.length)];
                String referrer = random.nextBoolean() ? null : "host" + random.nextInt(4) + ".example";
                long visitor = random.nextInt(50);
                link.merge("d:" + ClickClassifier.deviceName(device), 1L, Long::sum);
                link.merge(referrer == null ? "r:~" : "r:" + referrer, 1L, Long::sum);
                expectedVisitors.computeIfAbsent(code + "@" + day, k -> new HashSet<>()).add(VisitorHashes.text(visitor));
                tally.add(click(code, owner, at), human(device, referrer, null, false), visitor);
            }

            Map<String, ClickDelta> deltas = bySubjectDay(tally.deltas());

            assertThat(deltas.keySet()).as("interval %d", interval).isEqualTo(expected.keySet());
            expected.forEach((subjectDay, counts) -> {
                assertThat(deltas.get(subjectDay).counts()).as(subjectDay).isEqualTo(counts);
                assertThat(deltas.get(subjectDay).visitors()).as(subjectDay).isEqualTo(expectedVisitors.getOrDefault(subjectDay, Set.of()));
            });
            tally.clear();
        }
    }
}
