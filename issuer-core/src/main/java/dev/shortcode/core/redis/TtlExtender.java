package dev.shortcode.core.redis;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Pushes links' expiry out off the request path: readers {@link #offer} an extension (never
 * blocking; a full queue refuses it), one thread sends what gathered every flush interval as a
 * pipelined batch of {@code EXPIRE}s and waits for their replies before the next batch, so at
 * most one batch is in flight. An extension that fails is handed to {@code onLost}, which lets
 * the next read of that link try again.
 */
final class TtlExtender implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(TtlExtender.class.getName());

    /** Upper bound of one pipelined batch; more waits for the next round. */
    static final int MAX_BATCH = 4_096;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final BlockingQueue<Extension> queue;
    private final long flushMillis;
    private final Consumer<String> onLost;
    private final Thread thread;
    private volatile boolean running = true;

    TtlExtender(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys, int capacity, Duration flushInterval,
            Consumer<String> onLost) {
        this.redis = redis;
        this.keys = keys;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.flushMillis = Math.max(1, flushInterval.toMillis());
        this.onLost = onLost;
        this.thread = new Thread(this::run, "hot-store-ttl-" + keys.namespace());
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** False when the queue is full: the extension is not made now. */
    boolean offer(String code, long ttlSeconds) {
        return running && queue.offer(new Extension(code, ttlSeconds));
    }

    private void run() {
        List<Extension> batch = new ArrayList<>();
        while (running) {
            try {
                Extension first = queue.take();
                Thread.sleep(flushMillis); // let more gather: one pipelined batch instead of many single writes
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                send(batch);
            } catch (RuntimeException e) {
                // e.g. the connection is closing: these extensions are lost, later reads ask again
                LOG.log(Level.WARNING, "TTL extensions not sent: {0}", e.toString());
                batch.forEach(x -> onLost.accept(x.code));
            } catch (InterruptedException e) {
                if (running) {
                    LOG.log(Level.WARNING, "TTL extension thread interrupted; stopping");
                }
                Thread.currentThread().interrupt();
                break;
            } finally {
                batch.clear();
            }
        }
    }

    private void send(List<Extension> batch) throws InterruptedException {
        List<RedisFuture<Boolean>> replies = new ArrayList<>(batch.size());
        for (Extension e : batch) {
            replies.add(redis.expire(keys.link(e.code), e.ttlSeconds));
        }
        try {
            CompletableFuture.allOf(replies.stream().map(RedisFuture::toCompletableFuture).toArray(CompletableFuture[]::new))
                    .get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            LOG.log(Level.DEBUG, "some TTL extensions failed: {0}", e.toString());
        }
        for (int i = 0; i < batch.size(); i++) {
            RedisFuture<Boolean> reply = replies.get(i);
            if (!reply.isDone() || reply.toCompletableFuture().isCompletedExceptionally()) {
                onLost.accept(batch.get(i).code);
            }
        }
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

    private record Extension(String code, long ttlSeconds) {}
}
