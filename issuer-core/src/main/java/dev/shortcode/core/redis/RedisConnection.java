package dev.shortcode.core.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.lettuce.core.resource.NettyCustomizer;
import io.lettuce.core.resource.Transports;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Lettuce client and one shared, thread-safe connection, to a standalone Redis or a Cluster,
 * exposed through the command interfaces both have in common. Lettuce multiplexes every caller
 * over the one connection, which is what makes pipelining cheap.
 *
 * <p>Lettuce flushes the socket after every command. Each channel (each Cluster node's too) gets a
 * Netty {@link FlushConsolidationHandler}, which turns the flushes of all commands written in one
 * event-loop turn into one write system call: with thousands of commands in flight, bare
 * {@code SET} throughput on one connection went from ~90k/s to ~230k/s on a 2-core box (see
 * {@code HotStoreFootprint}). A lone command still leaves in the same turn.
 *
 * <h2>Failures: fail fast, recover fast</h2>
 * <ul>
 *   <li>While a connection is down, commands are rejected at once ({@code REJECT_COMMANDS})
 *       instead of queueing until the command timeout: the service answers 503 with
 *       {@code Retry-After} in microseconds, and nothing piles up in memory.
 *   <li>Reconnects are attempted every 50–500 ms (jittered), not with Lettuce's exponential
 *       back-off up to 30 s, so a restarted server is found again within half a second.
 *   <li>On a Cluster, the topology is re-read when a node keeps failing to reconnect, on MOVED or
 *       ASK, on an unknown node or an uncovered slot, at most once per
 *       {@link #ADAPTIVE_REFRESH_PAUSE} (Lettuce's default pause is 30 s: a failover was then
 *       followed only half a minute later), and every {@link #PERIODIC_REFRESH} regardless: a
 *       replica promoted a few seconds after its master died is found within that.
 * </ul>
 */
public final class RedisConnection implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(RedisConnection.class.getName());

    /** Flushes of up to this many writes during one read are merged (Netty's default). */
    private static final int FLUSHES_MERGED_WHILE_READING = 256;
    /** Shortest pause between two topology refreshes caused by failures (triggers come in bursts). */
    static final Duration ADAPTIVE_REFRESH_PAUSE = Duration.ofMillis(500);
    /** Topology re-read this often even when nothing failed. */
    static final Duration PERIODIC_REFRESH = Duration.ofSeconds(2);
    /** Reconnect attempts this far apart at most (jittered from the lower bound up). */
    static final Duration RECONNECT_MIN = Duration.ofMillis(50);
    static final Duration RECONNECT_MAX = Duration.ofMillis(500);

    private final AbstractRedisClient client;
    private final ClientResources resources;
    private final StatefulConnection<String, String> connection;
    private final RedisClusterCommands<String, String> sync;
    private final RedisClusterAsyncCommands<String, String> async;
    private final boolean cluster;

    private RedisConnection(AbstractRedisClient client, ClientResources resources, StatefulConnection<String, String> connection,
            RedisClusterCommands<String, String> sync, RedisClusterAsyncCommands<String, String> async, boolean cluster) {
        this.client = client;
        this.resources = resources;
        this.connection = connection;
        this.sync = sync;
        this.async = async;
        this.cluster = cluster;
    }

    /**
     * Connects to {@code uris}: any one node of a Cluster when {@code cluster}, else exactly one
     * standalone server.
     *
     * @param commandTimeout how long a command may wait for its reply, including while reconnecting
     */
    public static RedisConnection open(List<RedisURI> uris, boolean cluster, Duration commandTimeout) {
        return open(uris, cluster, commandTimeout, null);
    }

    /**
     * Like {@link #open(List, boolean, Duration)}, with the channels on {@code sharedLoops} (see
     * {@link SharedEventLoops}) instead of loops of Lettuce's own, when Lettuce's transport can
     * use them. Nothing may then wait for a reply on one of those loops.
     *
     * @param sharedLoops the caller's event loops, which it keeps running until after {@link #close()}; null for Lettuce's own
     */
    public static RedisConnection open(List<RedisURI> uris, boolean cluster, Duration commandTimeout, EventLoopGroup sharedLoops) {
        if (uris.isEmpty()) {
            throw new IllegalArgumentException("at least one Redis URI is required");
        }
        SocketOptions socket = SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).keepAlive(true).build();
        TimeoutOptions timeouts = TimeoutOptions.enabled(commandTimeout);
        ClientResources.Builder builder = ClientResources.builder()
                // Lettuce times every command into histograms when LatencyUtils is on the class
                // path (the service has it, through Micrometer); nothing reads them, and the wrapper and
                // the recording cost each command an allocation and a few hundred nanoseconds.
                .commandLatencyRecorder(CommandLatencyRecorder.disabled())
                .reconnectDelay(Delay.equalJitter(RECONNECT_MIN, RECONNECT_MAX, 2, TimeUnit.MILLISECONDS))
                .nettyCustomizer(new NettyCustomizer() {
            @Override
            public void afterChannelInitialized(Channel channel) {
                channel.pipeline().addLast(new FlushConsolidationHandler(FLUSHES_MERGED_WHILE_READING, true));
            }
        });
        if (sharedLoops != null) {
            if (Transports.eventLoopGroupClass().isInstance(sharedLoops)) { // the group class Lettuce's channels need
                builder.eventLoopGroupProvider(new SharedEventLoops(sharedLoops));
            } else {
                LOG.log(Level.WARNING, "Redis keeps event loops of its own: its transport needs a {0}, the shared loops are a {1}",
                        Transports.eventLoopGroupClass().getName(), sharedLoops.getClass().getName());
            }
        }
        ClientResources resources = builder.build();
        if (cluster) {
            RedisClusterClient client = RedisClusterClient.create(resources, uris);
            client.setOptions(ClusterClientOptions.builder()
                    .socketOptions(socket)
                    .timeoutOptions(timeouts)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    // Follow failovers and resharding without waiting for a MOVED storm.
                    .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                            .enableAllAdaptiveRefreshTriggers()
                            .adaptiveRefreshTriggersTimeout(ADAPTIVE_REFRESH_PAUSE)
                            .refreshTriggersReconnectAttempts(1)
                            .enablePeriodicRefresh(PERIODIC_REFRESH)
                            .dynamicRefreshSources(true)
                            .closeStaleConnections(true)
                            .build())
                    .build());
            try {
                StatefulRedisClusterConnection<String, String> c = client.connect(StringCodec.UTF8);
                return new RedisConnection(client, resources, c, c.sync(), c.async(), true);
            } catch (RuntimeException e) {
                client.shutdown();
                resources.shutdown();
                throw e;
            }
        }
        if (uris.size() != 1) {
            resources.shutdown();
            throw new IllegalArgumentException("standalone Redis takes exactly one URI, got " + uris.size());
        }
        RedisClient client = RedisClient.create(resources, uris.get(0));
        client.setOptions(ClientOptions.builder().socketOptions(socket).timeoutOptions(timeouts)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
        try {
            StatefulRedisConnection<String, String> c = client.connect(StringCodec.UTF8);
            return new RedisConnection(client, resources, c, c.sync(), c.async(), false);
        } catch (RuntimeException e) {
            client.shutdown();
            resources.shutdown();
            throw e;
        }
    }

    public RedisClusterCommands<String, String> sync() {
        return sync;
    }

    public RedisClusterAsyncCommands<String, String> async() {
        return async;
    }

    public StatefulConnection<String, String> connection() {
        return connection;
    }

    public boolean isCluster() {
        return cluster;
    }

    /**
     * A new Pub/Sub connection from the same client (Pub/Sub needs a connection of its own); the
     * caller closes it. On a Cluster it subscribes through one node and receives what is published
     * on any node, since a plain {@code PUBLISH} is broadcast over the cluster bus.
     */
    public StatefulRedisPubSubConnection<String, String> openPubSub() {
        if (client instanceof RedisClusterClient clusterClient) {
            return clusterClient.connectPubSub(StringCodec.UTF8);
        }
        return ((RedisClient) client).connectPubSub(StringCodec.UTF8);
    }

    /** A connection of text keys and byte values, from the same client (and event loops); closing it closes the connection. */
    record Binary(StatefulConnection<String, byte[]> connection, RedisClusterAsyncCommands<String, byte[]> async) implements AutoCloseable {
        @Override
        public void close() {
            connection.close();
        }
    }

    /** A new connection whose values are bytes, for state that is not text (rate-limit buckets); the caller closes it. */
    Binary openBinary() {
        RedisCodec<String, byte[]> codec = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
        if (client instanceof RedisClusterClient clusterClient) {
            StatefulRedisClusterConnection<String, byte[]> c = clusterClient.connect(codec);
            return new Binary(c, c.async());
        }
        StatefulRedisConnection<String, byte[]> c = ((RedisClient) client).connect(codec);
        return new Binary(c, c.async());
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, TimeUnit.SECONDS); // not the client's: it was passed in
    }
}
