package dev.shortcode.core.alloc;

import dev.shortcode.core.config.BlockSizing;

/**
 * Leaf's adaptive step: a block that was used up faster than {@code growBelowNanos} doubles the
 * next one (fewer leases under load), one that lasted longer than {@code shrinkAboveNanos} halves
 * it (fewer ids lost when a node dies), always within the pool's bounds.
 */
final class BlockSizer {

    private final BlockSizing bounds;
    private final long growBelowNanos;
    private final long shrinkAboveNanos;

    BlockSizer(BlockSizing bounds, long growBelowNanos, long shrinkAboveNanos) {
        this.bounds = bounds;
        this.growBelowNanos = growBelowNanos;
        this.shrinkAboveNanos = shrinkAboveNanos;
    }

    long initial() {
        return bounds.initial();
    }

    /** The size after a block of {@code size} ids lasted {@code lastedNanos}. */
    long next(long size, long lastedNanos) {
        if (lastedNanos < growBelowNanos) {
            return bounds.clamp(size * 2);
        }
        if (lastedNanos > shrinkAboveNanos) {
            return bounds.clamp(size / 2);
        }
        return bounds.clamp(size);
    }
}
