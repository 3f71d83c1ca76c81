package dev.shortcode.core.alloc;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.lease.Reservation;
import dev.shortcode.core.metrics.IssuerMetrics;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Issues the codes of one pool at memory speed from leased blocks of ids.
 *
 * <h2>Hot path</h2>
 * {@link #next()} reads the current {@link Segment}, takes an id with one
 * {@code getAndIncrement} on its cursor, permutes it and encodes it. No lock, no I/O, no metric
 * update: the counts in {@link #stats()} are derived from the segments' cursors.
 *
 * <h2>Double buffer</h2>
 * The caller that takes the id at {@code prefetchAt} (when {@code LeaseOptions.prefetchAt} of the
 * block is left) starts leasing the next block on the lease executor; later callers past that
 * point start it only if none is pending (a failed lease is retried by the next caller). At most
 * one lease per allocator is in flight. When the current block runs dry, the callers that find it
 * empty take the lock, swap the prefetched block in and go on; only when the lease has not
 * finished yet (start-up, or Redis slower than consumption) do they wait, for at most
 * {@code awaitTimeout}, and then fail with {@link IssueException} rather than queue forever.
 *
 * <h2>Block size</h2>
 * Each lease asks for a size chosen by {@link BlockSizer} from how long the previous block lasted:
 * Leaf's rule, doubling under load and halving when idle, within the pool's bounds.
 *
 * <h2>What a crash costs</h2>
 * The ids left in the current and the prefetched block: at most two maximum-size blocks, never a
 * duplicate, because no other node is ever given them and the block source records a durable mark
 * above them before they are handed out. {@link #close()} reports them as wasted.
 */
public final class CodeAllocator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(CodeAllocator.class.getName());

    private final PoolOptions pool;
    private final BlockSource source;
    private final Executor leaseExecutor;
    private final byte[] secret;
    private final LeaseOptions options;
    private final Ticker ticker;
    private final IssuerMetrics metrics;
    private final BlockSizer sizer;

    private volatile Segment current = Segment.EMPTY;
    /**
     * Codes reserved through this node after their ids were leased, each with how many blocks this
     * allocator had leased then: only blocks leased up to one after that (the one that may have been
     * in flight) can hold it, so an entry is dropped once the current segment came later
     * ({@link #forgetLate}). Changed under its own lock; {@link #anyLate} spares the hot path the
     * lookup while there are none.
     */
    private final Map<String, Long> lateReservations = new ConcurrentHashMap<>();
    private volatile boolean anyLate;
    /** The next segment: being leased, leased, or failed. Null when none was requested. */
    private final AtomicReference<CompletableFuture<Segment>> pending = new AtomicReference<>();
    private final ReentrantLock swapLock = new ReentrantLock();

    // Guarded by swapLock or only touched by the single in-flight lease task.
    private volatile long nextSize;
    private volatile CodeCodec lastCodec;

    private final AtomicLong retiredUsed = new AtomicLong();
    private final AtomicLong blocksLeased = new AtomicLong();
    private final AtomicLong leaseFailures = new AtomicLong();
    private final AtomicLong stalls = new AtomicLong();
    private volatile boolean closed;

    public CodeAllocator(PoolOptions pool, BlockSource source, Executor leaseExecutor, byte[] secret, LeaseOptions options,
            Ticker ticker, IssuerMetrics metrics) {
        this.pool = pool;
        this.source = source;
        this.leaseExecutor = leaseExecutor;
        this.secret = secret.clone();
        this.options = options;
        this.ticker = ticker;
        this.metrics = metrics;
        this.sizer = new BlockSizer(pool.blocks(), options.growBelow().toNanos(), options.shrinkAbove().toNanos());
        this.nextSize = sizer.initial();
    }

    public PoolOptions pool() {
        return pool;
    }

    /**
     * The next code of this pool.
     *
     * @throws IssueException when the node has no ids and no block could be leased within the await timeout
     */
    public IssuedCode next() {
        for (;;) {
            Segment s = current;
            IssuedCode code = take(s);
            if (code != null) {
                return code;
            }
            swapExhausted(s);
        }
    }

    /**
     * Like {@link #next()} but never waits: returns null when this node has no ids ready (the
     * lease is still running). For event-loop callers, who then call {@link #next()} on a worker.
     *
     * @throws IssueException when the lease this node waited for has failed
     */
    public IssuedCode tryNext() {
        for (;;) {
            Segment s = current;
            IssuedCode code = take(s);
            if (code != null) {
                return code;
            }
            CompletableFuture<Segment> next = pending.get();
            if (next == null) {
                requestNext();
                return null;
            }
            if (!next.isDone()) {
                return null;
            }
            swapExhausted(s);
        }
    }

    /** The hot path: one id from the segment, or null when it is used up. Reserved ids are passed over. */
    private IssuedCode take(Segment s) {
        for (;;) {
            long id = s.cursor.getAndIncrement();
            if (id >= s.end) {
                return null;
            }
            if (id >= s.prefetchAt && pending.get() == null) {
                requestNext();
            }
            if (s.block.skips(id)) {
                continue;
            }
            String code = s.codec.encode(id);
            if (anyLate && lateReservations.containsKey(code)) {
                continue;
            }
            return new IssuedCode(code, s.epoch, id);
        }
    }

    /**
     * Reserves {@code code}, a code of this pool's shape taken as an alias, so that no node issues
     * it ({@link BlockSource#reserve}); when its id was leased already, this node's blocks skip it
     * from now on. Blocks on I/O: call it off the event loop.
     *
     * @throws IssueException when the reservation could not be recorded
     */
    public Reservation reserve(String code) {
        Reservation outcome;
        try {
            outcome = source.reserve(pool, code);
        } catch (RuntimeException e) {
            throw new IssueException("pool " + pool.name() + ": code " + code + " could not be reserved: " + e.getMessage(), e);
        }
        if (outcome == Reservation.LATE) {
            synchronized (lateReservations) {
                lateReservations.put(code, blocksLeased.get());
                anyLate = true;
            }
        }
        return outcome;
    }

    /** Drops the late reservations no block from {@code now} on can hold: those made before the lease before it. */
    private void forgetLate(Segment now) {
        if (!anyLate) {
            return;
        }
        synchronized (lateReservations) {
            lateReservations.values().removeIf(leasedThen -> leasedThen + 2 <= now.ordinal);
            anyLate = !lateReservations.isEmpty();
        }
    }

    /** Leases the first block now rather than on the first call, so the first caller does not wait. */
    public CodeAllocator warmUp() {
        requestNext();
        return this;
    }

    private void swapExhausted(Segment exhausted) {
        if (closed) {
            throw new IllegalStateException("allocator of pool " + pool.name() + " is closed");
        }
        swapLock.lock();
        try {
            if (current != exhausted) {
                return; // another caller swapped already
            }
            CompletableFuture<Segment> next = pending.get();
            if (next == null) {
                next = requestNext();
            }
            if (!next.isDone()) {
                stalls.incrementAndGet();
            }
            Segment segment = await(next);
            pending.compareAndSet(next, null);
            retire(exhausted);
            segment.activatedAt = ticker.nanos();
            current = segment;
            forgetLate(segment);
        } finally {
            swapLock.unlock();
        }
    }

    private Segment await(CompletableFuture<Segment> next) {
        try {
            return next.get(options.awaitTimeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            pending.compareAndSet(next, null); // let the next caller try a fresh lease
            throw new IssueException("pool " + pool.name() + ": no ids left and the lease failed: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IssueException("pool " + pool.name() + ": no ids left and no block leased within " + options.awaitTimeout(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IssueException("pool " + pool.name() + ": interrupted while waiting for a block", e);
        }
    }

    private void retire(Segment s) {
        if (s == Segment.EMPTY) {
            return;
        }
        retiredUsed.addAndGet(s.size());
    }

    /** Starts a lease unless one is pending; returns the pending one. */
    private CompletableFuture<Segment> requestNext() {
        CompletableFuture<Segment> fresh = new CompletableFuture<>();
        if (!pending.compareAndSet(null, fresh)) {
            CompletableFuture<Segment> existing = pending.get();
            return existing != null ? existing : requestNext();
        }
        try {
            leaseExecutor.execute(() -> lease(fresh));
        } catch (RejectedExecutionException e) {
            pending.compareAndSet(fresh, null);
            fresh.completeExceptionally(e);
        }
        return fresh;
    }

    private void lease(CompletableFuture<Segment> target) {
        long began = ticker.nanos();
        long size = sizeFor(current, began);
        try {
            Block block = source.lease(pool, size);
            CodeCodec codec = lastCodec;
            if (codec == null || codec.epoch() != block.epoch()) {
                codec = new CodeCodec(pool.space(), block.epoch(), secret);
                lastCodec = codec;
            }
            nextSize = size;
            long ordinal = blocksLeased.incrementAndGet();
            metrics.blockLeased(pool.name(), block.size(), ticker.nanos() - began);
            target.complete(Segment.of(block, codec, options.prefetchAt(), ordinal));
        } catch (RuntimeException e) {
            leaseFailures.incrementAndGet();
            metrics.leaseFailed(pool.name(), e);
            LOG.log(Level.WARNING, "pool {0}: lease of {1} ids failed: {2}", pool.name(), size, e.getMessage());
            // A failed prefetch must not stick: the next caller past the threshold retries.
            pending.compareAndSet(target, null);
            target.completeExceptionally(e);
        }
    }

    /**
     * The size of the next lease: the current segment, mostly used up when a lease starts, tells
     * how long a whole block of its size lasts at the present rate.
     */
    private long sizeFor(Segment s, long now) {
        long used = s.used();
        if (s == Segment.EMPTY || used == 0) {
            return nextSize;
        }
        long projectedNanos = (long) ((now - s.activatedAt) * ((double) s.size() / used));
        return sizer.next(s.size(), projectedNanos);
    }

    /** Counters for metrics and tests; consistent enough for monitoring, not a transaction. */
    public AllocatorStats stats() {
        Segment s = current;
        CompletableFuture<Segment> next = pending.get();
        long buffered = s.remaining();
        if (next != null && next.isDone() && !next.isCompletedExceptionally()) {
            buffered += next.join().remaining();
        }
        return new AllocatorStats(pool.name(), retiredUsed.get() + s.used(), blocksLeased.get(), leaseFailures.get(),
                stalls.get(), nextSize, buffered, s.epoch);
    }

    /** Stops issuing; the ids still buffered are reported as wasted. The executor belongs to the caller. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long wasted = stats().bufferedIds();
        if (wasted > 0) {
            metrics.idsWasted(pool.name(), wasted);
        }
    }
}
