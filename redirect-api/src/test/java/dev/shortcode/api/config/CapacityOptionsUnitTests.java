package dev.shortcode.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityOptionsUnitTests {

    @Test
    void from_defaults_areValidAndHaveNoBudget() {
        CapacityOptions s = CapacityOptions.from(config(Duration.ofSeconds(30), 1_000, Duration.ofSeconds(5), Optional.empty()));
        assertThat(s.refresh()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.sampling().sampleSize()).isEqualTo(1_000);
        assertThat(s.archiveBudgetBytes()).isZero();
    }

    @Test
    void bytes_decimalUnits_areParsed() {
        assertThat(CapacityOptions.bytes("4T")).isEqualTo(4_000_000_000_000L);
        assertThat(CapacityOptions.bytes("500G")).isEqualTo(500_000_000_000L);
        assertThat(CapacityOptions.bytes("1.5 GB")).isEqualTo(1_500_000_000L);
        assertThat(CapacityOptions.bytes("1234")).isEqualTo(1_234L);
    }

    @Test
    void from_badValues_stopTheStartNamingTheKey() {
        assertThatThrownBy(() -> CapacityOptions.from(config(Duration.ofMillis(10), 1_000, Duration.ofSeconds(5), Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.refresh");
        assertThatThrownBy(() -> CapacityOptions.from(config(Duration.ofSeconds(30), 1, Duration.ofSeconds(5), Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.sample-size");
        assertThatThrownBy(() -> CapacityOptions.from(config(Duration.ofSeconds(30), 1_000, Duration.ofHours(1), Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.time-budget");
        assertThatThrownBy(() -> CapacityOptions.from(config(Duration.ofSeconds(30), 1_000, Duration.ofSeconds(5), Optional.of("lots"))))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.archive-budget");
    }

    private static CapacityConfig config(Duration refresh, int sampleSize, Duration budget, Optional<String> archiveBudget) {
        return new CapacityConfig() {
            public Duration refresh() { return refresh; }
            public int sampleSize() { return sampleSize; }
            public long exactBelow() { return 20_000; }
            public int memorySamples() { return 100; }
            public int pipeline() { return 100; }
            public Duration timeBudget() { return budget; }
            public Optional<String> archiveBudget() { return archiveBudget; }
        };
    }
}
