package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VisitorSketchUnitTests {

    @Test
    void upToTheExactLimit_countsExactly_andRepeatsChangeNothing() {
        VisitorSketch sketch = VisitorSketch.empty();
        for (int i = 0; i < VisitorSketch.EXACT_LIMIT; i++) {
            assertThat(sketch.add("visitor-" + i)).isTrue();
            assertThat(sketch.add("visitor-" + i)).isFalse();
        }
        assertThat(sketch.isExact()).isTrue();
        assertThat(sketch.estimate()).isEqualTo(VisitorSketch.EXACT_LIMIT);
        assertThat(VisitorSketch.decode(sketch.encode()).estimate()).isEqualTo(VisitorSketch.EXACT_LIMIT);
        assertThat(sketch.encode()).hasSize(1 + 8 * VisitorSketch.EXACT_LIMIT);
    }

    @Test
    void pastTheLimit_becomesAHyperLogLog_within3Point3PercentFromHundredsToAMillion() {
        for (int n : new int[] {129, 500, 5_000, 50_000, 1_000_000}) {
            VisitorSketch sketch = VisitorSketch.empty();
            for (int i = 0; i < n; i++) {
                sketch.add(Long.toHexString(i * 0x9E3779B97F4A7C15L));
            }
            VisitorSketch decoded = VisitorSketch.decode(sketch.encode());
            assertThat(decoded.isExact()).isFalse();
            assertThat(decoded.encode()).hasSize(1 + VisitorSketch.REGISTERS);
            double error = Math.abs(decoded.estimate() - n) / (double) n;
            assertThat(error).as("relative error at %d visitors (estimate %d)", n, decoded.estimate()).isLessThan(0.033);
        }
    }

    @Test
    void emptyOrMissing_isZero() {
        assertThat(VisitorSketch.decode(null).estimate()).isZero();
        assertThat(VisitorSketch.decode(VisitorSketch.empty().encode()).estimate()).isZero();
    }
}
