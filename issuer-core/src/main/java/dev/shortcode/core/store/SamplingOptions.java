package dev.shortcode.core.store;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * Bounds of one footprint measurement: how many keys it samples, below what size it counts
 * exactly instead, and how long it may take. At the defaults a Redis refresh costs about
 * {@code sampleSize} RANDOMKEY + as many GET + {@code memorySamples} MEMORY USAGE per
 * master, sent {@code pipeline} at a time (docs/BENCHMARKS.md has the measured cost). The
 * defaults ({@link #DEFAULTS}) are the {@code DEFAULT_*} constants, which the service's
 * configuration mapping takes too.
 *
 * @param sampleSize    random keys drawn when the store is too large to count
 * @param exactBelow    keys (per Redis master, or in the links column family) below which every link key is counted
 * @param memorySamples link keys whose {@code MEMORY USAGE} is asked, per master
 * @param pipeline      commands in flight at once per master
 * @param timeBudget    longest one measurement may take; what is left undone is noted and the rest used
 */
public record SamplingOptions(int sampleSize, long exactBelow, int memorySamples, int pipeline, Duration timeBudget) {

    public static final String PREFIX = "shortcode.capacity.";

    /** Default of {@code sampleSize}, as the key takes it. */
    public static final String DEFAULT_SAMPLE_SIZE = "1000";
    /** Default of {@code exactBelow}, as the key takes it. */
    public static final String DEFAULT_EXACT_BELOW = "20000";
    /** Default of {@code memorySamples}, as the key takes it. */
    public static final String DEFAULT_MEMORY_SAMPLES = "100";
    /** Default of {@code pipeline}, as the key takes it. */
    public static final String DEFAULT_PIPELINE = "100";
    /** Default of {@code timeBudget}, as the key takes it. */
    public static final String DEFAULT_TIME_BUDGET = "PT5S";

    public static final SamplingOptions DEFAULTS = new SamplingOptions(Integer.parseInt(DEFAULT_SAMPLE_SIZE),
            Long.parseLong(DEFAULT_EXACT_BELOW), Integer.parseInt(DEFAULT_MEMORY_SAMPLES), Integer.parseInt(DEFAULT_PIPELINE),
            Duration.parse(DEFAULT_TIME_BUDGET));

    public SamplingOptions {
        if (sampleSize < 10 || sampleSize > 100_000) {
            throw new ConfigException(PREFIX + "sample-size", sampleSize + " is outside 10..100000");
        }
        if (exactBelow < 0 || exactBelow > 10_000_000) {
            throw new ConfigException(PREFIX + "exact-below", exactBelow + " is outside 0..10000000");
        }
        if (memorySamples < 0 || memorySamples > sampleSize) {
            throw new ConfigException(PREFIX + "memory-samples", memorySamples + " is outside 0..sample-size (" + sampleSize + ")");
        }
        if (pipeline < 1 || pipeline > 10_000) {
            throw new ConfigException(PREFIX + "pipeline", pipeline + " is outside 1..10000");
        }
        if (timeBudget == null || timeBudget.compareTo(Duration.ofMillis(100)) < 0 || timeBudget.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new ConfigException(PREFIX + "time-budget", timeBudget + " is outside PT0.1S..PT1M");
        }
    }
}
