package dev.shortcode.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.SamplingOptions;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityOptionsUnitTests {

    private static final Duration REFRESH = Duration.parse(CapacityOptions.DEFAULT_REFRESH);
    private static final SamplingOptions SAMPLING = SamplingOptions.DEFAULTS;

    @Test
    void from_defaults_areValidAndHaveNoBudget() {
        CapacityOptions s = CapacityOptions.from(config(REFRESH, SAMPLING.sampleSize(), SAMPLING.timeBudget(), Optional.empty()));
        assertThat(s.refresh()).isEqualTo(REFRESH);
        assertThat(s.sampling()).isEqualTo(SAMPLING);
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
        int sampleSize = SAMPLING.sampleSize();
        Duration budget = SAMPLING.timeBudget();
        assertThatThrownBy(() -> CapacityOptions.from(config(Duration.ofMillis(10), sampleSize, budget, Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.refresh");
        assertThatThrownBy(() -> CapacityOptions.from(config(REFRESH, 1, budget, Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.sample-size");
        assertThatThrownBy(() -> CapacityOptions.from(config(REFRESH, sampleSize, Duration.ofHours(1), Optional.empty())))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.time-budget");
        assertThatThrownBy(() -> CapacityOptions.from(config(REFRESH, sampleSize, budget, Optional.of("lots"))))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.capacity.archive-budget");
    }

    private static CapacityConfig config(Duration refresh, int sampleSize, Duration budget, Optional<String> archiveBudget) {
        return new CapacityConfig() {
            public Duration refresh() { return refresh; }
            public int sampleSize() { return sampleSize; }
            public long exactBelow() { return SAMPLING.exactBelow(); }
            public int memorySamples() { return SAMPLING.memorySamples(); }
            public int pipeline() { return SAMPLING.pipeline(); }
            public Duration timeBudget() { return budget; }
            public Optional<String> archiveBudget() { return archiveBudget; }
        };
    }
}
