package dev.shortcode.core.capacity;

/**
 * Where the hot store is heading.
 *
 * @param linkBytes       bytes per live link × live links, summed over the pools (null when not measured)
 * @param steadyBytes     used bytes once every pool holds rate × TTL links (or what it holds now, if more)
 * @param growthPerDay    bytes a day while pools are still filling up to their steady state
 * @param daysToFull      days until {@code maxBytes} at that growth; null when no limit is set or the steady state fits
 */
public record HotStoreForecast(String kind, long usedBytes, long maxBytes, Double linkBytes, double steadyBytes,
        double growthPerDay, Double daysToFull, Verdict verdict) {}
