package dev.shortcode.core.config;

/**
 * Bounds of the adaptive block size of one pool, in ids.
 *
 * <p>The allocator starts at {@code initial} and doubles or halves within {@code [min, max]}. The
 * maximum bounds the ids a crashed node can waste (two blocks: the current and the prefetched
 * one) and must stay below the pool's capacity, or one lease could swallow a whole epoch.
 */
public record BlockSizing(long min, long initial, long max) {

    /** Default ceiling: at 100k codes/s per node a block of a million lasts ten seconds. */
    public static final long DEFAULT_MAX = 1_000_000;
    /** Default start: one INCRBY per 10,000 codes before any adaptation. */
    public static final long DEFAULT_INITIAL = 10_000;
    /** Default floor: idle nodes still lease in steps worth a round trip. */
    public static final long DEFAULT_MIN = 1_000;

    public BlockSizing {
        if (min < 1 || min > initial || initial > max) {
            throw new IllegalArgumentException("need 1 <= min <= initial <= max, got " + min + "/" + initial + "/" + max);
        }
    }

    /** Defaults scaled down for small pools so that a block never exceeds 1/16 of the capacity. */
    static BlockSizing defaultsFor(long capacity) {
        long max = Math.min(DEFAULT_MAX, Math.max(1, capacity / 16));
        long initial = Math.min(DEFAULT_INITIAL, max);
        long min = Math.min(DEFAULT_MIN, initial);
        return new BlockSizing(min, initial, max);
    }

    public long clamp(long size) {
        return Math.max(min, Math.min(max, size));
    }
}
