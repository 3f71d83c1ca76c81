package dev.shortcode.core.alloc;

import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.lease.Reservation;
import dev.shortcode.core.metrics.IssuerMetrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One node's issuer: an allocator per configured pool over one block source, the lease executor
 * they share, and the policy for a caller that finds its pool without ids ({@link #issue}): it is
 * answered at once whenever the allocator has an id ready (nearly always: the next block is
 * leased in the background), and otherwise waits for the block on a small bounded pool of
 * threads, never on the caller's. Owns both executors; the block source belongs to the caller.
 */
public final class CodeIssuer implements AutoCloseable {

    /** Each allocator has at most one lease in flight, so the queue never holds more than the pools. */
    private static final int QUEUE_PER_POOL = 2;

    private final Map<String, CodeAllocator> allocators = new LinkedHashMap<>();
    /** Waiting callers beyond this many answer at once with an {@link IssueException}: their wait would be the lease's anyway. */
    static final int WAITERS_QUEUED = 10_000;
    private static final int WAITER_THREADS = 4;

    private final ThreadPoolExecutor leaseExecutor;
    private final ThreadPoolExecutor waiters;

    public CodeIssuer(IssuerOptions config, BlockSource source, Ticker ticker, IssuerMetrics metrics) {
        int pools = config.pools().size();
        this.leaseExecutor = new ThreadPoolExecutor(pools, pools, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(pools * QUEUE_PER_POOL), daemonThreads("shortcode-lease-"));
        this.leaseExecutor.allowCoreThreadTimeOut(true);
        this.waiters = new ThreadPoolExecutor(WAITER_THREADS, WAITER_THREADS, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(WAITERS_QUEUED), daemonThreads("shortcode-issue-wait-"));
        this.waiters.allowCoreThreadTimeOut(true);
        for (PoolOptions pool : config.pools()) {
            allocators.put(pool.name(), new CodeAllocator(pool, source, leaseExecutor, config.secret(), config.lease(),
                    ticker, metrics));
        }
    }

    public CodeIssuer warmUp() {
        allocators.values().forEach(CodeAllocator::warmUp);
        return this;
    }

    public CodeAllocator allocator(String pool) {
        CodeAllocator allocator = allocators.get(pool);
        if (allocator == null) {
            throw new NoSuchElementException("no pool named '" + pool + "'; pools: " + allocators.keySet());
        }
        return allocator;
    }

    /**
     * The next code of {@code pool}: completed at once when its allocator has an id ready, else
     * once the block being leased arrives (waited for on the issuer's own threads). Fails with an
     * {@link IssueException} when no block arrives within the lease's await timeout.
     */
    public CompletionStage<IssuedCode> issue(String pool) {
        CodeAllocator allocator = allocator(pool);
        try {
            IssuedCode code = allocator.tryNext();
            return code != null ? CompletableFuture.completedFuture(code) : CompletableFuture.supplyAsync(allocator::next, waiters);
        } catch (IssueException e) {
            return CompletableFuture.failedFuture(e);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(tooManyWaiting(pool, e));
        }
    }

    /**
     * {@code count} codes of {@code pool}, in issue order: as many as the allocator has ready at
     * once, the rest in one wait on the issuer's threads. All or nothing: when the rest cannot be
     * issued, the stage fails (the codes already taken are never used; a wrap skips nothing for it).
     */
    public CompletionStage<List<IssuedCode>> issue(String pool, int count) {
        CodeAllocator allocator = allocator(pool);
        List<IssuedCode> codes = new ArrayList<>(count);
        try {
            while (codes.size() < count) {
                IssuedCode code = allocator.tryNext();
                if (code == null) {
                    return CompletableFuture.supplyAsync(() -> {
                        while (codes.size() < count) {
                            codes.add(allocator.next());
                        }
                        return codes;
                    }, waiters);
                }
                codes.add(code);
            }
            return CompletableFuture.completedFuture(codes);
        } catch (IssueException e) {
            return CompletableFuture.failedFuture(e);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(tooManyWaiting(pool, e));
        }
    }

    /**
     * Reserves {@code code} when it has the shape of a pool's codes (its length, base62, below
     * the capacity), so that no node ever issues it ({@link CodeAllocator#reserve}); completes at
     * once with {@link Reservation#NOT_CODE_SHAPED} for any other string. The reservation's I/O
     * runs on the issuer's own threads.
     */
    public CompletionStage<Reservation> reserve(String code) {
        CodeAllocator allocator = allocators.values().stream()
                .filter(a -> a.pool().space().isWellFormed(code)).findFirst().orElse(null);
        if (allocator == null) {
            return CompletableFuture.completedFuture(Reservation.NOT_CODE_SHAPED);
        }
        try {
            return CompletableFuture.supplyAsync(() -> allocator.reserve(code), waiters);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(tooManyWaiting(allocator.pool().name(), e));
        }
    }

    private static IssueException tooManyWaiting(String pool, RejectedExecutionException e) {
        return new IssueException("pool " + pool + ": more than " + WAITERS_QUEUED + " callers are waiting for a block", e);
    }

    public List<CodeAllocator> allocators() {
        return List.copyOf(allocators.values());
    }

    public List<AllocatorStats> stats() {
        return allocators.values().stream().map(CodeAllocator::stats).toList();
    }

    @Override
    public void close() {
        allocators.values().forEach(CodeAllocator::close);
        waiters.shutdownNow();
        leaseExecutor.shutdown();
        try {
            if (!leaseExecutor.awaitTermination(5, TimeUnit.SECONDS)) {
                leaseExecutor.shutdownNow();
            }
        } catch (InterruptedException e) {
            leaseExecutor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
