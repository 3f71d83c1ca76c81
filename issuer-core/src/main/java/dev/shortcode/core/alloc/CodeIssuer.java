package dev.shortcode.core.alloc;

import dev.shortcode.core.config.IssuerConfig;
import dev.shortcode.core.config.PoolSpec;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.metrics.IssuerMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One node's issuer: an allocator per configured pool over one block source, and the lease
 * executor they share. Owns the executor; the block source belongs to the caller.
 */
public final class CodeIssuer implements AutoCloseable {

    /** Each allocator has at most one lease in flight, so the queue never holds more than the pools. */
    private static final int QUEUE_PER_POOL = 2;

    private final Map<String, CodeAllocator> allocators = new LinkedHashMap<>();
    private final ThreadPoolExecutor leaseExecutor;

    public CodeIssuer(IssuerConfig config, BlockSource source, Ticker ticker, IssuerMetrics metrics) {
        int pools = config.pools().size();
        this.leaseExecutor = new ThreadPoolExecutor(pools, pools, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(pools * QUEUE_PER_POOL), daemonThreads("shortcode-lease-"));
        this.leaseExecutor.allowCoreThreadTimeOut(true);
        for (PoolSpec pool : config.pools()) {
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

    public List<CodeAllocator> allocators() {
        return List.copyOf(allocators.values());
    }

    public List<AllocatorStats> stats() {
        return allocators.values().stream().map(CodeAllocator::stats).toList();
    }

    @Override
    public void close() {
        allocators.values().forEach(CodeAllocator::close);
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
