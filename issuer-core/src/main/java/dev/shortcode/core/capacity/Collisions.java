package dev.shortcode.core.capacity;

/**
 * What live links cost creates once a pool reuses codes: a fresh code is taken with probability
 * f, so a create needs 1 / (1 - f) attempts on average, and r·f codes a day are skipped.
 *
 * @param probability       f, the share of codes held by a live link
 * @param attemptsPerCreate 1 / (1 - f); null when f = 1 (no free code is left)
 * @param skippedPerDay     r·f at the forecast rate
 */
public record Collisions(double probability, Double attemptsPerCreate, double skippedPerDay) {

    public static final Collisions NONE = new Collisions(0, 1.0, 0);

    static Collisions of(double f, double ratePerDay) {
        double p = Math.max(0, Math.min(1, f));
        return new Collisions(p, p >= 1 ? null : 1 / (1 - p), ratePerDay * p);
    }
}
