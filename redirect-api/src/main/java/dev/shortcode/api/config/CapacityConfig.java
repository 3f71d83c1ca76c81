package dev.shortcode.api.config;

import dev.shortcode.core.store.SamplingOptions;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.capacity.*} (see {@link CapacityOptions}). */
public interface CapacityConfig {

    /** How often the stores are measured, PT1S..PT1H; the API and the gauges serve the last measurement. */
    @WithDefault(CapacityOptions.DEFAULT_REFRESH)
    Duration refresh();

    /** Random keys drawn per measurement when a store is too large to count. */
    @WithDefault(SamplingOptions.DEFAULT_SAMPLE_SIZE)
    int sampleSize();

    /** Keys (per Redis master, or embedded links) below which links are counted exactly. */
    @WithDefault(SamplingOptions.DEFAULT_EXACT_BELOW)
    long exactBelow();

    /** Link keys weighed with MEMORY USAGE per Redis master. */
    @WithDefault(SamplingOptions.DEFAULT_MEMORY_SAMPLES)
    int memorySamples();

    /** Redis commands in flight at once per master while sampling. */
    @WithDefault(SamplingOptions.DEFAULT_PIPELINE)
    int pipeline();

    /** Longest one measurement may take. */
    @WithDefault(SamplingOptions.DEFAULT_TIME_BUDGET)
    Duration timeBudget();

    /** Archive size budget in bytes, with an optional decimal unit: 500G, 4T; unset = no budget. */
    Optional<String> archiveBudget();
}
