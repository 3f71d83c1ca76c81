package dev.shortcode.core.alloc;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.lease.Block;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A leased block being handed out. {@code cursor} is the next id; callers race on it with
 * {@code getAndIncrement} and it may overshoot {@code end} by the number of callers that found
 * the segment exhausted.
 */
final class Segment {

    /** A segment with nothing in it: the allocator's state before its first lease. */
    static final Segment EMPTY = new Segment(null, 0, 0, 0, 0, new Block(0, 0, 1), 0);

    final CodeCodec codec;
    final long epoch;
    final long start;
    final long end;
    /** Id at which the next block is requested in the background. */
    final long prefetchAt;
    final AtomicLong cursor;
    /** The block, for the reserved ids it must skip ({@link Block#skips}). */
    final Block block;
    /** Which of the allocator's leases brought it: 1 for the first. */
    final long ordinal;
    /** When this segment became current, by the allocator's ticker; set once, by the lock holder. */
    long activatedAt;

    private Segment(CodeCodec codec, long epoch, long start, long end, long prefetchAt, Block block, long ordinal) {
        this.block = block;
        this.ordinal = ordinal;
        this.codec = codec;
        this.epoch = epoch;
        this.start = start;
        this.end = end;
        this.prefetchAt = prefetchAt;
        this.cursor = new AtomicLong(start);
    }

    static Segment of(Block block, CodeCodec codec, double prefetchFraction, long ordinal) {
        long prefetchAt = block.end() - (long) Math.ceil(block.size() * prefetchFraction);
        return new Segment(codec, block.epoch(), block.start(), block.end(), Math.max(block.start(), prefetchAt), block, ordinal);
    }

    long size() {
        return end - start;
    }

    /** Ids handed out so far. */
    long used() {
        return Math.min(cursor.get(), end) - start;
    }

    long remaining() {
        return size() - used();
    }
}
