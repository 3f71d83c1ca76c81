package dev.shortcode.core.capacity;

/**
 * Where the archive is heading: it only grows.
 *
 * @param growthPerDay  bytes per link × links per day; null when bytes per link are unknown
 * @param bytesIn1Year  size in 365 days at that growth; null with it
 * @param daysToBudget  days until the budget; null without a budget or without growth
 */
public record ArchiveForecast(long bytes, long budgetBytes, Double bytesPerLink, Double growthPerDay, Double bytesIn1Year,
        Double daysToBudget, Verdict verdict) {}
