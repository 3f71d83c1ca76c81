package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FieldCountsUnitTests {

    @Test
    void adding_sumsByField_andReadsAsTheMapOfThoseSums_beforeAndAfterItsIndexGrows() {
        Random random = new Random(5);
        for (int fields : new int[] {1, 8, 9, 40, 5_000}) {
            for (int expected : new int[] {2, fields}) {
                FieldCounts counts = new FieldCounts(expected);
                Map<String, Long> reference = new LinkedHashMap<>();
                for (int i = 0; i < fields * 3; i++) {
                    String field = "l:c" + random.nextInt(fields); // consecutive codes, as a flush's can be
                    long amount = random.nextInt(300) - 20;
                    counts.add(field, amount);
                    reference.merge(field, amount, Long::sum);
                }
                assertThat(counts).as("%d fields, sized for %d", fields, expected).isEqualTo(reference).hasSameHashCodeAs(reference);
                assertThat(reference).isEqualTo(counts);
                assertThat(new ArrayList<>(counts.keySet())).as("in the order first added").isEqualTo(new ArrayList<>(reference.keySet()));
                for (String field : reference.keySet()) {
                    assertThat(counts.get(field)).isEqualTo(reference.get(field));
                    assertThat(counts.containsKey(field)).isTrue();
                }
                assertThat(counts.get("l:c" + fields)).isNull();
                assertThat(counts.containsKey("t")).isFalse();
                assertThat(counts.get(7)).isNull();
            }
        }
    }

    @Test
    void forEachAmount_andForEach_visitEveryFieldOnceInOrder() {
        FieldCounts counts = new FieldCounts(2);
        counts.add("t", 3);
        counts.add("h05", 3);
        counts.add("t", 1_000);
        counts.add("d:ios", 2);

        List<String> seen = new ArrayList<>();
        counts.forEachAmount((field, amount) -> seen.add(field + "=" + amount));
        Map<String, Long> boxed = new HashMap<>();
        counts.forEach(boxed::put);

        assertThat(seen).containsExactly("t=1003", "h05=3", "d:ios=2");
        assertThat(boxed).isEqualTo(Map.of("t", 1003L, "h05", 3L, "d:ios", 2L));
    }

    @Test
    void aDeltaTakesTheCountsAsTheyAre_andThenTheyCannotChange() {
        FieldCounts counts = new FieldCounts(4);
        counts.add("t", 2);

        ClickDelta delta = new ClickDelta("abcde", LocalDate.parse("2026-03-01"), counts, Set.of());

        assertThat(delta.counts()).isSameAs(counts);
        assertThatThrownBy(() -> counts.add("t", 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> delta.counts().put("t", 5L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> delta.counts().entrySet().iterator().next().setValue(5L)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(delta.counts()).isEqualTo(Map.of("t", 2L));
        List<String> seen = new ArrayList<>();
        delta.forEachCount((field, amount) -> seen.add(field + amount));
        assertThat(seen).containsExactly("t2");
    }

    @Test
    void aDeltaOfAnyOtherMap_isReadOnlyToo_andVisitsItsCounts() {
        Map<String, Long> plain = new HashMap<>(Map.of("t", 4L, "b", 1L));

        ClickDelta delta = new ClickDelta("~*", LocalDate.parse("2026-03-01"), plain, Set.of());

        assertThatThrownBy(() -> delta.counts().put("t", 5L)).isInstanceOf(UnsupportedOperationException.class);
        Map<String, Long> seen = new HashMap<>();
        delta.forEachCount(seen::put);
        assertThat(seen).isEqualTo(plain);
    }
}
