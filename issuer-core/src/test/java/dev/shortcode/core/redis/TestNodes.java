package dev.shortcode.core.redis;

import dev.shortcode.core.alloc.CodeAllocator;
import dev.shortcode.core.alloc.IssueException;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.ReservedIds;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.testing.redis.RedisDeployment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * Several issuing nodes in one test JVM: each has its own Redis connection, block source, lease
 * thread and allocator, as separate processes would; they share the Redis and the watermark
 * store (HBase in production).
 */
final class TestNodes implements AutoCloseable {

    static final byte[] SECRET = "integration test secret".getBytes(StandardCharsets.UTF_8);

    final List<CodeAllocator> allocators = new ArrayList<>();
    private final List<RedisConnection> connections = new ArrayList<>();
    private final List<ExecutorService> leaseThreads = new ArrayList<>();
    final LongAdder issued = new LongAdder();
    final AtomicLong issueFailures = new AtomicLong();
    /** Protocol events summed over all nodes. */
    final AtomicLong epochResets = new AtomicLong();
    final AtomicLong reseeds = new AtomicLong();
    private final IssuerMetrics events = new IssuerMetrics() {
        @Override
        public void epochReset(String pool, long newEpoch) {
            epochResets.incrementAndGet();
        }

        @Override
        public void counterReseeded(String pool, long epoch, long seq) {
            reseeds.incrementAndGet();
        }
    };

    TestNodes(RedisDeployment redis, String namespace, PoolOptions pool, LeaseOptions options, WatermarkStore watermarks,
            int nodes) {
        for (int n = 0; n < nodes; n++) {
            RedisConnection connection = redis.connect();
            connections.add(connection);
            ExecutorService leaseThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "node-lease");
                t.setDaemon(true);
                return t;
            });
            leaseThreads.add(leaseThread);
            RedisBlockSource source = new RedisBlockSource(connection.sync(), namespace, watermarks, new ReservedIds(SECRET), options, events);
            allocators.add(new CodeAllocator(pool, source, leaseThread, SECRET, options, Ticker.SYSTEM, IssuerMetrics.NOOP));
        }
    }

    /**
     * Runs {@code threadsPerNode} callers on every node until each issued {@code perThread} codes
     * or {@code stop} says so. An {@link IssueException} (Redis down) is counted and retried after
     * a short pause, as a client would.
     */
    Running start(int threadsPerNode, long perThread, BooleanSupplier stop) {
        return start(threadsPerNode, perThread, stop, Long.MAX_VALUE, Duration.ZERO);
    }

    /** Like {@link #start} but each caller pauses {@code pause} after every {@code burst} codes. */
    Running startThrottled(int threadsPerNode, long perThread, long burst, Duration pause) {
        return start(threadsPerNode, perThread, () -> false, burst, pause);
    }

    /** Like {@link #start} but each caller pauses {@code pause} after every {@code burst} codes, until {@code stop} says so. */
    Running start(int threadsPerNode, long perThread, BooleanSupplier stop, long burst, Duration pause) {
        ExecutorService callers = Executors.newFixedThreadPool(threadsPerNode * allocators.size());
        List<IssuedLog> logs = IssuedLog.newLogs(threadsPerNode * allocators.size());
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        int index = 0;
        for (CodeAllocator allocator : allocators) {
            for (int t = 0; t < threadsPerNode; t++) {
                IssuedLog log = logs.get(index++);
                callers.execute(() -> {
                    try {
                        while (log.size() < perThread && !stop.getAsBoolean()) {
                            try {
                                log.add(allocator.next());
                                issued.increment();
                                if (log.size() % burst == 0) {
                                    Thread.sleep(pause.toMillis());
                                }
                            } catch (IssueException e) {
                                issueFailures.incrementAndGet();
                                pause();
                            }
                        }
                    } catch (Throwable failure) {
                        errors.add(failure);
                    }
                });
            }
        }
        callers.shutdown();
        return new Running(callers, logs, errors);
    }

    record Running(ExecutorService callers, List<IssuedLog> logs, List<Throwable> errors) {
        List<IssuedLog> await(Duration timeout) throws InterruptedException {
            if (!callers.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                callers.shutdownNow();
                throw new AssertionError("callers did not finish within " + timeout);
            }
            if (!errors.isEmpty()) {
                AssertionError failure = new AssertionError("a caller thread failed");
                errors.forEach(failure::addSuppressed);
                throw failure;
            }
            return logs;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        allocators.forEach(CodeAllocator::close);
        leaseThreads.forEach(ExecutorService::shutdownNow);
        connections.forEach(RedisConnection::close);
    }
}
