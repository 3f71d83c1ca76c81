package dev.shortcode.api.config;

import dev.shortcode.core.config.LeaseOptions;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.lease.*}: block leasing, shared by all pools (see the core's LeaseOptions). */
public interface LeaseConfig {

    /** Fraction of a block left when the next one is leased in the background, strictly between 0 and 1. */
    @WithDefault(LeaseOptions.DEFAULT_PREFETCH_AT)
    double prefetchAt();

    /** A block used up faster than this doubles the next block size. */
    @WithDefault(LeaseOptions.DEFAULT_GROW_BELOW)
    Duration growBelow();

    /** A block that lasted longer than this halves the next block size; longer than grow-below. */
    @WithDefault(LeaseOptions.DEFAULT_SHRINK_ABOVE)
    Duration shrinkAbove();

    /** Lifetime of the guard that elects the node resetting a wrapped or lost counter. */
    @WithDefault(LeaseOptions.DEFAULT_RESET_GUARD_TTL)
    Duration resetGuardTtl();

    /** Longest pause of a node that lost that election before it leases again. */
    @WithDefault(LeaseOptions.DEFAULT_MAX_BACKOFF)
    Duration maxBackoff();

    /** Lease attempts before a lease fails. */
    @WithDefault(LeaseOptions.DEFAULT_MAX_ATTEMPTS)
    int maxAttempts();

    /** Longest a create waits for a block when its node has none left. */
    @WithDefault(LeaseOptions.DEFAULT_AWAIT_TIMEOUT)
    Duration awaitTimeout();

    /** After counter loss the counter restarts this many largest blocks above the durable watermark. */
    @WithDefault(LeaseOptions.DEFAULT_RESEED_GAP_BLOCKS)
    long reseedGapBlocks();
}
