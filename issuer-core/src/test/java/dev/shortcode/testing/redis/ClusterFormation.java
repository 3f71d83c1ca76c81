package dev.shortcode.testing.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns empty cluster-enabled servers into one Cluster of masters: splits the 16,384 slots evenly,
 * introduces the nodes with {@code CLUSTER MEET} and waits until every node reports
 * {@code cluster_state:ok}. The same steps as {@code redis-cli --cluster create}, without needing
 * the CLI, so processes and containers share them.
 */
final class ClusterFormation {

    private static final int SLOTS = 16_384;
    private static final long TIMEOUT_MILLIS = 20_000;

    private ClusterFormation() {}

    static void form(List<RedisURI> nodes) {
        List<RedisClient> clients = new ArrayList<>();
        List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
        try {
            for (RedisURI uri : nodes) {
                RedisClient client = RedisClient.create(uri);
                clients.add(client);
                connections.add(client.connect());
            }
            int per = SLOTS / nodes.size();
            for (int i = 0; i < nodes.size(); i++) {
                int from = i * per;
                int to = i == nodes.size() - 1 ? SLOTS - 1 : from + per - 1;
                int[] slots = new int[to - from + 1];
                for (int s = 0; s < slots.length; s++) {
                    slots[s] = from + s;
                }
                connections.get(i).sync().clusterAddSlots(slots);
            }
            RedisCommands<String, String> first = connections.get(0).sync();
            for (int i = 1; i < nodes.size(); i++) {
                first.clusterMeet(nodes.get(i).getHost(), nodes.get(i).getPort());
            }
            awaitOk(connections, nodes.size());
        } finally {
            connections.forEach(StatefulRedisConnection::close);
            clients.forEach(c -> c.shutdown(Duration.ZERO, Duration.ofSeconds(1)));
        }
    }

    private static void awaitOk(List<StatefulRedisConnection<String, String>> connections, int size) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            boolean ok = true;
            for (StatefulRedisConnection<String, String> c : connections) {
                String info = c.sync().clusterInfo();
                ok &= info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:" + size);
            }
            if (ok) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while forming the cluster", e);
            }
        }
        throw new IllegalStateException("cluster of " + size + " nodes not ok within " + TIMEOUT_MILLIS + " ms");
    }
}
