package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationParserUnitTests {

    @Test
    void parsesHumanAndIsoSpellings() {
        assertThat(DurationParser.parse("--d", "10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(DurationParser.parse("--d", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationParser.parse("--d", "1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationParser.parse("--d", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationParser.parse("--d", "1h")).isEqualTo(Duration.ofHours(1));
        assertThat(DurationParser.parse("--d", "250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(DurationParser.parse("--d", "7")).isEqualTo(Duration.ofSeconds(7));
        assertThat(DurationParser.parse("--d", "PT10S")).isEqualTo(Duration.ofSeconds(10));
        assertThat(DurationParser.parse("--d", " 3 s ")).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aBadValueNamesTheOption() {
        assertThatThrownBy(() -> DurationParser.parse("--duration", "ten seconds"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--duration")
                .hasMessageContaining("ten seconds");
        assertThatThrownBy(() -> DurationParser.parse("--p99", "-5ms")).hasMessageContaining("--p99");
        assertThatThrownBy(() -> DurationParser.parse("--warmup", "PTxS")).hasMessageContaining("--warmup");
    }

    @Test
    void formatsShortly() {
        assertThat(DurationParser.format(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(DurationParser.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
        assertThat(DurationParser.format(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(DurationParser.format(Duration.ofNanos(250_000))).isEqualTo("250us");
    }
}
