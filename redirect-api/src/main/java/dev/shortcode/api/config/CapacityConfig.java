package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.capacity.*} (see {@link CapacityOptions}). */
public interface CapacityConfig {

    /** How often the stores are measured, PT1S..PT1H; the API and the gauges serve the last measurement. */
    @WithDefault("PT30S")
    Duration refresh();

    /** Random keys drawn per measurement when a store is too large to count. */
    @WithDefault("1000")
    int sampleSize();

    /** Keys (per Redis master, or embedded links) below which links are counted exactly. */
    @WithDefault("20000")
    long exactBelow();

    /** Link keys weighed with MEMORY USAGE per Redis master. */
    @WithDefault("100")
    int memorySamples();

    /** Redis commands in flight at once per master while sampling. */
    @WithDefault("100")
    int pipeline();

    /** Longest one measurement may take. */
    @WithDefault("PT5S")
    Duration timeBudget();

    /** Archive size budget in bytes, with an optional decimal unit: 500G, 4T; unset = no budget. */
    Optional<String> archiveBudget();
}
