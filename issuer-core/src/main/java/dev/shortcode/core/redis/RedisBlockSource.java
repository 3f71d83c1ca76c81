package dev.shortcode.core.redis;

import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.lease.LeaseException;
import dev.shortcode.core.lease.Reservation;
import dev.shortcode.core.lease.ReservedIds;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.metrics.IssuerMetrics;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Leases blocks from a Redis counter shared by every node; the issuing protocol of the design.
 *
 * <h2>Lease</h2>
 * One script, one round trip: if the pool's {@code seq} and {@code epoch} both exist,
 * {@code INCRBY seq size} and read both back as strings (Lua numbers are doubles and would round
 * counters above 2^53). The caller owns ids {@code [seq - size, seq)} of that epoch.
 *
 * <h2>Watermark reservation</h2>
 * Every id ever handed out lies below a durable mark in the {@link WatermarkStore}: that is what
 * keeps a lost counter from re-issuing ids. A block whose end is not below the highest mark this
 * node made durable gets a new mark before it is returned, and that mark reserves ahead: the
 * block's end plus {@link #RESERVE_BLOCKS} blocks of the size just leased (capped at the
 * capacity). The next leases of this node whose ends fall under it need no watermark write at all.
 * So the archive (HBase) is written about once per {@code RESERVE_BLOCKS} leases instead of once
 * per lease, and while it is slow or down this node goes on leasing, and issuing, for as long as
 * its reservation lasts (at the adaptive block size, many minutes of its own rate); only then does
 * a lease wait for the archive, and fail when it does not answer. The uniqueness argument is
 * unchanged: an id is used only if it lies below a mark that was durable before it was used. The
 * price is a larger jump when a counter is re-seeded (the reservation on top of the gap), paid only
 * after Redis lost the counter.
 *
 * <h2>Capacity reset</h2>
 * A block that starts at or beyond capacity is empty: the pool must wrap. Nodes race for the
 * guard {@code SET reset <token> NX PX ttl}; the winner runs a compare-and-set that names the epoch
 * it saw ({@code seq := 0, epoch := epoch + 1} only if epoch is unchanged), then releases the guard
 * if it still holds it. The guard keeps the stampede down to one writer; the compare-and-set keeps
 * a reset single even when the guard expired mid-reset and a second winner runs with the same
 * stale epoch. Losers sleep briefly (bounded, jittered) and lease again. A block that straddles
 * capacity is cut at capacity; its ids below capacity are used.
 *
 * <h2>Counter loss</h2>
 * A missing {@code seq} or {@code epoch} (Redis restarted empty, flushed, failed over to a replica
 * that never had them) is never recreated at zero once codes were issued. Under the same guard,
 * one node raises the counter to the durable watermark plus {@code reseedGapBlocks} maximum
 * blocks; the gap covers blocks that other nodes leased but had not yet recorded. The raise is
 * itself monotonic: it never lowers a counter that another node already restored. A counter that
 * went backwards without vanishing (a stale replica promoted) is caught when a lease returns a
 * value at or below this node's previous one in the same epoch, or an older epoch, and is raised
 * the same way. A regression that stays above this node's last lease is not detectable here; the
 * hot store's {@code SET NX} rejects the colliding codes instead.
 */
final class RedisBlockSource implements BlockSource {

    private static final System.Logger LOG = System.getLogger(RedisBlockSource.class.getName());

    /** Zero-pads a decimal string to 19 digits: {@link PoolKeys#padded} in Lua. */
    private static final String PAD = """
            local function pad(s)
              return string.rep('0', 19 - #s) .. s
            end
            """;

    /**
     * Also returns the reserved ids of the new block's epoch from a little below the block's start
     * (a double's rounding of counters above 2^53 is far less than the margin) to its end; the node
     * keeps those within the block exactly.
     */
    private static final LuaScript LEASE = new LuaScript(PAD + """
            if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('EXISTS', KEYS[2]) == 0 then
              return {}
            end
            redis.call('INCRBY', KEYS[1], ARGV[1])
            local seq = redis.call('GET', KEYS[1])
            local epoch = redis.call('GET', KEYS[2])
            local reply = {seq, epoch}
            if redis.call('EXISTS', KEYS[3]) == 1 then
              local low = math.max(0, tonumber(seq) - tonumber(ARGV[1]) - 4096)
              local from = '[' .. pad(epoch) .. ':' .. pad(string.format('%.0f', low))
              local to = '(' .. pad(epoch) .. ':' .. pad(seq)
              for _, member in ipairs(redis.call('ZRANGEBYLEX', KEYS[3], from, to)) do
                reply[#reply + 1] = member
              end
            end
            return reply
            """, ScriptOutputType.MULTI);

