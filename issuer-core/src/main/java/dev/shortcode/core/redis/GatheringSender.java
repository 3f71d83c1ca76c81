package dev.shortcode.core.redis;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Gathers work that readers hand off (near-cache reloads, TTL extensions) into batches on one
 * thread, so that a reader never waits for Redis and Redis sees one batch (an {@code MGET}, a
 * pipeline of {@code EXPIRE}s) instead of a command per code: readers {@link #offer} an item
 * (never blocking; a full queue refuses it), the thread waits one flush interval for more to
 * gather, hands the batch to {@code send} and waits for it before taking the next, so at most one
 * batch is in flight. A reader on an event loop thus pays a queue insert, and at most one thread
 * wake-up per batch, instead of a write to Lettuce's event loop per code. {@link #close()} sends
 * what is still queued (an orderly shutdown loses no extension), waiting at most
 * {@link #CLOSE_WAIT_MILLIS} for it.
 *
 * @param <T> what one item needs to be sent and to apply its result
 */
final class GatheringSender<T> implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(GatheringSender.class.getName());

    /** How long the thread waits for a batch's replies before going on to the next. */
    private static final long REPLY_WAIT_SECONDS = 30;
    /** How long {@link #close()} spends sending what is still queued. */
    static final long CLOSE_WAIT_MILLIS = 2_000;

    private final String name;
    private final int maxBatch;
    private final BlockingQueue<T> queue;
    private final long flushMillis;
    private final Function<List<T>, CompletableFuture<?>> send;
    private final Consumer<T> onLost;
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * @param name     the thread's name, also used in log lines
     * @param maxBatch upper bound of one batch; more waits for the next round
     * @param send     sends one batch; its stage completes once every item in it was applied or
     *                 given up (it gets its own copy of the batch)
     * @param onLost   an item that could not be sent (closing, or {@code send} threw)
     */
    GatheringSender(String name, int capacity, int maxBatch, Duration flushInterval,
            Function<List<T>, CompletableFuture<?>> send, Consumer<T> onLost) {
        this.name = name;
        this.maxBatch = maxBatch;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.flushMillis = Math.max(1, flushInterval.toMillis());
        this.send = send;
        this.onLost = onLost;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** False when the queue is full or the sender closed: the item is not sent now. */
    boolean offer(T item) {
        return running && queue.offer(item);
    }

    private void run() {
        List<T> batch = new ArrayList<>();
        while (running) {
            try {
                T first = queue.take();
                Thread.sleep(flushMillis); // let more gather: one batch instead of many single commands
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                List<T> sent = List.copyOf(batch);
                try {
                    send.apply(sent).get(REPLY_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    LOG.log(Level.DEBUG, "{0}: a batch failed or timed out: {1}", name, e.toString());
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "{0}: {1} items not sent: {2}", name, batch.size(), e.toString());
                batch.forEach(onLost);
            } catch (InterruptedException e) {
                if (running) {
                    LOG.log(Level.WARNING, "{0}: thread interrupted; stopping", name);
                }
                Thread.currentThread().interrupt();
                if (!batch.isEmpty()) {
                    queue.addAll(batch.subList(0, Math.min(batch.size(), queue.remainingCapacity()))); // sent by close()
                }
                break;
            } finally {
                batch.clear();
            }
        }
    }

    /** Stops taking items, sends the queued ones (bounded in time), and stops the thread. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MILLIS);
        List<T> rest = new ArrayList<>();
        while (queue.drainTo(rest, maxBatch) > 0) {
            long left = deadline - System.nanoTime();
            try {
                if (left <= 0) {
                    throw new TimeoutException("no time left");
                }
                send.apply(List.copyOf(rest)).get(left, TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                rest.forEach(onLost);
                queue.forEach(onLost);
                queue.clear();
                LOG.log(Level.DEBUG, "{0}: items not sent at close: {1}", name, e.toString());
            } catch (InterruptedException e) {
                rest.forEach(onLost);
                Thread.currentThread().interrupt();
                return;
            } finally {
                rest.clear();
            }
        }
    }
}
