package dev.shortcode.loadtest;

/**
 * One step of a max-rate search.
 *
 * @param reason why it failed, or "ok"
 */
public record SearchStep(int step, double rate, boolean passed, String reason, double achievedRate,
                         long p99Micros, long uncorrectedP99Micros, long errors) {
}
