package dev.shortcode.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EchoUnitTests {

    @Test
    void of_shortValue_isKeptWhole() {
        assertThat(Echo.of("P30D")).isEqualTo("P30D");
        assertThat(Echo.of("x".repeat(64))).isEqualTo("x".repeat(64));
        assertThat(Echo.of(null)).isEqualTo("null");
    }

    @Test
    void of_longValue_isCutAfter64CodePointsWithAnEllipsis() {
        assertThat(Echo.of("x".repeat(1_000_000))).isEqualTo("x".repeat(64) + "…");
        String emoji = "😀".repeat(100); // 200 UTF-16 units
        assertThat(Echo.of(emoji)).isEqualTo("😀".repeat(64) + "…");
        assertThat(Echo.of("😀".repeat(64))).as("64 code points in 128 units").isEqualTo("😀".repeat(64));
    }
}
