package dev.shortcode.core.config;

import java.time.Duration;

/**
 * How nodes lease blocks and coordinate resets. Shared by all pools. Immutable, built with
 * {@link #builder()} (the defaults are its {@code DEFAULT_*} constants, which the service's
 * configuration mapping takes too); a bad value throws {@link ConfigException} naming its key under
 * {@code shortcode.lease.}.
 *
 * @param prefetchAt      fraction of a block left when the next block is leased in the background;
 *                        large enough that a lease round trip finishes before the block runs dry
 * @param growBelow       a block consumed faster than this doubles the next block size (fewer leases under load)
 * @param shrinkAbove     a block that lasted longer than this halves the next size (less waste when a node dies)
 * @param resetGuardTtl   lifetime of the {@code SET NX PX} guard electing the node that resets a
 *                        wrapped counter or re-seeds a lost one; bounds how long others wait for a dead winner
 * @param maxBackoff      longest sleep of a node that lost the guard election before it leases again
 * @param maxAttempts     lease attempts (each a round trip) before a lease fails with an error
 * @param awaitTimeout    longest a caller waits for a block when its node has none left (start-up,
 *                        or leases slower than consumption); then issuing fails with an error
 * @param reseedGapBlocks after counter loss, the counter restarts this many maximum-size blocks above
 *                        the durable watermark: covers blocks leased but not yet recorded by other nodes
 */
public record LeaseOptions(
        double prefetchAt,
        Duration growBelow,
        Duration shrinkAbove,
        Duration resetGuardTtl,
        Duration maxBackoff,
        int maxAttempts,
        Duration awaitTimeout,
        long reseedGapBlocks) {

    static final String PREFIX = IssuerOptions.PREFIX + "lease.";

    /** Default of {@code prefetchAt}, as the key takes it. */
    public static final String DEFAULT_PREFETCH_AT = "0.2";
    /** Default of {@code growBelow}, as the key takes it. */
    public static final String DEFAULT_GROW_BELOW = "PT15S";
    /** Default of {@code shrinkAbove}, as the key takes it. */
    public static final String DEFAULT_SHRINK_ABOVE = "PT60S";
    /** Default of {@code resetGuardTtl}, as the key takes it. */
    public static final String DEFAULT_RESET_GUARD_TTL = "PT2S";
    /** Default of {@code maxBackoff}, as the key takes it. */
    public static final String DEFAULT_MAX_BACKOFF = "PT0.05S";
    /** Default of {@code maxAttempts}, as the key takes it. */
    public static final String DEFAULT_MAX_ATTEMPTS = "200";
    /** Default of {@code awaitTimeout}, as the key takes it. */
    public static final String DEFAULT_AWAIT_TIMEOUT = "PT5S";
    /** Default of {@code reseedGapBlocks}, as the key takes it. */
    public static final String DEFAULT_RESEED_GAP_BLOCKS = "64";

    public static final LeaseOptions DEFAULTS = builder().build();

    public LeaseOptions {
        if (!(prefetchAt > 0 && prefetchAt < 1)) {
            throw new ConfigException(PREFIX + "prefetch-at", prefetchAt + " must lie strictly between 0 and 1");
        }
        requirePositive(growBelow, "grow-below");
        requirePositive(shrinkAbove, "shrink-above");
        if (shrinkAbove.compareTo(growBelow) <= 0) {
            throw new ConfigException(PREFIX + "shrink-above", shrinkAbove + " must be longer than grow-below " + growBelow);
        }
        requirePositive(resetGuardTtl, "reset-guard-ttl");
        requirePositive(maxBackoff, "max-backoff");
        if (maxAttempts < 1) {
            throw new ConfigException(PREFIX + "max-attempts", maxAttempts + " must be at least 1");
        }
        requirePositive(awaitTimeout, "await-timeout");
        if (reseedGapBlocks < 1) {
            throw new ConfigException(PREFIX + "reseed-gap-blocks", reseedGapBlocks + " must be at least 1");
        }
    }

    private static void requirePositive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder().prefetchAt(prefetchAt).growBelow(growBelow).shrinkAbove(shrinkAbove).resetGuardTtl(resetGuardTtl)
                .maxBackoff(maxBackoff).maxAttempts(maxAttempts).awaitTimeout(awaitTimeout).reseedGapBlocks(reseedGapBlocks);
    }

    /** Starts from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private double prefetchAt = Double.parseDouble(DEFAULT_PREFETCH_AT);
        private Duration growBelow = Duration.parse(DEFAULT_GROW_BELOW);
        private Duration shrinkAbove = Duration.parse(DEFAULT_SHRINK_ABOVE);
        private Duration resetGuardTtl = Duration.parse(DEFAULT_RESET_GUARD_TTL);
        private Duration maxBackoff = Duration.parse(DEFAULT_MAX_BACKOFF);
        private int maxAttempts = Integer.parseInt(DEFAULT_MAX_ATTEMPTS);
        private Duration awaitTimeout = Duration.parse(DEFAULT_AWAIT_TIMEOUT);
        private long reseedGapBlocks = Long.parseLong(DEFAULT_RESEED_GAP_BLOCKS);

        private Builder() {}

        /** Default {@value LeaseOptions#DEFAULT_PREFETCH_AT}: the next block is leased when a fifth of the current one is left. */
        public Builder prefetchAt(double value) {
            this.prefetchAt = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_GROW_BELOW}. */
        public Builder growBelow(Duration value) {
            this.growBelow = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_SHRINK_ABOVE}. */
        public Builder shrinkAbove(Duration value) {
            this.shrinkAbove = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_RESET_GUARD_TTL}. */
        public Builder resetGuardTtl(Duration value) {
            this.resetGuardTtl = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_MAX_BACKOFF}. */
        public Builder maxBackoff(Duration value) {
            this.maxBackoff = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_MAX_ATTEMPTS}. */
        public Builder maxAttempts(int value) {
            this.maxAttempts = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_AWAIT_TIMEOUT}. */
        public Builder awaitTimeout(Duration value) {
            this.awaitTimeout = value;
            return this;
        }

        /** Default {@value LeaseOptions#DEFAULT_RESEED_GAP_BLOCKS}. */
        public Builder reseedGapBlocks(long value) {
            this.reseedGapBlocks = value;
            return this;
        }

        public LeaseOptions build() {
            return new LeaseOptions(prefetchAt, growBelow, shrinkAbove, resetGuardTtl, maxBackoff, maxAttempts, awaitTimeout, reseedGapBlocks);
        }
    }
}
