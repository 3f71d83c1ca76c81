package dev.shortcode.core.lease;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.config.PoolOptions;
import java.util.Arrays;
import java.util.List;

/**
 * The ids reserved codes have in one epoch of a pool: the permutation of each epoch differs, so a
 * code is a different id in every epoch, and a block source works them out with the issuer's
 * secret whenever a pool enters an epoch (a wrap, or a counter re-seeded after Redis lost it).
 */
public final class ReservedIds {

    private final byte[] secret;

    public ReservedIds(byte[] secret) {
        this.secret = secret.clone();
    }

    /** The id of {@code code} in {@code epoch}, or -1 when it is not a code of the pool's shape. */
    public long idOf(PoolOptions pool, String code, long epoch) {
        return new CodeCodec(pool.space(), epoch, secret).decode(code);
    }

    /**
     * The first step of every block source's reservation: records {@code code} durably in
     * {@code store}, unless it is not a code of the pool's shape (false).
     *
     * @throws LeaseException when the store does not take it
     */
    public boolean recordDurably(PoolOptions pool, String code, ReservedCodes store) {
        if (idOf(pool, code, 0) < 0) {
            return false;
        }
        try {
            store.add(pool.length(), code);
        } catch (RuntimeException e) {
            throw new LeaseException("pool " + pool.name() + ": cannot record reserved code " + code + ": " + e.getMessage(), e);
        }
        return true;
    }

    /** The ids of {@code codes} in {@code epoch}, ascending, without those not of the pool's shape. */
    public long[] idsOf(PoolOptions pool, List<String> codes, long epoch) {
        CodeCodec codec = new CodeCodec(pool.space(), epoch, secret);
        return codes.stream().mapToLong(codec::decode).filter(id -> id >= 0).sorted().distinct().toArray();
    }

    /** The ids of {@code sorted} within {@code [start, end)}. */
    public static long[] within(long[] sorted, long start, long end) {
        int from = Arrays.binarySearch(sorted, start);
        int to = Arrays.binarySearch(sorted, end);
        from = from < 0 ? -from - 1 : from;
        to = to < 0 ? -to - 1 : to;
        return Arrays.copyOfRange(sorted, from, to);
    }
}
