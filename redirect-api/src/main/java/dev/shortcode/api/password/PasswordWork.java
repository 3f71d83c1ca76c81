package dev.shortcode.api.password;

import dev.shortcode.api.error.OverloadedException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Hashing and checking link passwords on threads of their own: each takes tens of milliseconds of
 * CPU ({@link PasswordHashes}), which an event loop must never spend. Half the CPUs (one or two)
 * and a queue of {@value #QUEUE}, like QR drawing: work that finds the queue full fails with
 * {@link OverloadedException} (503 with Retry-After) instead of queueing without bound, so a flood
 * of guesses costs the service at most those threads.
 */
public final class PasswordWork implements AutoCloseable {

    static final int THREADS = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors() / 2));
    static final int QUEUE = 64;

    private final ThreadPoolExecutor threads;

    public PasswordWork() {
        AtomicInteger made = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE), task -> {
            Thread t = new Thread(task, "password-" + made.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
    }

    /** A new hash of {@code password}. */
    public CompletionStage<String> hash(String password) {
        return run(() -> PasswordHashes.hash(password));
    }

    /** Whether {@code password} matches the stored hash. */
    public CompletionStage<Boolean> matches(String password, String stored) {
        return run(() -> PasswordHashes.matches(password, stored));
    }

    private <T> CompletionStage<T> run(Supplier<T> work) {
        try {
            return CompletableFuture.supplyAsync(work, threads);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new OverloadedException("password checking"));
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
