package dev.shortcode.testing.redis;

import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;

/** Redis as {@code redis-server} processes on loopback ports. */
final class ProcessDeployment implements RedisDeployment {

    private final List<LocalRedisProcess> servers;
    private final boolean cluster;

    private ProcessDeployment(List<LocalRedisProcess> servers, boolean cluster) {
        this.servers = servers;
        this.cluster = cluster;
    }

    static ProcessDeployment start(String binary, int masters, boolean cluster) {
        List<LocalRedisProcess> servers = new ArrayList<>();
        ProcessDeployment deployment = new ProcessDeployment(servers, cluster);
        try {
            for (int i = 0; i < masters; i++) {
                LocalRedisProcess server = new LocalRedisProcess(binary, FreePorts.find(cluster ? 10_000 : 0), cluster);
                servers.add(server);
                server.start();
            }
            if (cluster) {
                ClusterFormation.form(deployment.uris());
            }
            return deployment;
        } catch (RuntimeException e) {
            deployment.close();
            throw e;
        }
    }

    @Override
    public List<RedisURI> uris() {
        return servers.stream().map(s -> RedisURI.create("127.0.0.1", s.port())).toList();
    }

    @Override
    public boolean cluster() {
        return cluster;
    }

    @Override
    public void restart() {
        servers.forEach(LocalRedisProcess::stop);
        servers.forEach(LocalRedisProcess::start);
        if (cluster) {
            ClusterFormation.form(uris());
        }
    }

    @Override
    public void close() {
        servers.forEach(LocalRedisProcess::stop);
    }

    @Override
    public String toString() {
        return (cluster ? "cluster " : "standalone ") + uris() + " (local processes)";
    }
}
