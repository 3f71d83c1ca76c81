package dev.shortcode.core.redis;

import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Tells every node to drop a code from its near cache, over one Redis Pub/Sub channel.
 *
 * <p>Plain {@code PUBLISH}, not sharded {@code SPUBLISH}: on a Cluster it reaches subscribers on
 * every node through the cluster bus, so one subscription per node suffices, wherever it is
 * connected. The price, a broadcast per message, is paid only by updates and deletes, which are
 * rare next to reads and creates.
 *
 * <p>Delivery is at most once: a message published while a node is reconnecting is lost. The near
 * cache's expiry is what bounds staleness in that case, not this channel.
 */
final class InvalidationChannel implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(InvalidationChannel.class.getName());

    private final RedisConnection connection;
    private final String channel;
    private final StatefulRedisPubSubConnection<String, String> subscription;

    InvalidationChannel(RedisConnection connection, String channel, Consumer<String> onInvalidate) {
        this.connection = connection;
        this.channel = channel;
        this.subscription = connection.openPubSub();
        subscription.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String code) {
                if (channel.equals(from)) {
                    onInvalidate.accept(code);
                }
            }
        });
        try {
            subscription.sync().subscribe(channel);
        } catch (RuntimeException e) {
            subscription.close();
            throw e;
        }
    }

    /** Completes when Redis accepted the message; never fails (a lost message only costs staleness). */
    CompletableFuture<Void> publish(String code) {
        try {
            return connection.async().publish(channel, code).toCompletableFuture()
                    .handle((receivers, failure) -> {
                        if (failure != null) {
                            LOG.log(Level.WARNING, "invalidation of {0} not published; other nodes serve it until their near cache expires: {1}",
                                    code, failure.toString());
                        }
                        return null;
                    });
        } catch (RedisException e) {
            return CompletableFuture.completedFuture(null);
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
