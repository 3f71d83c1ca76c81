package dev.shortcode.core.capacity;

/**
 * The archive's measured size and what adds to it.
 *
 * @param bytes        its size now
 * @param budgetBytes  the configured budget, 0 when none
 * @param bytesPerLink measured bytes per archived link, {@code NaN} when unknown
 * @param ratePerDay   links archived per day (every created link is archived, for good)
 */
public record ArchiveInputs(long bytes, long budgetBytes, double bytesPerLink, double ratePerDay) {}
