package dev.shortcode.core.lease;

import dev.shortcode.core.config.PoolOptions;

/**
 * Where a node leases blocks of ids. One implementation per backend: Redis for many nodes, a
 * local durable counter for a single node.
 *
 * <p>Contract: across every node and every call, no two returned blocks of the same pool and
 * epoch overlap, and no id is returned again in the same epoch after a crash of the counter's
 * store (the implementation re-seeds from a {@link WatermarkStore}). When the counter passes the
 * capacity, the implementation moves the pool to the next epoch exactly once.
 *
 * <p>Codes taken as aliases are reserved ({@link #reserve}): from then on no block of any epoch
 * hands out their ids, on any node ({@link Block#skipped()}), after a wrap and after the counter's
 * store lost everything too.
 *
 * <p>Calls block on I/O; the allocator makes them on its own lease thread, never on a caller's.
 */
public interface BlockSource extends AutoCloseable {

    /**
     * Leases the next block of {@code pool} of at most {@code size} ids (it can be shorter at the
     * end of an epoch).
     *
     * @throws LeaseException when the backend cannot be reached or coordination gave up
     */
    Block lease(PoolOptions pool, long size);

    /**
     * Reserves {@code code} of {@code pool} durably ({@link ReservedCodes}) and then in the current
     * epoch's ids: an id not leased yet is kept out of every later block ({@link Reservation#AHEAD});
     * one leased already is {@link Reservation#LATE}. Every later epoch skips it either way.
     *
     * @throws LeaseException when the backend cannot be reached
     * @throws UnsupportedOperationException when this source keeps no reservations
     */
    default Reservation reserve(PoolOptions pool, String code) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no reserved codes");
    }

    @Override
    default void close() {}
}
