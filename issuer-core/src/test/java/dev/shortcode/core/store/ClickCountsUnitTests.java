package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
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
    void hourFields_areRecognised() {
        assertThat(ClickFields.hour(0)).isEqualTo("h00");
        assertThat(ClickFields.hourBots(23)).isEqualTo("x23");
        assertThat(ClickFields.isHourly("h07")).isTrue();
        assertThat(ClickFields.isHourly("x23")).isTrue();
        assertThat(ClickFields.isHourly(ClickFields.TOTAL)).isFalse();
        assertThat(ClickFields.isHourly("r:h07")).isFalse();
    }
}
