package dev.shortcode.testing.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A Redis Cluster with a replica per master, as {@code redis-server} processes on loopback (it
 * kills processes, so it has no container variant), {@code cluster-node-timeout} 2000 ms: for
 * failover tests. {@link #killMaster} kills a master with SIGKILL; its replica is promoted by the
 * Cluster itself a few seconds later ({@link #awaitPromotion}); {@link #restartKilled} brings the
 * dead node back with its identity, so it rejoins as a replica of the promoted one.
 */
public final class ReplicatedCluster implements RedisDeployment {

    private static final long TIMEOUT_MILLIS = 30_000;
    /** The longest one call to one node may take, connecting included. */
    private static final long CALL_TIMEOUT_MILLIS = 10_000;
    /**
     * Where the calls to nodes run. The service fault test once stood still for eight minutes
     * after its faults, its service nodes idle, in the steps that talk to the Cluster directly
     * (restart of the killed master, outbox drain, FLUSHALL), until JUnit's timeout: so a call
     * is waited for at most {@link #CALL_TIMEOUT_MILLIS}, a stuck one is left to its daemon
     * thread, and the loops around the calls ask again or give up at their own deadline.
     */
    private static final ExecutorService CALLS = Executors.newCachedThreadPool(runnable -> {
        Thread t = new Thread(runnable, "replicated-cluster-call");
        t.setDaemon(true);
        return t;
    });

    private final List<LocalRedisProcess> nodes = new ArrayList<>();
    private final List<LocalRedisProcess> killed = new ArrayList<>();

    private ReplicatedCluster() {}

    /** {@code masters} masters, each with one replica. */
    public static ReplicatedCluster start(int masters) {
        ReplicatedCluster cluster = new ReplicatedCluster();
        String binary = RedisServers.redisServerBinary();
        try {
            for (int i = 0; i < 2 * masters; i++) {
                LocalRedisProcess node = new LocalRedisProcess(binary, FreePorts.find(10_000), true);
                cluster.nodes.add(node);
                node.start();
            }
            List<RedisURI> all = cluster.nodes.stream().map(n -> uri(n.port())).toList();
            ClusterFormation.form(all.subList(0, masters));
            for (int i = 0; i < masters; i++) {
                RedisURI master = all.get(i);
                RedisURI replica = all.get(masters + i);
                String masterId = on(master, RedisCommands::clusterMyId);
                on(replica, r -> r.clusterMeet(master.getHost(), master.getPort()));
                cluster.await("replica " + replica + " to learn of " + masterId,
                        () -> on(replica, r -> r.clusterNodes()).contains(masterId));
                on(replica, r -> r.clusterReplicate(masterId));
            }
            cluster.await("every replica to be linked and the cluster ok", cluster::healthy);
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** The current masters (they change with a failover). */
    @Override
    public List<RedisURI> uris() {
        for (LocalRedisProcess node : nodes) {
            if (!node.alive()) {
                continue;
            }
            try {
                return masters(on(uri(node.port()), RedisCommands::clusterNodes));
            } catch (RuntimeException e) {
                // this node does not answer: ask the next
            }
        }
        throw new IllegalStateException("no node of the cluster answers");
    }

    /** Every node, masters and replicas: what a client is given to find the cluster. */
    public List<RedisURI> allNodes() {
        return nodes.stream().map(n -> uri(n.port())).toList();
    }

    @Override
    public boolean cluster() {
        return true;
    }

    /** Kills (SIGKILL) the master that serves {@code index}'s share of the slots; returns its address. */
    public synchronized RedisURI killMaster(int index) {
        RedisURI master = uris().get(index);
        LocalRedisProcess node = nodes.stream().filter(n -> n.port() == master.getPort()).findFirst().orElseThrow();
        node.kill();
        killed.add(node);
        return master;
    }

    /**
     * Waits until every live node is ok and sees a master for every slot, none of them a killed
     * one; returns when it was first seen so. For {@code cluster-node-timeout} after a kill, the
     * other nodes still list the dead master as healthy with its slots: an answer that only counted
     * masters and asked for {@code cluster_state:ok} then came at once, seconds before the Cluster
     * had even noticed the death.
     */
    public long awaitPromotion() {
        Set<Integer> dead = killed.stream().map(LocalRedisProcess::port).collect(Collectors.toSet());
        await("a replica to be promoted and the cluster to be ok", () -> {
            for (LocalRedisProcess node : nodes) {
                if (!node.alive()) {
                    continue;
                }
                RedisURI uri = uri(node.port());
                if (!on(uri, RedisCommands::clusterInfo).contains("cluster_state:ok")) {
                    return false;
                }
                List<RedisURI> masters = masters(on(uri, RedisCommands::clusterNodes));
                if (masters.size() != nodes.size() / 2 || masters.stream().anyMatch(m -> dead.contains(m.getPort()))) {
                    return false;
                }
            }
            return true;
        });
        return System.nanoTime();
    }

    /** Freezes (SIGSTOP) every replica, connections open: masters keep serving, and a WAIT for a replica cannot be met. */
    public synchronized void pauseReplicas() {
        replicas().forEach(node -> node.signal("STOP"));
    }

    /** Thaws the replicas {@link #pauseReplicas} froze. */
    public synchronized void resumeReplicas() {
        nodes.forEach(node -> node.signal("CONT"));
    }

    private List<LocalRedisProcess> replicas() {
        Set<Integer> masters = uris().stream().map(RedisURI::getPort).collect(Collectors.toSet());
        return nodes.stream().filter(n -> n.alive() && !masters.contains(n.port())).toList();
    }

    /** Starts the killed nodes again with their identity: they rejoin as replicas. */
    public synchronized void restartKilled() {
        killed.forEach(node -> node.start(false));
        killed.clear();
        await("the restarted nodes to rejoin and every replica to be linked", this::healthy);
    }

    @Override
    public void restart() {
        throw new UnsupportedOperationException("a replicated cluster is restarted node by node: killMaster, restartKilled");
    }

    @Override
    public void onEachMaster(Consumer<RedisCommands<String, String>> action) {
        for (RedisURI master : uris()) {
            on(master, r -> {
                action.accept(r);
                return null;
            });
        }
    }

    @Override
    public void close() {
        nodes.forEach(LocalRedisProcess::stop);
    }

    private boolean healthy() {
        try {
            int masters = nodes.size() / 2;
            int linked = 0;
            for (LocalRedisProcess node : nodes) {
                RedisURI uri = uri(node.port());
                if (!on(uri, RedisCommands::clusterInfo).contains("cluster_state:ok")) {
                    return false;
                }
                String replication = on(uri, r -> r.info("replication"));
                if (replication.contains("role:slave") && replication.contains("master_link_status:up")) {
                    linked++;
                }
            }
            return linked == masters && uris().size() == masters;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static List<RedisURI> masters(String clusterNodes) {
        List<RedisURI> masters = new ArrayList<>();
        for (String line : clusterNodes.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length >= 8 && f[2].contains("master") && !f[2].contains("fail") && f.length > 8) {
                String address = f[1].substring(0, f[1].indexOf('@'));
                int colon = address.lastIndexOf(':');
                masters.add(uri(Integer.parseInt(address.substring(colon + 1))));
            }
        }
        masters.sort(Comparator.comparingInt(RedisURI::getPort));
        return masters;
    }

    private void await(String what, BooleanSupplier condition) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                // a node not answering yet: ask again
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
        throw new IllegalStateException("timed out after " + TIMEOUT_MILLIS + " ms waiting for " + what);
    }

    private static RedisURI uri(int port) {
        return RedisURI.Builder.redis("127.0.0.1", port).withTimeout(Duration.ofSeconds(2)).build();
    }

    /** One call on a connection of its own to {@code uri}; a node that does not answer within {@link #CALL_TIMEOUT_MILLIS} fails it. */
    private static <T> T on(RedisURI uri, Function<RedisCommands<String, String>, T> call) {
        CompletableFuture<T> answer = CompletableFuture.supplyAsync(() -> {
            RedisClient client = RedisClient.create(uri);
            try (StatefulRedisConnection<String, String> c = client.connect()) {
                return call.apply(c.sync());
            } finally {
                client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
            }
        }, CALLS);
        try {
            return answer.get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer from " + uri + " within " + CALL_TIMEOUT_MILLIS + " ms", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling " + uri, e);
        }
    }
}
