package dev.shortcode.api.http;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Real Redis (local redis-server processes, or containers with Docker; one server, or a 3-master
 * Cluster with the init argument {@link #CLUSTER}) and real HBase (the mini cluster
 * in its own JVM: the service's shaded HBase client must not share a JVM with the unshaded one;
 * one for every profile and test of the JVM, {@link HBaseProcess#sharedZookeeperQuorum()}) for the service under test.
 */
public class RedisHBaseResource implements QuarkusTestResourceLifecycleManager {

    /** Init argument: {@code "true"} for a 3-master Redis Cluster instead of one server. */
    static final String CLUSTER = "cluster";

    private RedisDeployment redis;
    private boolean cluster;

    @Override
    public void init(Map<String, String> initArgs) {
        cluster = Boolean.parseBoolean(initArgs.getOrDefault(CLUSTER, "false"));
    }

    @Override
    public Map<String, String> start() {
        redis = cluster ? RedisServers.cluster() : RedisServers.standalone();
        return Map.of(
                "shortcode.redis.uris", redis.uris().stream().map(uri -> uri.toURI().toString()).collect(Collectors.joining(",")),
                "shortcode.redis.mode", cluster ? "cluster" : "standalone",
                "shortcode.hbase.zookeeper-quorum", HBaseProcess.sharedZookeeperQuorum(),
                "shortcode.secret", "distributed test secret, shared by all nodes",
                "shortcode.admin-key", ApiClient.ADMIN_KEY,
                "shortcode.data-dir", "target/test-data/" + UUID.randomUUID());
    }

    @Override
    public void stop() {
        if (redis != null) {
            redis.close();
        }
    }
}
