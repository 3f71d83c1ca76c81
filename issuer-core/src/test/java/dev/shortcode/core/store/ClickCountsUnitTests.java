package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClickCountsUnitTests {

    @Test
    void add_sumsFields_andCapsNewReferrerHostsAtSixtyFour() {
        Map<String, Long> day = new HashMap<>();
        for (int i = 0; i < ClickRetention.MAX_REFERRERS + 10; i++) {
            ClickCounts.add(day, Map.of(ClickFields.TOTAL, 1L, ClickFields.REFERRER + "host" + i + ".example", 2L));
        }
        ClickCounts.add(day, Map.of(ClickFields.REFERRER + "host0.example", 5L));
        assertThat(day.get(ClickFields.TOTAL)).isEqualTo(ClickRetention.MAX_REFERRERS + 10);
        assertThat(day.keySet().stream().filter(f -> f.startsWith(ClickFields.REFERRER) && !f.equals(ClickFields.REFERRER_OTHER)))
                .hasSize(ClickRetention.MAX_REFERRERS);
        assertThat(day.get(ClickFields.REFERRER + "host0.example")).as("a kept host still counts").isEqualTo(7);
        assertThat(day.get(ClickFields.REFERRER_OTHER)).as("ten later hosts, two clicks each").isEqualTo(20);
    }

    @Test
    void add_keepsTheThousandLinksWithTheMostClicks() {
        Map<String, Long> owner = new HashMap<>();
        Map<String, Long> delta = new HashMap<>();
        for (int i = 0; i < ClickRetention.MAX_TOP_LINKS + 200; i++) {
            delta.put(ClickFields.LINK + "c" + i, (long) i + 1);
        }
        ClickCounts.add(owner, delta);
        assertThat(owner).hasSize(ClickRetention.MAX_TOP_LINKS);
        assertThat(owner).containsKey(ClickFields.LINK + "c" + (ClickRetention.MAX_TOP_LINKS + 199)).doesNotContainKey(ClickFields.LINK + "c0");
    }

    @Test
    void add_keepsTheSameLinksAsSortingThemAll_tiesGoingToTheSmallerCode() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            Map<String, Long> owner = new HashMap<>(Map.of(ClickFields.TOTAL, 5L, ClickFields.hour(3), 5L));
            Map<String, Long> reference = new HashMap<>(owner);
            for (int batch = 0; batch < 4; batch++) {
                Map<String, Long> delta = new HashMap<>();
                int links = 200 + random.nextInt(1_500);
                for (int i = 0; i < links; i++) {
                    // few distinct counts, so that many links tie at the cut
                    delta.merge(ClickFields.LINK + Integer.toString(random.nextInt(3_000), 36), 1L + random.nextInt(round % 2 == 0 ? 3 : 40), Long::sum);
                }
                ClickCounts.add(owner, delta);
                delta.forEach((field, n) -> reference.merge(field, n, Long::sum));
                sortAndCut(reference);
                assertThat(owner).as("round %d, batch %d", round, batch).isEqualTo(reference);
            }
        }
    }

    /** The plain way: every link sorted by clicks, most first, then by code; the tail cut. */
    private static void sortAndCut(Map<String, Long> counts) {
        List<Map.Entry<String, Long>> links = new ArrayList<>(counts.entrySet().stream().filter(e -> ClickFields.isLink(e.getKey()))
                .map(e -> Map.entry(e.getKey(), e.getValue())).toList());
        links.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue).reversed().thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, Long> cut : links.subList(Math.min(links.size(), ClickRetention.MAX_TOP_LINKS), links.size())) {
            counts.remove(cut.getKey());
        }
    }

    @Test
    void hourFields_areRecognised() {
        assertThat(ClickFields.hour(0)).isEqualTo("h00");
        assertThat(ClickFields.hourBots(23)).isEqualTo("x23");
        assertThat(ClickFields.isHourly("h07")).isTrue();
        assertThat(ClickFields.isHourly("x23")).isTrue();
        assertThat(ClickFields.isHourly(ClickFields.TOTAL)).isFalse();
        assertThat(ClickFields.isHourly("r:h07")).isFalse();
    }
}
