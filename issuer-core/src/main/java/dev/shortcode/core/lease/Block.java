package dev.shortcode.core.lease;

import java.util.Arrays;

/**
 * Ids {@code [start, end)} of one epoch of one pool, owned by the node that leased them until it
 * hands them out or dies. {@code end} never exceeds the pool's capacity. {@code skipped} are the
 * ids of the range that belong to reserved codes (aliases of the pool's shape), ascending: the
 * allocator hands out every id of the range but those.
 */
public record Block(long epoch, long start, long end, long[] skipped) {

    private static final long[] NONE = {};

    public Block {
        if (epoch < 0 || start < 0 || end <= start) {
            throw new IllegalArgumentException("invalid block epoch=" + epoch + " [" + start + ", " + end + ")");
        }
        skipped = skipped.length == 0 ? NONE : skipped.clone();
        for (int i = 0; i < skipped.length; i++) {
            if (skipped[i] < start || skipped[i] >= end || i > 0 && skipped[i] <= skipped[i - 1]) {
                throw new IllegalArgumentException("skipped ids must be ascending within the block: " + Arrays.toString(skipped));
            }
        }
    }

    public Block(long epoch, long start, long end) {
        this(epoch, start, end, NONE);
    }

    public long size() {
        return end - start;
    }

    /** Whether {@code id} is one of the reserved ids this block must not hand out. */
    public boolean skips(long id) {
        return skipped.length != 0 && Arrays.binarySearch(skipped, id) >= 0;
    }

    @Override
    public long[] skipped() {
        return skipped.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Block b && epoch == b.epoch && start == b.start && end == b.end && Arrays.equals(skipped, b.skipped);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(epoch) * 31 * 31 + Long.hashCode(start) * 31 + Long.hashCode(end);
    }

    @Override
    public String toString() {
        return "Block[epoch=" + epoch + ", start=" + start + ", end=" + end + ", skipped=" + skipped.length + "]";
    }
}
