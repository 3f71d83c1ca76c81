package dev.shortcode.core.lease;

import dev.shortcode.core.config.PoolOptions;
import java.util.HashMap;
import java.util.Map;

/**
 * The single-node block source: a counter per pool whose truth is the {@link WatermarkStore}.
 * Each lease makes the new high-water mark durable before it returns, so after a crash or restart
 * the counter resumes above every id that could have been handed out, without a safety gap.
 * The store belongs to the caller, who closes it.
 */
public final class EmbeddedBlockSource implements BlockSource {

    private final WatermarkStore store;
    private final Map<Integer, Watermark> next = new HashMap<>();

    public EmbeddedBlockSource(WatermarkStore store) {
        this.store = store;
    }

    @Override
    public synchronized Block lease(PoolOptions pool, long size) {
        if (size < 1) {
            throw new IllegalArgumentException("block size must be positive: " + size);
        }
        int length = pool.length();
        Watermark from = next.computeIfAbsent(length, l -> store.read(l).orElse(Watermark.ZERO));
        if (from.highId() >= pool.capacity()) {
            from = new Watermark(from.epoch() + 1, 0);
        }
        long end = Math.min(pool.capacity(), from.highId() + size);
        Watermark to = new Watermark(from.epoch(), end);
        try {
            store.advance(length, to);
        } catch (RuntimeException e) {
            throw new LeaseException("cannot record watermark " + to + " of pool " + pool.name(), e);
        }
        next.put(length, to);
        return new Block(from.epoch(), from.highId(), end);
    }
}
