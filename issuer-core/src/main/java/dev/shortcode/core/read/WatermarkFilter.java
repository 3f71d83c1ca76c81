package dev.shortcode.core.read;

import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.ReservedCodes;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Judges a code by its id alone, against the pool's issued watermark, so that codes no node ever
 * issued cost no I/O.
 *
 * <p>Only <em>pool-shaped</em> codes are judged: the length of a pool and base62 characters. Every
 * other well-formed code can only be a custom alias, which any read may find. An alias may be
 * pool-shaped too: its code is then reserved ({@link ReservedCodes}), never issued, and read like
 * an issued one. Such a code judged never issued is looked up in the hot store, which holds every
 * new link; when it is not there, {@link #isReservedNow} decides, by reserved codes read at most a
 * second before (the read is shared, and only what was added since the last one), whether the
 * archive may have it: a pool-shaped code judged never issued costs one hot-store read, and an
 * archive read only when it is reserved.
 * <ul>
 *   <li>below the mark: it may be live or only archived;
 *   <li>from the mark to mark + slack: issued since the mark was read, if at all. The slack covers
 *       what may have been leased since then, including the jump of a counter re-seeded after Redis
 *       lost it ({@link ColdReadOptions#slackIds}). Such a link is young, but it may be in the
 *       archive already (the outbox drains in milliseconds) and gone from the hot store (a Redis
 *       restart or failover since), so it is judged like one below the mark;
 *   <li>beyond mark + slack: never issued.
 * </ul>
 * The last verdict holds only while the cached mark is fresh. A stale mark (a node that served
 * nothing of a pool for a while, since marks are refreshed on use) says nothing about ids above
 * it: other nodes may have issued and archived them long ago. Such codes are {@link Chance#UNSURE}
 * and the read waits for a fresh mark ({@link #refreshed}) before it decides; when none comes in
 * time, the code may exist. After a wrap (epoch &gt; 0) every id may be live, and only the syntax
 * check applies.
 */
final class WatermarkFilter {

    private static final System.Logger LOG = System.getLogger(WatermarkFilter.class.getName());

    /** What a code's id says about it. */
    enum Chance {
        /** Not shaped like a pool's code: an alias, if well-formed. */
        ALIAS_SHAPED,
        /** In a pool's range and shape but impossible: beyond its capacity, or above a fresh mark + slack. */
        NEVER_ISSUED,
        /** May be live or archived: below a fresh mark + slack, or judged without a mark. */
        MAYBE_ARCHIVED,
        /** Above a mark too old to judge it by: look again with a fresh mark. */
        UNSURE
    }

    /** Overlap between two reads of the reserved codes: the store's clocks may be this far apart. */
    private static final long RESERVED_CLOCK_SKEW_MILLIS = 60_000;
    /** How old the reserved codes known may be when a read depends on them. */
    private static final long RESERVED_MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final WatermarkStore watermarks;
    private final Executor reader;
    private final ColdReadOptions options;
    private final Ticker ticker;
    /** Indexed by code length; null where no pool has that length. */
    private final PoolView[] byLength = new PoolView[CodeSpace.MAX_LENGTH + 1];

    WatermarkFilter(IssuerOptions config, WatermarkStore watermarks, Executor reader, ColdReadOptions options, Ticker ticker) {
        this.watermarks = watermarks;
        this.reader = reader;
        this.options = options;
        this.ticker = ticker;
        byte[] secret = config.secret();
        List<CompletableFuture<?>> first = new ArrayList<>();
        for (PoolOptions pool : config.pools()) {
            PoolView view = new PoolView(pool, new CodeCodec(pool.space(), 0, secret), options.slackIds(pool, config.lease()));
            byLength[pool.length()] = view;
            first.add(refresh(view));
            first.add(readReserved(view, null));
        }
        // Waits for the first marks, but no longer than a read may wait for one: a slow or absent
        // archive must not hold up the start. Until a pool's mark arrives its codes are all possible.
        try {
            CompletableFuture.allOf(first.toArray(CompletableFuture[]::new)).get(options.watermarkWait().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.log(Level.WARNING, "the issued watermarks did not arrive within {0}; codes are judged without them until they do",
                    options.watermarkWait());
        }
    }

    /** The verdict from the cached mark, without I/O; starts a background refresh when the mark is old. */
    Chance chanceOf(String code) {
        PoolView pool = poolOf(code);
        if (pool == null) {
            return Chance.ALIAS_SHAPED;
        }
        if (!pool.spec.space().isWellFormed(code)) {
            return Chance.NEVER_ISSUED;
        }
        CachedMark cached = pool.mark.get();
        boolean fresh = cached != null && ticker.nanos() - cached.readAtNanos <= options.watermarkMaxAge().toNanos();
        if (!fresh) {
            refresh(pool);
        }
        return judge(pool, code, cached, fresh);
    }

    /**
     * The verdict from a mark read now (shared with concurrent callers). When that read is slow or
     * fails, {@link Chance#MAYBE_ARCHIVED}: the stale mark cannot say that a code was never issued,
     * and the archive read that follows answers (or fails) for itself.
     */
    CompletableFuture<Chance> refreshed(String code) {
        PoolView pool = poolOf(code);
        if (pool == null) {
            return CompletableFuture.completedFuture(Chance.ALIAS_SHAPED);
        }
        return refresh(pool).completeOnTimeout(null, options.watermarkWait().toNanos(), TimeUnit.NANOSECONDS)
                .thenApply(mark -> mark != null ? judge(pool, code, mark, true) : Chance.MAYBE_ARCHIVED);
    }

    private Chance judge(PoolView pool, String code, CachedMark cached, boolean fresh) {
        if (cached == null || cached.mark.epoch() > 0) {
            return Chance.MAYBE_ARCHIVED;
        }
        long id = pool.epoch0.decode(code);
        long high = cached.mark.highId();
        if (id < high) {
            return Chance.MAYBE_ARCHIVED;
        }
        if (!fresh) {
            return Chance.UNSURE;
        }
        return id - high < pool.slack ? Chance.MAYBE_ARCHIVED : Chance.NEVER_ISSUED;
    }

    private PoolView poolOf(String code) {
        PoolView pool = code.length() < byLength.length ? byLength[code.length()] : null;
        return pool != null && Base62.isAlphabet(code) ? pool : null;
    }

    /** Starts one read of the pool's mark unless one is running; completes with the new mark, or null when the read failed. */
    private CompletableFuture<CachedMark> refresh(PoolView pool) {
        CompletableFuture<CachedMark> running = pool.refreshing.get();
        if (running != null) {
            return running;
        }
        CompletableFuture<CachedMark> mine = new CompletableFuture<>();
        running = pool.refreshing.compareAndExchange(null, mine);
        if (running != null) {
            return running;
        }
        try {
            reader.execute(() -> {
                CachedMark read = readMark(pool);
                if (read != null) {
                    pool.mark.set(read);
                }
                pool.refreshing.set(null);
                mine.complete(read);
            });
        } catch (RuntimeException e) { // rejected: the reader is busy or closed; the cached mark stays
            pool.refreshing.set(null);
            mine.complete(null);
        }
        return mine;
    }

    /** Whether {@code code} is among the reserved codes this node has read, without I/O. */
    boolean isReserved(String code) {
        PoolView pool = poolOf(code);
        return pool != null && pool.reserved.get().contains(code);
    }

    /**
     * Whether {@code code} is reserved, by reserved codes read at most {@code RESERVED_MAX_AGE} ago:
     * read again when older (one read shared by concurrent callers), waited for at most
     * {@code watermarkWait}; false when no read answers in time.
     */
    CompletableFuture<Boolean> isReservedNow(String code) {
        PoolView pool = poolOf(code);
        if (pool == null) {
            return CompletableFuture.completedFuture(false);
        }
        ReservedRead last = pool.reservedRead.get();
        boolean recent = last != null && ticker.nanos() - last.startedNanos <= RESERVED_MAX_AGE_NANOS;
        CompletableFuture<Void> read = recent ? last.done : readReserved(pool, last);
        if (read.isDone()) {
            return CompletableFuture.completedFuture(pool.reserved.get().contains(code));
        }
        return read.completeOnTimeout(null, options.watermarkWait().toNanos(), TimeUnit.NANOSECONDS)
                .thenApply(v -> pool.reserved.get().contains(code));
    }

    /** Starts a read of the codes reserved since the last one (all the first time) unless another caller just did. */
    private CompletableFuture<Void> readReserved(PoolView pool, ReservedRead seen) {
        ReservedRead mine = new ReservedRead(ticker.nanos(), new CompletableFuture<>());
        if (!pool.reservedRead.compareAndSet(seen, mine)) {
            ReservedRead other = pool.reservedRead.get();
            return other != null ? other.done : CompletableFuture.completedFuture(null);
        }
        try {
            reader.execute(() -> {
                long began = System.currentTimeMillis();
                try {
                    ReservedCodes store = watermarks.reservedCodes();
                    List<String> added = pool.reservedSince == Long.MIN_VALUE ? store.all(pool.spec.length())
                            : store.addedSince(pool.spec.length(), pool.reservedSince);
                    if (!added.isEmpty()) {
                        Set<String> known = new HashSet<>(pool.reserved.get());
                        known.addAll(added);
                        pool.reserved.set(Set.copyOf(known));
                    }
                    pool.reservedSince = began - RESERVED_CLOCK_SKEW_MILLIS;
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "pool {0}: cannot read the reserved codes; keeping the known ones: {1}", pool.spec.name(),
                            e.toString());
                }
                mine.done.complete(null);
            });
        } catch (RuntimeException e) { // rejected: the reader is busy or closed; what is known stays
            mine.done.complete(null);
        }
        return mine.done;
    }

    private record ReservedRead(long startedNanos, CompletableFuture<Void> done) {}

    private CachedMark readMark(PoolView pool) {
        long began = ticker.nanos(); // the mark is at least as new as the start of the read
        try {
            return new CachedMark(watermarks.read(pool.spec.length()).orElse(Watermark.ZERO), began);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "pool {0}: cannot read the issued watermark; keeping the cached one: {1}", pool.spec.name(),
                    e.toString());
            return null;
        }
    }

    private record CachedMark(Watermark mark, long readAtNanos) {}

    private static final class PoolView {
        final PoolOptions spec;
        final CodeCodec epoch0;
        final long slack;
        final AtomicReference<CachedMark> mark = new AtomicReference<>();
        final AtomicReference<CompletableFuture<CachedMark>> refreshing = new AtomicReference<>();
        /** The reserved codes of this pool read so far. */
        final AtomicReference<Set<String>> reserved = new AtomicReference<>(Set.of());
        /** Where the next read of reserved codes starts (wall time); MIN_VALUE: read them all. Written by the reader only. */
        volatile long reservedSince = Long.MIN_VALUE;
        /** The last read of reserved codes begun. */
        final AtomicReference<ReservedRead> reservedRead = new AtomicReference<>();

        PoolView(PoolOptions spec, CodeCodec epoch0, long slack) {
            this.spec = spec;
            this.epoch0 = epoch0;
            this.slack = slack;
        }
    }
}
