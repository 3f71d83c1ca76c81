package dev.shortcode.loadtest;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^s: a few links get most of the
 * redirects, as on a real short-link service. s = 0 is uniform.
 *
 * <p>The CDF is computed once (n doubles) and each draw is a binary search, so sampling costs
 * O(log n) on the scheduler thread and never allocates.
 */
public final class ZipfSampler {

    private final double[] cdf;

    public ZipfSampler(int n, double s) {
        if (n < 1) {
            throw new IllegalArgumentException("Zipf sampler needs at least one item (was " + n + ")");
        }
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("--zipf must be >= 0 (was " + s + ")");
        }
        cdf = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1.0 / Math.pow(k + 1, s);
            cdf[k] = sum;
        }
        for (int k = 0; k < n; k++) {
            cdf[k] /= sum;
        }
        cdf[n - 1] = 1.0; // guard against rounding leaving the last bucket unreachable
    }

    public int size() {
        return cdf.length;
    }

    /** A rank in [0, size): rank 0 is the most popular. */
    public int next(SplittableRandom random) {
        double u = random.nextDouble();
        int i = Arrays.binarySearch(cdf, u);
        // binarySearch returns -(insertion point) - 1 when u is not an exact CDF value.
        int rank = i >= 0 ? i : -i - 1;
        return Math.min(rank, cdf.length - 1);
    }

    /** Probability of a rank, for tests and for describing the skew. */
    public double probability(int rank) {
        return rank == 0 ? cdf[0] : cdf[rank] - cdf[rank - 1];
    }
}
