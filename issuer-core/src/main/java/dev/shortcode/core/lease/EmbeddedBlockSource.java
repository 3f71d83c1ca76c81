package dev.shortcode.core.lease;

import dev.shortcode.core.config.PoolOptions;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The single-node block source: a counter per pool whose truth is the {@link WatermarkStore}.
 * Each lease makes the new high-water mark durable before it returns, so after a crash or restart
 * the counter resumes above every id that could have been handed out, without a safety gap.
 * The store belongs to the caller, who closes it.
 *
 * <p>Reserved codes: the ids of the current epoch not leased yet are kept in memory per pool,
 * worked out from the store's {@link ReservedCodes} when the pool is first leased after a start
 * and whenever it enters a new epoch, and added to by {@link #reserve}; each block carries those
 * within its range. One process, one lock: a reservation is either before a lease (and skipped by
 * it) or after it ({@link Reservation#LATE}, and skipped by this node's allocator).
 */
public final class EmbeddedBlockSource implements BlockSource {

    private final WatermarkStore store;
    private final ReservedIds ids;
    private final Map<Integer, Watermark> next = new HashMap<>();
    /** The current epoch's reserved ids of each pool that has leased since the start. */
    private final Map<Integer, TreeSet<Long>> reserved = new HashMap<>();

    public EmbeddedBlockSource(WatermarkStore store) {
        this(store, null);
    }

    /** @param ids how reserved codes map to ids; null for a source that keeps no reservations */
    public EmbeddedBlockSource(WatermarkStore store, ReservedIds ids) {
        this.store = store;
        this.ids = ids;
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
            reserved.remove(length);
        }
        long end = Math.min(pool.capacity(), from.highId() + size);
        Watermark to = new Watermark(from.epoch(), end);
        TreeSet<Long> skips = reservedIn(pool, from.epoch());
        try {
            store.advance(length, to);
        } catch (RuntimeException e) {
            throw new LeaseException("cannot record watermark " + to + " of pool " + pool.name(), e);
        }
        next.put(length, to);
        long[] skipped = skips.subSet(from.highId(), end).stream().mapToLong(Long::longValue).toArray();
        return new Block(from.epoch(), from.highId(), end, skipped);
    }

    @Override
    public Reservation reserve(PoolOptions pool, String code) {
        if (ids == null) {
            return BlockSource.super.reserve(pool, code);
        }
        if (!ids.recordDurably(pool, code, store.reservedCodes())) {
            return Reservation.NOT_CODE_SHAPED;
        }
        synchronized (this) {
            Watermark at = next.get(pool.length());
            if (at == null) {
                return Reservation.AHEAD; // the pool's first lease reads it from the store with the others
            }
            long id = ids.idOf(pool, code, at.epoch());
            if (id < at.highId()) { // also when the epoch is used up: the next one reads it from the store
                return Reservation.LATE;
            }
            reservedIn(pool, at.epoch()).add(id);
            return Reservation.AHEAD;
        }
    }

    /** The pool's reserved ids of {@code epoch}, read from the store the first time they are asked for. */
    private TreeSet<Long> reservedIn(PoolOptions pool, long epoch) {
        return reserved.computeIfAbsent(pool.length(), l -> {
            TreeSet<Long> set = new TreeSet<>();
            if (ids != null) {
                for (long id : ids.idsOf(pool, store.reservedCodes().all(l), epoch)) {
                    set.add(id);
                }
            }
            return set;
        });
    }
}
