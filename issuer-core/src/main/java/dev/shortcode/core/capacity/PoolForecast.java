package dev.shortcode.core.capacity;

import java.time.Duration;
import java.time.Instant;

/**
 * The model's answer for one pool.
 *
 * @param usedFraction          leased this epoch / capacity
 * @param daysToWrap            (capacity - leased) / forecast rate; null when nothing is issued (never wraps at this rate)
 * @param daysToWrapAtTrend     the same along the fitted trend; null without a trend or when the trend never gets there
 * @param wrapsAt               now + daysToWrap; null with it
 * @param liveFraction          live links / capacity, now
 * @param liveFractionAtWrapLowerBound rate × TTL / capacity (at most 1): links live at least their TTL
 * @param liveFractionAtWrap    the expected share of codes still live when the pool wraps, with measured survival past the TTL
 * @param liveFractionAtWrapBasis how {@link #liveFractionAtWrap} was estimated, for people
 * @param now                   what creates pay now: nothing in epoch 0 (codes are unique within an epoch), else live fraction
 * @param afterWrap             what creates will pay after the next wrap
 * @param hotBytes              bytes per live link × live links; null when bytes per link were not measured
 */
public record PoolForecast(String pool, int length, long capacity, Duration idleTtl, boolean permanent, long epoch,
        long leasedThisEpoch, double usedFraction, IssueRates rates, Double daysToWrap, Double daysToWrapAtTrend,
        Instant wrapsAt, LiveLinks live, double liveFraction, double liveFractionAtWrapLowerBound, double liveFractionAtWrap,
        String liveFractionAtWrapBasis, Collisions now, Collisions afterWrap, Double bytesPerLink, Double hotBytes,
        Verdict verdict) {}
