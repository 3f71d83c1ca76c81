package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ZipfSamplerUnitTests {

    @Test
    void probabilitiesFollowOneOverRankToTheS() {
        ZipfSampler sampler = new ZipfSampler(1000, 1.0);
        double harmonic = 0;
        for (int k = 1; k <= 1000; k++) {
            harmonic += 1.0 / k;
        }
        assertThat(sampler.probability(0)).isCloseTo(1 / harmonic, within(1e-12));
        assertThat(sampler.probability(9)).isCloseTo(1 / (10 * harmonic), within(1e-12));
    }

    @Test
    void drawsMatchTheDistribution() {
        ZipfSampler sampler = new ZipfSampler(100, 1.2);
        SplittableRandom random = new SplittableRandom(42);
        int[] counts = new int[100];
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            counts[sampler.next(random)]++;
        }
        for (int rank : new int[] {0, 1, 4, 49, 99}) {
            double expected = sampler.probability(rank) * draws;
            // Within 5 standard deviations of a binomial count.
            assertThat((double) counts[rank]).isCloseTo(expected, within(5 * Math.sqrt(expected) + 1));
        }
    }

    @Test
    void zeroSkewIsUniformAndEveryRankIsReachable() {
        ZipfSampler sampler = new ZipfSampler(4, 0);
        assertThat(sampler.probability(3)).isCloseTo(0.25, within(1e-12));
        SplittableRandom random = new SplittableRandom(1);
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 1000; i++) {
            seen[sampler.next(random)] = true;
        }
        assertThat(seen).containsOnly(true);
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> new ZipfSampler(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ZipfSampler(10, -1)).hasMessageContaining("--zipf");
        assertThatThrownBy(() -> new ZipfSampler(10, Double.NaN)).hasMessageContaining("--zipf");
    }
}
