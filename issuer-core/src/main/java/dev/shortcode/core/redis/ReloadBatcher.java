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
 * Gathers near-cache reloads into batches on one thread, so that a reader never waits for one and
 * Redis sees one {@code MGET} per batch instead of a command per code: readers {@link #offer} a
 * reload (never blocking; a full queue refuses it), the thread waits one flush interval for more
 * to gather, hands the batch to {@code send} and waits for it before taking the next, so at most
 * one batch is in flight. A reader on an event loop thus pays a queue insert, and at most one
 * thread wake-up per batch, instead of a write to Lettuce's event loop per code.
 *
 * @param <T> what one reload needs to apply its result
 */
final class ReloadBatcher<T> implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ReloadBatcher.class.getName());

    /** Upper bound of one batch; more waits for the next round. */
    static final int MAX_BATCH = 1_024;
    /** How long the thread waits for a batch's replies before giving its reloads up as failed. */
    private static final long REPLY_WAIT_SECONDS = 30;

    private final BlockingQueue<T> queue;
    private final long flushMillis;
    private final Function<List<T>, CompletableFuture<?>> send;
    private final Consumer<T> onLost;
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * @param send   sends one batch; its stage completes once every reload in it was applied or
     *               given up (the batch's list is reused afterwards)
     * @param onLost a reload that could not be sent (queue full after acceptance, closing, failure)
     */
    ReloadBatcher(String name, int capacity, Duration flushInterval, Function<List<T>, CompletableFuture<?>> send,
            Consumer<T> onLost) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.flushMillis = Math.max(1, flushInterval.toMillis());
        this.send = send;
        this.onLost = onLost;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** False when the queue is full or the batcher closed: the reload is not made now. */
    boolean offer(T reload) {
        return running && queue.offer(reload);
    }

    private void run() {
        List<T> batch = new ArrayList<>();
        while (running) {
            try {
                T first = queue.take();
                Thread.sleep(flushMillis); // let more gather: one batch instead of many single reads
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                List<T> sent = List.copyOf(batch);
                try {
                    send.apply(sent).get(REPLY_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    LOG.log(Level.DEBUG, "near-cache reload batch failed: {0}", e.toString());
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "near-cache reloads not sent: {0}", e.toString());
                batch.forEach(onLost);
            } catch (InterruptedException e) {
                if (running) {
                    LOG.log(Level.WARNING, "near-cache reload thread interrupted; stopping");
                }
                Thread.currentThread().interrupt();
                break;
            } finally {
                batch.clear();
            }
        }
        queue.forEach(onLost);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
