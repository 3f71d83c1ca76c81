package dev.shortcode.core.lease;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.PoolOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ids reserved codes have in one epoch of a pool: the permutation of each epoch differs, so a
 * code is a different id in every epoch, and a block source works them out with the issuer's
 * secret whenever a pool enters an epoch (a wrap, or a counter re-seeded after Redis lost it).
 */
public final class ReservedIds {

    private final byte[] secret;
    /** The codec of each (epoch, code length) asked for: a pool is in one epoch for a long time. */
    private final Map<Long, CodeCodec> codecs = new ConcurrentHashMap<>();

    public ReservedIds(byte[] secret) {
        this.secret = secret.clone();
    }

    /** The id of {@code code} in {@code epoch}, or -1 when it is not a code of the pool's shape. */
    public long idOf(PoolOptions pool, String code, long epoch) {
        return codec(pool, epoch).decode(code);
    }

    private CodeCodec codec(PoolOptions pool, long epoch) {
        return codecs.computeIfAbsent(epoch * (CodeSpace.MAX_LENGTH + 1) + pool.length(), k -> new CodeCodec(pool.space(), epoch, secret));
    }

    /**
     * The first step of every block source's reservation: records {@code code} durably in
     * {@code store}, unless it is not a code of the pool's shape (false).
     *
     * @throws LeaseException when the store does not take it
     */
    public boolean recordDurably(PoolOptions pool, String code, ReservedCodes store) {
        if (!pool.space().isWellFormed(code)) {
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
        CodeCodec codec = codec(pool, epoch);
        return codes.stream().mapToLong(codec::decode).filter(id -> id >= 0).sorted().distinct().toArray();
    }

}
