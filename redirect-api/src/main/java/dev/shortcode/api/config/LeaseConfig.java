package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.lease.*}: block leasing, shared by all pools (see the core's LeaseOptions). */
public interface LeaseConfig {

    /** Fraction of a block left when the next one is leased in the background, strictly between 0 and 1. */
    @WithDefault("0.2")
    double prefetchAt();

    /** A block used up faster than this doubles the next block size. */
    @WithDefault("PT15S")
    Duration growBelow();

    /** A block that lasted longer than this halves the next block size; longer than grow-below. */
    @WithDefault("PT60S")
    Duration shrinkAbove();

    /** Lifetime of the guard that elects the node resetting a wrapped or lost counter. */
    @WithDefault("PT2S")
    Duration resetGuardTtl();

    /** Longest pause of a node that lost that election before it leases again. */
    @WithDefault("PT0.05S")
    Duration maxBackoff();

    /** Lease attempts before a lease fails. */
    @WithDefault("200")
    int maxAttempts();

    /** Longest a create waits for a block when its node has none left. */
    @WithDefault("PT5S")
    Duration awaitTimeout();

    /** After counter loss the counter restarts this many largest blocks above the durable watermark. */
    @WithDefault("64")
    long reseedGapBlocks();
}
