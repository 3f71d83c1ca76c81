package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DensePairsUnitTests {

    private final DensePairs pairs = new DensePairs();

    @Test
    void eachPairGetsOneDenseId_inTheOrderFirstSeen_pastSeveralGrowths() {
        Random random = new Random(3);
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < 40_000; i++) {
            String code = "c" + random.nextInt(5_000); // consecutive codes, as a node's can be
            long hour = 490_000 + random.nextInt(3);
            Integer expected = ids.computeIfAbsent(code + "@" + hour, k -> ids.size());

            assertThat(pairs.idOf(code, hour)).isEqualTo(expected);
        }
        assertThat(pairs.size()).isEqualTo(ids.size());
        assertThat(pairs.capacity()).isGreaterThanOrEqualTo(pairs.size());
        ids.forEach((key, id) -> {
            assertThat(pairs.text(id) + "@" + pairs.number(id)).isEqualTo(key);
            assertThat(pairs.isForgotten(id)).isFalse();
        });
    }

    @Test
    void aForgottenText_keepsItsIdsButIsFoundNoMore_inEveryNumber() {
        int a1 = pairs.idOf("abcde", 1);
        int b1 = pairs.idOf("abcdf", 1);
        int a2 = pairs.idOf("abcde", 2);

        assertThat(pairs.forget("abcde")).isTrue();
        assertThat(pairs.forget("zzzzz")).isFalse();

        assertThat(pairs.isForgotten(a1)).isTrue();
        assertThat(pairs.isForgotten(a2)).isTrue();
        assertThat(pairs.text(a1)).isEqualTo("abcde");
        assertThat(pairs.idOf("abcdf", 1)).isEqualTo(b1);
        int again = pairs.idOf("abcde", 1);
        assertThat(again).isEqualTo(3);
        assertThat(pairs.isForgotten(again)).isFalse();
        for (int i = 0; i < 3_000; i++) { // a growth indexes again: the forgotten stay out
            pairs.idOf("x" + i, 1);
        }
        assertThat(pairs.idOf("abcde", 2)).as("forgotten, so new").isEqualTo(3 + 3_000 + 1);
    }

    @Test
    void clearing_startsFromIdZero_andATableGrownFarPastItsUseShrinksBack() {
        for (int i = 0; i < 100_000; i++) {
            pairs.idOf("c" + i, 7);
        }
        int grown = pairs.capacity();
        pairs.clear();
        assertThat(pairs.size()).isZero();
        assertThat(pairs.capacity()).as("the interval used all of it: kept").isEqualTo(grown);

        pairs.idOf("only", 7);
        pairs.clear();

        assertThat(pairs.capacity()).as("one pair used: allocated small again").isLessThan(grown).isGreaterThanOrEqualTo(DensePairs.INITIAL_ENTRIES);
        assertThat(pairs.idOf("c5", 7)).isZero();
        assertThat(pairs.idOf("c5", 8)).isEqualTo(1);
    }
}
