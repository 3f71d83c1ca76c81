package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LinkRowKeyUnitTests {

    @Test
    void of_isSaltThenCode_andGivesTheCodeBack() {
        byte[] row = LinkRowKey.of("aZ09x");
        assertThat(row).hasSize(6);
        assertThat(row[0]).isEqualTo(LinkRowKey.salt("aZ09x"));
        assertThat(Arrays.copyOfRange(row, 1, 6)).isEqualTo("aZ09x".getBytes(StandardCharsets.UTF_8));
        assertThat(LinkRowKey.code(row)).isEqualTo("aZ09x");
    }

    @Test
    void salt_isFixedForever() {
        // Part of the stored format: a changed salt would make every archived link unreadable.
        assertThat(LinkRowKey.salt("abc12") & 0xff).isEqualTo(saltByHand("abc12"));
        assertThat(LinkRowKey.salt("promo1")).isNotEqualTo(LinkRowKey.salt("promo2"));
        assertThat(LinkRowKey.of("0000000")).isEqualTo(LinkRowKey.of("0000000"));
    }

    @Test
    void salt_ofSequentialAliases_spreadsEvenlyOverSixteenRegions() {
        int regions = 16;
        int[] perRegion = new int[regions];
        int codes = 160_000;
        for (int i = 0; i < codes; i++) {
            perRegion[(LinkRowKey.salt("promo" + i) & 0xff) * regions / 256]++;
        }
        int expected = codes / regions;
        for (int n : perRegion) {
            assertThat(n).isBetween(expected * 95 / 100, expected * 105 / 100);
        }
    }

    @Test
    void splitKeys_cutTheSaltRangeIntoEqualParts() {
        assertThat(LinkRowKey.splitKeys(1)).isEmpty();
        assertThat(LinkRowKey.splitKeys(4)).isDeepEqualTo(new byte[][] {{64}, {(byte) 128}, {(byte) 192}});
        byte[][] all = LinkRowKey.splitKeys(256);
        assertThat(all.length).isEqualTo(255);
        assertThat(all[0]).containsExactly(1);
        assertThat(all[254]).containsExactly((byte) 255);
        assertThatThrownBy(() -> LinkRowKey.splitKeys(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** fmix32 of String.hashCode, top byte, written out once more. */
    private static int saltByHand(String code) {
        int h = 0;
        for (char c : code.toCharArray()) {
            h = 31 * h + c;
        }
        h = (h ^ (h >>> 16)) * 0x85ebca6b;
        h = (h ^ (h >>> 13)) * 0xc2b2ae35;
        h ^= h >>> 16;
        return h >>> 24;
    }
}
