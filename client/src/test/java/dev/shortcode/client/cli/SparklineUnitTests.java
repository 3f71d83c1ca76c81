package dev.shortcode.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SparklineUnitTests {

    @Test
    void scaledToTheMaximumFromLowestToHighestBlock() {
        assertThat(Sparkline.of(new long[] {0, 1, 2, 3, 4, 5, 6, 7})).isEqualTo("▁▂▃▄▅▆▇█");
        assertThat(Sparkline.of(new long[] {0, 50, 100})).isEqualTo("▁▅█");
    }

    @Test
    void anyClickIsAboveTheBaseline() {
        assertThat(Sparkline.of(new long[] {1, 0, 10_000})).isEqualTo("▂▁█");
    }

    @Test
    void noClicksIsAFlatBaselineAndNoSeriesIsEmpty() {
        assertThat(Sparkline.of(new long[] {0, 0, 0})).isEqualTo("▁▁▁");
        assertThat(Sparkline.of(new long[0])).isEmpty();
    }
}
