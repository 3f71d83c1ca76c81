package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VisitorHashesUnitTests {

    @Test
    void text_isSixteenLowerCaseHexDigits_zeroPadded_theSignBitIncluded() {
        assertThat(VisitorHashes.text(0)).isEqualTo("0000000000000000");
        assertThat(VisitorHashes.text(0xabcL)).isEqualTo("0000000000000abc");
        assertThat(VisitorHashes.text(-1)).isEqualTo("ffffffffffffffff");
        assertThat(VisitorHashes.text(Long.MIN_VALUE)).isEqualTo("8000000000000000");
        Random random = new Random(11);
        for (int i = 0; i < 10_000; i++) {
            long hash = random.nextLong() >>> random.nextInt(64);
            String hex = Long.toHexString(hash);
            assertThat(VisitorHashes.text(hash)).isEqualTo("0".repeat(16 - hex.length()) + hex);
        }
    }

    @Test
    void of_keepsEachHashOnce_andIsTheSetOfTheirTexts() {
        long[] hashes = {7, -3, 7, 0, Long.MAX_VALUE, -3, 7, 0, 0};

        VisitorHashes visitors = VisitorHashes.of(hashes, hashes.length);

        Set<String> expected = Set.of(VisitorHashes.text(7), VisitorHashes.text(-3), VisitorHashes.text(0),
                VisitorHashes.text(Long.MAX_VALUE));
        assertThat(visitors).hasSize(4).isEqualTo(expected).hasSameHashCodeAs(expected);
        assertThat(new HashSet<>(visitors)).isEqualTo(expected);
    }

    @Test
    void of_readsOnlyTheFirstCountHashes() {
        long[] buffer = {5, 6, 5, 99, 100};

        assertThat(VisitorHashes.of(buffer, 3)).containsExactlyInAnyOrder(VisitorHashes.text(5), VisitorHashes.text(6));
        assertThat(VisitorHashes.of(new long[4], 0)).isEmpty();
    }

    @Test
    void contains_onlyTheTextsOfItsHashes() {
        VisitorHashes visitors = VisitorHashes.of(new long[] {0xabcdefL, -2}, 2);

        assertThat(visitors.contains("0000000000abcdef")).isTrue();
        assertThat(visitors.contains("fffffffffffffffe")).isTrue();
        assertThat(visitors.contains("0000000000ABCDEF")).as("not a text the stores take").isFalse();
        assertThat(visitors.contains("abcdef")).isFalse();
        assertThat(visitors.contains("000000000000000g")).isFalse();
        assertThat(visitors.contains("0000000000abcdee")).isFalse();
        assertThat(visitors.contains(0xabcdefL)).isFalse();
        assertThat(visitors.contains(null)).isFalse();
        assertThat(visitors.contains("fffffffffffffffe".toUpperCase(Locale.ROOT))).isFalse();
    }

    @Test
    void iterator_endsWithNoSuchElement() {
        Iterator<String> it = VisitorHashes.of(new long[] {1}, 1).iterator();
        assertThat(it.next()).isEqualTo("0000000000000001");
        assertThat(it.hasNext()).isFalse();
        assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void appendTextsAndForEachTextBytes_giveEachVisitorsTextAsIterationDoes() {
        long[] hashes = {-1, 0, 0xabcL, Long.MIN_VALUE, 42};
        VisitorHashes visitors = VisitorHashes.of(hashes.clone(), hashes.length);
        StringBuilder expected = new StringBuilder("x");
        List<String> texts = new ArrayList<>();
        for (String text : visitors) {
            expected.append(text).append(';');
            texts.add(text);
        }

        StringBuilder appended = new StringBuilder("x");
        visitors.appendTexts(appended, ';');
        List<String> fromBytes = new ArrayList<>();
        visitors.forEachTextBytes(bytes -> fromBytes.add(new String(bytes, StandardCharsets.US_ASCII)));

        assertThat(appended.toString()).isEqualTo(expected.toString());
        assertThat(fromBytes).isEqualTo(texts).hasSize(5);
    }
}