    /** Moves to the next epoch if still in ARGV[1], dropping that epoch's reserved ids. */
    static final LuaScript RESET = new LuaScript(PAD + """
            if redis.call('GET', KEYS[2]) ~= ARGV[1] then
              return 0
            end
            redis.call('SET', KEYS[1], '0')
            redis.call('INCR', KEYS[2])
            redis.call('ZREMRANGEBYLEX', KEYS[3], '[' .. pad(ARGV[1]) .. ':', '(' .. pad(ARGV[1]) .. ';')
            return 1
            """, ScriptOutputType.INTEGER);

    /**
     * Reserves an id in the epoch ARGV[1] names, if that is still the current one: the next
     * epoch's member (ARGV[3]) always, the current one's (ARGV[2]) only when the counter has not
     * reached its id (ARGV[4], padded). A reset in between re-reads every reservation from the
     * durable store, and the next epoch's member covers one that ran before the reset's read.
     */
    private static final LuaScript RESERVE = new LuaScript(PAD + """
            local seq = redis.call('GET', KEYS[1])
            local epoch = redis.call('GET', KEYS[2])
            if not seq or not epoch then
              return {'missing'}
            end
            if epoch ~= ARGV[1] then
              return {'epoch', epoch}
            end
            redis.call('ZADD', KEYS[3], 0, ARGV[3])
            if ARGV[4] >= pad(seq) then
              redis.call('ZADD', KEYS[3], 0, ARGV[2])
              return {'ahead'}
            end
            return {'late'}
            """, ScriptOutputType.MULTI);

    /** Reserved ids written per call when a pool enters an epoch. */
    private static final int RESERVED_PER_WRITE = 1_000;

    /**
     * Sets (seq, epoch) to the target if the counter is missing, or if it is still below the
     * (epoch, seq) in ARGV[3..4], the value this node saw go backwards. Re-checked under the guard
     * because another node may have restored it since this one looked. Decimal strings compare
     * exactly; Lua numbers would not above 2^53.
     */
    private static final LuaScript RAISE = new LuaScript("""
            local function less(a, b)
              return #a < #b or (#a == #b and a < b)
            end
            local seq = redis.call('GET', KEYS[1])
            local epoch = redis.call('GET', KEYS[2])
            if seq and epoch and not (less(epoch, ARGV[4]) or (epoch == ARGV[4] and less(seq, ARGV[3]))) then
              return 0
            end
            redis.call('SET', KEYS[1], ARGV[1])
            redis.call('SET', KEYS[2], ARGV[2])
            return 1
            """, ScriptOutputType.INTEGER);

    private static final LuaScript RELEASE_GUARD = new LuaScript("""
            if redis.call('GET', KEYS[1]) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """, ScriptOutputType.INTEGER);

    /** Blocks of the current size that a new watermark reserves beyond the block it is written for. */
    static final long RESERVE_BLOCKS = 16;

    private final RedisClusterCommands<String, String> redis;
    private final WatermarkStore watermarks;
    private final LeaseOptions options;
    private final IssuerMetrics metrics;
    private final String namespace;
    /** How reserved codes map to ids; null for a source that keeps no reservations. */
    private final ReservedIds ids;
    /** This node's last lease per pool: how a counter that went backwards is noticed. */
    private final Map<Integer, Watermark> lastLease = new ConcurrentHashMap<>();
    /** The highest mark this node made durable per pool: blocks ending at or below it need no watermark write. */
    private final Map<Integer, Watermark> reserved = new ConcurrentHashMap<>();
    /** Leases of one pool on this node run one at a time, so the regression check sees its own order. */
    private final Map<Integer, Object> poolLocks = new ConcurrentHashMap<>();

    /** @param namespace key prefix, {@code sc} in production; tests use their own to share one server */
    RedisBlockSource(RedisClusterCommands<String, String> redis, String namespace, WatermarkStore watermarks,
            LeaseOptions options, IssuerMetrics metrics) {
        this(redis, namespace, watermarks, null, options, metrics);
    }

    /** @param ids how reserved codes map to ids (the issuer's secret); null for a source that keeps no reservations */
    RedisBlockSource(RedisClusterCommands<String, String> redis, String namespace, WatermarkStore watermarks, ReservedIds ids,
            LeaseOptions options, IssuerMetrics metrics) {
        this.ids = ids;
        this.redis = redis;
        this.namespace = namespace;
        this.watermarks = watermarks;
        this.options = options;
        this.metrics = metrics;
    }

