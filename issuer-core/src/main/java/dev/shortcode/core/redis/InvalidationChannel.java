package dev.shortcode.core.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Tells every node to drop a code from its near cache, over one Redis Pub/Sub channel, and tells
 * this node when it may have missed such a message.
 *
 * <p>Plain {@code PUBLISH}, not sharded {@code SPUBLISH}: on a Cluster it reaches subscribers on
 * every node through the cluster bus, so one subscription per node suffices, wherever it is
 * connected. The price, a broadcast per message, is paid only by updates and deletes, which are
 * rare next to reads and creates.
 *
 * <h2>Failure modes</h2>
 * Delivery is at most once. Both ways a message gets lost are made visible or repaired here:
 * <ul>
 *   <li><b>Subscriber side.</b> Redis drops a channel's messages for a subscriber only while it is
 *       not connected. When the subscription connection goes inactive (reset, killed with
 *       {@code CLIENT KILL}, output buffer limit, server down), Lettuce reports it at once through
 *       {@link RedisConnectionStateListener#onRedisDisconnected} and this channel calls
 *       {@code onLost}; Lettuce reconnects by itself and re-issues {@code SUBSCRIBE}, and the
 *       server's confirmation calls {@code onConfirmed}. Messages published between the two may
 *       be lost, which the caller must assume.
 *   <li><b>Publisher side.</b> A {@code PUBLISH} that fails is retried in the background every
 *       {@link #RETRY_INTERVAL} until it succeeds or {@code retryFor} has passed since the change
 *       (by then no node holds a copy read before it: see {@link HotStoreOptions#nearCacheMaxAge}),
 *       both outcomes logged. At most {@link #MAX_RETRIES} codes wait; beyond that a failure is
 *       only logged.
 * </ul>
 * Not detected: a subscription connection that dies silently (peer gone without a reset, found
 * only by TCP keep-alive) and, on a Cluster, a message lost on the cluster bus between the node
 * that took the {@code PUBLISH} and the one holding the subscription.
 */
final class InvalidationChannel implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(InvalidationChannel.class.getName());

    static final Duration RETRY_INTERVAL = Duration.ofMillis(200);
    static final int MAX_RETRIES = 100_000;

    private final RedisConnection connection;
    private final String channel;
    private final Duration retryFor;
    private final StatefulRedisPubSubConnection<String, String> subscription;
    /** Code to the nanoTime after which its publication is given up. */
    private final Map<String, Long> retries = new ConcurrentHashMap<>();
    private final ScheduledExecutorService retrier;
    private volatile boolean closing;

    /**
     * Subscribes before returning, then calls {@code onConfirmed}.
     *
     * @param onInvalidate a code changed on some node: drop it
     * @param onLost       the subscription is gone; messages may be missed until {@code onConfirmed}
     * @param onConfirmed  the subscription is (again) in place: messages published from now on arrive
     * @param retryFor     how long a failed {@code PUBLISH} is retried
     */
    InvalidationChannel(RedisConnection connection, String channel, Consumer<String> onInvalidate, Runnable onLost,
            Runnable onConfirmed, Duration retryFor) {
        this.connection = connection;
        this.channel = channel;
        this.retryFor = retryFor;
        this.subscription = connection.openPubSub();
        subscription.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> from) {
                if (closing) {
                    return;
                }
                LOG.log(Level.WARNING, "invalidation subscription to {0} lost; near-cached links are checked with Redis until it is back",
                        channel);
                onLost.run();
            }
        });
        subscription.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String code) {
                if (channel.equals(from)) {
                    onInvalidate.accept(code);
                }
            }

            @Override
            public void subscribed(String to, long count) {
                if (channel.equals(to)) {
                    onConfirmed.run();
                }
            }
        });
        try {
            subscription.sync().subscribe(channel);
        } catch (RuntimeException e) {
            subscription.close();
            throw e;
        }
        onConfirmed.run();
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "hot-store-invalidation-retry-" + channel);
            t.setDaemon(true);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.scheduleWithFixedDelay(this::retryFailed, RETRY_INTERVAL.toMillis(), RETRY_INTERVAL.toMillis(),
                TimeUnit.MILLISECONDS);
        this.retrier = scheduler;
    }

    /**
     * Completes when Redis accepted the message, or when it failed and was queued for retries;
     * never fails.
     */
    CompletableFuture<Void> publish(String code) {
        return send(code).handle((receivers, failure) -> {
            if (failure != null) {
                long giveUpAt = System.nanoTime() + retryFor.toNanos();
                if (retries.size() < MAX_RETRIES) {
                    retries.merge(code, giveUpAt, Math::max);
                    LOG.log(Level.WARNING, "invalidation of {0} not published, retrying for up to {1}: {2}", code, retryFor,
                            failure.toString());
                } else {
                    LOG.log(Level.ERROR, "invalidation of {0} not published and {1} others wait for a retry; other nodes "
                            + "may serve the old link for up to the near cache's max age: {2}", code, MAX_RETRIES, failure.toString());
                }
            }
            return null;
        });
    }

    /** Codes whose publication failed and is still being retried; for tests and metrics. */
    int pendingRetries() {
        return retries.size();
    }

    private CompletableFuture<Long> send(String code) {
        try {
            return connection.async().publish(channel, code).toCompletableFuture();
        } catch (RedisException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** One retry round: every waiting code published once, pipelined; the round waits for the replies. */
    private void retryFailed() {
        if (retries.isEmpty()) {
            return;
        }
        List<String> codes = new ArrayList<>(retries.keySet());
        List<CompletableFuture<Long>> sent = new ArrayList<>(codes.size());
        codes.forEach(code -> sent.add(send(code)));
        try {
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // looked at one by one below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long now = System.nanoTime();
        for (int i = 0; i < codes.size(); i++) {
            String code = codes.get(i);
            CompletableFuture<Long> reply = sent.get(i);
            if (reply.isDone() && !reply.isCompletedExceptionally()) {
                retries.remove(code);
                LOG.log(Level.INFO, "invalidation of {0} published on retry", code);
            } else {
                Long giveUpAt = retries.get(code);
                if (giveUpAt != null && now - giveUpAt > 0 && retries.remove(code, giveUpAt)) {
                    LOG.log(Level.ERROR, "invalidation of {0} given up after {1}; by now no node serves a copy read before the change", code,
                            retryFor);
                }
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        retrier.shutdownNow();
        try {
            retrier.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        subscription.close();
    }
}
