package dev.shortcode.core.capacity;

import java.time.Instant;

/**
 * One code length under a plan.
 *
 * @param daysToWrap         days until the pool wraps along the planned growth; null when it never does
 * @param liveFractionAtWrap share of codes still live at the wrap
 * @param attemptsPerCreate  1 / (1 - f) after the wrap; null when f = 1
 * @param redisBytes         hot-store bytes at today's volume once full (rate × TTL links)
 * @param redisBytesIn1Year  the same at the volume reached in 12 months
 * @param archiveBytesPerYear archive growth over the next 12 months
 */
public record PlanOption(int length, long capacity, Double daysToWrap, Instant wrapsAt, double liveFractionAtWrap,
        Double attemptsPerCreate, double skippedPerDay, double redisBytes, double redisBytesIn1Year, double archiveBytesPerYear,
        Verdict verdict) {}
