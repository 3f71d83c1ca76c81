package dev.shortcode.core.redis;

import dev.shortcode.core.store.StorageUnavailableException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Waits until the writes a change made are on {@code replicas} replicas, with Redis's
 * {@code WAIT}, before the change is acknowledged: a master that dies after the answer then loses
 * nothing the answer promised.
 *
 * <p>Design note. {@code WAIT n t} blocks the connection it is sent on until every write that
 * connection sent before it is acknowledged by n replicas, or t passes; it answers how many did. A
 * WAIT on another connection would see none of those writes and answer at once. So it goes on the
 * very connection the writes went on: the shared connection on a standalone server; on a Cluster,
 * the node connection of each key's master, which Lettuce keys by host and port for routed writes
 * and for {@code getConnectionAsync(host, port)} alike. One WAIT covers every earlier write of its
 * connection, so WAITs are grouped like a commit: a change whose writes have answered joins the
 * next WAIT of each node it wrote to (never one already sent, which may have left before its
 * writes); while none is in flight on a node, one leaves at once. A change touching two nodes (a
 * link and its outbox shard on a Cluster) waits for both in parallel. Fewer than {@code replicas}
 * in time is a {@link StorageUnavailableException}: the change is not acknowledged (503), though
 * the master holds it and a retry finds it.
 *
 * <p>While a WAIT is in flight the connection's other commands queue behind it in Redis, for as
 * long as replication takes (sub-millisecond on a healthy network): the price of the option.
 */
final class ReplicaWaits {

    private final RedisConnection connection;
    private final int replicas;
    private final long timeoutMillis;
    /** Per node: host:port, or "" for the standalone server. Guarded by itself. */
    private final Map<String, Node> nodes = new HashMap<>();

    ReplicaWaits(RedisConnection connection, int replicas, Duration timeout) {
        if (replicas < 1) {
            throw new IllegalArgumentException("replicas must be at least 1: " + replicas);
        }
        this.connection = connection;
        this.replicas = replicas;
        this.timeoutMillis = Math.max(1, timeout.toMillis());
    }

    /** One node's WAITs: one in flight at most, the changes that arrive meanwhile gathered for the next. */
    private final class Node {
        final String name;
        final RedisURI uri;
        /** Guarded by this. */
        boolean inFlight;
        /** Guarded by this: the changes waiting for the next WAIT. */
        List<CompletableFuture<Void>> next = new ArrayList<>();

        Node(String name, RedisURI uri) {
            this.name = name;
            this.uri = uri;
        }

        CompletableFuture<Void> join() {
            CompletableFuture<Void> done = new CompletableFuture<>();
            boolean send;
            synchronized (this) {
                next.add(done);
                send = !inFlight;
                inFlight = true;
            }
            if (send) {
                sendWait();
            }
            return done;
        }

        private void sendWait() {
            List<CompletableFuture<Void>> waiting;
            synchronized (this) {
                waiting = next;
                next = new ArrayList<>();
            }
            waitCommand(this).whenComplete((acknowledged, failure) -> {
                boolean again;
                synchronized (this) {
                    again = !next.isEmpty();
                    inFlight = again;
                }
                if (again) {
                    sendWait();
                }
                for (CompletableFuture<Void> w : waiting) {
                    if (failure != null) {
                        w.completeExceptionally(failure);
                    } else if (acknowledged < replicas) {
                        w.completeExceptionally(new StorageUnavailableException("redis", "the change reached " + acknowledged + " of "
                                + replicas + " replicas of " + (name.isEmpty() ? "Redis" : name) + " within " + timeoutMillis
                                + " ms (shortcode.redis.wait-replicas); it is not acknowledged"));
                    } else {
                        w.complete(null);
                    }
                }
            });
        }
    }

    /** Completes once the writes made so far to the masters of {@code keys} are on enough replicas; fails when they are not in time. */
    CompletableFuture<Void> after(String... keys) {
        Set<Node> touched = new LinkedHashSet<>();
        for (String key : keys) {
            touched.add(nodeOf(key));
        }
        CompletableFuture<?>[] waits = new CompletableFuture<?>[touched.size()];
        int i = 0;
        for (Node node : touched) {
            waits[i++] = node.join();
        }
        return waits.length == 1 ? waits[0].thenApply(v -> null) : CompletableFuture.allOf(waits);
    }

    private Node nodeOf(String key) {
        if (!connection.isCluster()) {
            return node("", null);
        }
        StatefulRedisClusterConnection<String, String> cluster = (StatefulRedisClusterConnection<String, String>) connection.connection();
        RedisClusterNode master = cluster.getPartitions().getMasterBySlot(SlotHash.getSlot(key));
        if (master == null) {
            throw new StorageUnavailableException("redis", "no master serves the slot of " + key + " now");
        }
        RedisURI uri = master.getUri();
        return node(uri.getHost() + ":" + uri.getPort(), uri);
    }

    private Node node(String name, RedisURI uri) {
        synchronized (nodes) {
            return nodes.computeIfAbsent(name, n -> new Node(n, uri));
        }
    }

    /** WAIT on the node's connection: the shared one, or the Cluster node's routed-write connection. */
    private CompletableFuture<Long> waitCommand(Node node) {
        try {
            if (node.uri == null) {
                return connection.async().waitForReplication(replicas, timeoutMillis).toCompletableFuture();
            }
            StatefulRedisClusterConnection<String, String> cluster = (StatefulRedisClusterConnection<String, String>) connection.connection();
            return cluster.getConnectionAsync(node.uri.getHost(), node.uri.getPort())
                    .thenCompose((StatefulRedisConnection<String, String> c) -> c.async().waitForReplication(replicas, timeoutMillis));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
