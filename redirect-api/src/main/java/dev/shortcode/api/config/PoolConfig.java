package dev.shortcode.api.config;

import dev.shortcode.core.config.BlockSizing;
import dev.shortcode.core.config.PoolOptions;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.OptionalLong;

/** One pool: a code length with its own counter, idle TTL and block sizes (see the core's PoolOptions). */
public interface PoolConfig {

    /** Code length, 2..11; one pool per length. */
    int length();

    /** Sliding TTL of its links in the hot store (ISO-8601, at least one second). */
    Duration idleTtl();

    /** Whether its links outlive the hot TTL (then read back from the archive) or expire for good. */
    @WithDefault(PoolOptions.DEFAULT_PERMANENT)
    @WithConverter(StrictBooleanConverter.class)
    boolean permanent();

    /** Smallest block leased; default {@value BlockSizing#DEFAULT_MIN}, less for small pools. */
    @WithName("block-size.min")
    OptionalLong minBlock();

    /** First block leased; default {@value BlockSizing#DEFAULT_INITIAL}, less for small pools. */
    @WithName("block-size.initial")
    OptionalLong initialBlock();

    /** Largest block leased; default {@value BlockSizing#DEFAULT_MAX}, at most a sixteenth of the pool's capacity. */
    @WithName("block-size.max")
    OptionalLong maxBlock();
}
