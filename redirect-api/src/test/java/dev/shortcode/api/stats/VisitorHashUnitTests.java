package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.VisitorHashes;
import org.junit.jupiter.api.Test;

class VisitorHashUnitTests {

    @Test
    void sipHash24_matchesTheReferenceVectors() {
        byte[] key = new byte[16];
        for (int i = 0; i < 16; i++) {
            key[i] = (byte) i;
        }
        // From the SipHash paper's reference implementation (vectors.h): messages 00, 00 01, ... of length n.
        assertThat(VisitorHash.sipHash24(key, message(0))).isEqualTo(0x726fdb47dd0e0e31L);
        assertThat(VisitorHash.sipHash24(key, message(1))).isEqualTo(0x74f839c593dc67fdL);
        assertThat(VisitorHash.sipHash24(key, message(15))).isEqualTo(0xa129ca6149be45e5L);
        assertThat(VisitorHash.sipHash24(key, message(8))).isEqualTo(0x93f5f5799a932462L);
    }

    private static byte[] message(int length) {
        byte[] m = new byte[length];
        for (int i = 0; i < length; i++) {
            m[i] = (byte) i;
        }
        return m;
    }

    /** The visitor as the stores count it. */
    private static String textOf(byte[] salt, String ip, String userAgent, String code) {
        return VisitorHashes.text(VisitorHash.hash(salt, ip, userAgent, code));
    }

    @Test
    void text_isSixteenHexDigits_dependsOnSaltIpAgentAndCode() {
        byte[] salt = new byte[16];
        byte[] other = new byte[16];
        other[0] = 1;
        String h = textOf(salt, "192.0.2.1", "Mozilla/5.0", "abcde");
        assertThat(h).matches("[0-9a-f]{16}").isEqualTo(textOf(salt, "192.0.2.1", "Mozilla/5.0", "abcde"));
        assertThat(textOf(other, "192.0.2.1", "Mozilla/5.0", "abcde")).isNotEqualTo(h);
        assertThat(textOf(salt, "192.0.2.2", "Mozilla/5.0", "abcde")).isNotEqualTo(h);
        assertThat(textOf(salt, "192.0.2.1", "curl/8", "abcde")).isNotEqualTo(h);
        assertThat(textOf(salt, "192.0.2.1", "Mozilla/5.0", "abcdf")).isNotEqualTo(h);
        assertThat(h).doesNotContain("192");
    }
}
