package dev.shortcode.api.http;

import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import java.util.UUID;

/**
 * Real Redis (a local redis-server, or a container with Docker) and real HBase (the mini cluster
 * in its own JVM: the service's shaded HBase client must not share a JVM with the unshaded one)
 * for the service under test.
 */
public class RedisHBaseResource implements QuarkusTestResourceLifecycleManager {

    private RedisDeployment redis;

    @Override
    public Map<String, String> start() {
        redis = RedisServers.standalone();
        HBaseProcess hbase = HBaseProcess.shared();
        return Map.of(
                "shortcode.redis-uris", redis.uris().get(0).toURI().toString(),
                "shortcode.hbase-zk", hbase.zookeeperQuorum(),
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