    @Override
    public Block lease(PoolOptions pool, long size) {
        if (size < 1 || size >= pool.capacity()) {
            throw new IllegalArgumentException("block size " + size + " outside [1, " + pool.capacity() + ")");
        }
        synchronized (poolLocks.computeIfAbsent(pool.length(), l -> new Object())) {
            return leaseSerially(pool, size);
        }
    }

    private Block leaseSerially(PoolOptions pool, long size) {
        PoolKeys keys = PoolKeys.of(namespace, pool.length());
        try {
            for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
                List<Object> reply = LEASE.run(redis, keys.counterAndReserved(), Long.toString(size));
                if (reply.isEmpty()) {
                    LOG.log(Level.WARNING, "pool {0}: counter {1} is missing; re-seeding from the watermark", pool.name(), keys.seq());
                    raiseToWatermark(pool, keys, Watermark.ZERO, attempt);
                    continue;
                }
                long hi = Long.parseLong((String) reply.get(0));
                long epoch = Long.parseLong((String) reply.get(1));
                Watermark seen = new Watermark(epoch, hi);
                Watermark previous = lastLease.get(pool.length());
                if (previous != null && seen.compareTo(previous) <= 0) {
                    LOG.log(Level.WARNING, "pool {0}: counter went back from {1} to {2}; raising it above the watermark",
                            pool.name(), previous, seen);
                    raiseToWatermark(pool, keys, previous, attempt);
                    continue;
                }
                long start = hi - size;
                if (start >= pool.capacity()) {
                    resetEpoch(pool, keys, epoch, attempt);
                    continue;
                }
                reserveUpTo(pool, seen, size);
                lastLease.put(pool.length(), seen);
                long end = Math.min(hi, pool.capacity());
                return new Block(epoch, start, end, skippedIn(reply, start, end));
            }
        } catch (RedisException e) {
            throw new LeaseException("pool " + pool.name() + ": Redis failed during lease: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            if (e instanceof LeaseException) {
                throw e;
            }
            throw new LeaseException("pool " + pool.name() + ": lease failed: " + e, e);
        }
        throw new LeaseException("pool " + pool.name() + ": no block after " + options.maxAttempts()
                + " attempts; another node holds the reset guard " + keys.guard() + " or the counter keeps changing");
    }

    /** The reserved ids a lease's reply lists after the counter, those within {@code [start, end)}, ascending. */
    private static long[] skippedIn(List<Object> reply, long start, long end) {
        if (reply.size() == 2) {
            return new long[0];
        }
        return reply.subList(2, reply.size()).stream()
                .mapToLong(member -> Long.parseLong(((String) member).substring(20)))
                .filter(id -> id >= start && id < end).sorted().toArray();
    }

    @Override
    public Reservation reserve(PoolOptions pool, String code) {
        if (ids == null) {
            return BlockSource.super.reserve(pool, code);
        }
        if (!ids.recordDurably(pool, code, watermarks.reservedCodes())) {
            return Reservation.NOT_CODE_SHAPED;
        }
        PoolKeys keys = PoolKeys.of(namespace, pool.length());
        synchronized (poolLocks.computeIfAbsent(pool.length(), l -> new Object())) {
            try {
                String epochText = redis.get(keys.epoch());
                for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
                    if (epochText == null) {
                        raiseToWatermark(pool, keys, Watermark.ZERO, attempt);
                        epochText = redis.get(keys.epoch());
                        continue;
                    }
                    long epoch = Long.parseLong(epochText);
                    long id = ids.idOf(pool, code, epoch);
                    List<Object> reply = RESERVE.run(redis, keys.counterAndReserved(), epochText,
                            PoolKeys.reservedMember(epoch, id), PoolKeys.reservedMember(epoch + 1, ids.idOf(pool, code, epoch + 1)),
                            PoolKeys.padded(id));
                    switch ((String) reply.get(0)) {
                        case "ahead" -> {
                            return Reservation.AHEAD;
                        }
                        case "late" -> {
                            return Reservation.LATE;
                        }
                        case "epoch" -> epochText = (String) reply.get(1);
                        default -> epochText = null; // the counter is missing: re-seed it, then reserve
                    }
                }
            } catch (RedisException e) {
                throw new LeaseException("pool " + pool.name() + ": Redis failed during the reservation of " + code + ": " + e.getMessage(), e);
            }
        }
        throw new LeaseException("pool " + pool.name() + ": code " + code + " not reserved after " + options.maxAttempts()
                + " attempts; the counter keeps changing or cannot be re-seeded");
    }

    /**
     * Writes the ids every reserved code has in {@code epoch} into the pool's reserved set: before
     * a pool enters that epoch (a wrap, a re-seed), so its first lease already skips them.
     */
    private void writeReserved(PoolOptions pool, PoolKeys keys, long epoch) {
        if (ids == null) {
            return;
        }
        List<String> codes = watermarks.reservedCodes().all(pool.length());
        long[] reservedIds = ids.idsOf(pool, codes, epoch);
        for (int from = 0; from < reservedIds.length; from += RESERVED_PER_WRITE) {
            int to = Math.min(reservedIds.length, from + RESERVED_PER_WRITE);
            Object[] members = new Object[2 * (to - from)];
            for (int i = from; i < to; i++) {
                members[2 * (i - from)] = 0.0;
                members[2 * (i - from) + 1] = PoolKeys.reservedMember(epoch, reservedIds[i]);
            }
            redis.zadd(keys.reserved(), members);
        }
    }

    /** Makes sure a durable mark covers {@code end}; writes one with the reservation when none does. */
    private void reserveUpTo(PoolOptions pool, Watermark end, long size) {
        Watermark held = reserved.get(pool.length());
        if (held != null && end.compareTo(held) <= 0) {
            return;
        }
        long ahead;
        try {
            ahead = Math.min(pool.capacity(), Math.addExact(end.highId(), Math.multiplyExact(RESERVE_BLOCKS, size)));
        } catch (ArithmeticException e) {
            ahead = pool.capacity();
        }
        Watermark mark = new Watermark(end.epoch(), Math.max(end.highId(), ahead));
        watermarks.advance(pool.length(), mark);
        reserved.merge(pool.length(), mark, Watermark::max);
    }

    private void resetEpoch(PoolOptions pool, PoolKeys keys, long seenEpoch, int attempt) {
        String token = tryGuard(keys);
        if (token == null) {
            backOff(attempt);
            return;
        }
        try {
            writeReserved(pool, keys, seenEpoch + 1);
            long changed = RESET.run(redis, keys.counterAndReserved(), Long.toString(seenEpoch));
            if (changed == 1) {
                LOG.log(Level.INFO, "pool {0}: capacity {1} reached; moved to epoch {2}", pool.name(), pool.capacity(), seenEpoch + 1);
                metrics.epochReset(pool.name(), seenEpoch + 1);
            }
        } finally {
            releaseGuard(keys, token);
        }
    }

    /**
     * Under the guard, re-seeds a missing counter, or raises one still below {@code below}, to the
     * durable watermark plus the safety gap. {@link Watermark#ZERO} as {@code below} means: only
     * if missing.
     */
    private void raiseToWatermark(PoolOptions pool, PoolKeys keys, Watermark below, int attempt) {
        String token = tryGuard(keys);
        if (token == null) {
            backOff(attempt);
            return;
        }
        try {
            Watermark target = watermarks.read(pool.length())
                    .map(mark -> new Watermark(mark.epoch(), mark.highId() + options.reseedGapBlocks() * pool.blocks().max()))
                    .orElse(Watermark.ZERO);
            writeReserved(pool, keys, target.epoch());
            writeReserved(pool, keys, target.epoch() + 1);
            long changed = RAISE.run(redis, keys.counter(), Long.toString(target.highId()), Long.toString(target.epoch()),
                    Long.toString(below.highId()), Long.toString(below.epoch()));
            if (changed == 1) {
                LOG.log(Level.WARNING, "pool {0}: counter re-seeded to epoch {1} seq {2}", pool.name(), target.epoch(), target.highId());
                metrics.counterReseeded(pool.name(), target.epoch(), target.highId());
            }
        } finally {
            releaseGuard(keys, token);
        }
    }

    /** The guard's token when this node won it, else null. */
    private String tryGuard(PoolKeys keys) {
        String token = UUID.randomUUID().toString();
        String ok = redis.set(keys.guard(), token, SetArgs.Builder.nx().px(options.resetGuardTtl().toMillis()));
        return "OK".equals(ok) ? token : null;
    }

    private void releaseGuard(PoolKeys keys, String token) {
        try {
            RELEASE_GUARD.run(redis, new String[] {keys.guard()}, token);
        } catch (RedisException e) {
            // The guard expires on its own; losing the release only delays the others by its TTL.
            LOG.log(Level.DEBUG, "could not release guard {0}: {1}", keys.guard(), e.toString());
        }
    }

    private void backOff(int attempt) {
        long capMillis = options.maxBackoff().toMillis();
        long bound = Math.min(capMillis, 1L << Math.min(attempt, 10));
        long sleep = ThreadLocalRandom.current().nextLong(Math.max(1, bound / 2), bound + 1);
        try {
            Thread.sleep(sleep);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LeaseException("interrupted while waiting for another node's reset");
        }
    }
}
