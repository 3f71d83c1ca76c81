package dev.shortcode.core.capacity;

import java.time.Instant;

/**
 * One reading of a pool's shared counter: ids leased in {@code epoch} as of {@code at}. A series
 * of them gives the cluster-wide rate over the last hour, at block granularity.
 */
public record CounterReading(Instant at, long epoch, long leased) {}
