package dev.shortcode.core.lease;

/**
 * Ids {@code [start, end)} of one epoch of one pool, owned by the node that leased them until it
 * hands them out or dies. {@code end} never exceeds the pool's capacity.
 */
public record Block(long epoch, long start, long end) {

    public Block {
        if (epoch < 0 || start < 0 || end <= start) {
            throw new IllegalArgumentException("invalid block epoch=" + epoch + " [" + start + ", " + end + ")");
        }
    }

    public long size() {
        return end - start;
    }
}
