package dev.shortcode.testing.redis;

import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Redis in containers, where a Docker engine runs. Host networking makes the Cluster nodes
 * announce addresses the test JVM can reach, the same ones the process deployment uses.
 */
final class ContainerDeployment implements RedisDeployment {

    static final DockerImageName IMAGE = DockerImageName.parse("redis:7.2");

    private final List<GenericContainer<?>> containers;
    private final List<Integer> ports;
    private final boolean cluster;

    private ContainerDeployment(List<GenericContainer<?>> containers, List<Integer> ports, boolean cluster) {
        this.containers = containers;
        this.ports = ports;
        this.cluster = cluster;
    }

    static ContainerDeployment start(int masters, boolean cluster) {
        List<GenericContainer<?>> containers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        ContainerDeployment deployment = new ContainerDeployment(containers, ports, cluster);
        try {
            for (int i = 0; i < masters; i++) {
                int port = FreePorts.find(cluster ? 10_000 : 0);
                List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port),
                        "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"));
                if (cluster) {
                    command.addAll(List.of("--cluster-enabled", "yes", "--cluster-node-timeout", "2000"));
                }
                @SuppressWarnings("resource") // closed in close()
                GenericContainer<?> container = new GenericContainer<>(IMAGE)
                        .withNetworkMode("host")
                        .withCommand(command.toArray(String[]::new))
                        .waitingFor(Wait.forLogMessage(".*Ready to accept connections.*", 1));
                containers.add(container);
                ports.add(port);
                container.start();
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
        return ports.stream().map(p -> RedisURI.create("127.0.0.1", p)).toList();
    }

    @Override
    public boolean cluster() {
        return cluster;
    }

    @Override
    public void restart() {
        for (GenericContainer<?> container : containers) {
            container.getDockerClient().restartContainerCmd(container.getContainerId()).exec();
        }
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (cluster) {
            flushAll();
            onEachMaster(redis -> redis.clusterReset(true));
            ClusterFormation.form(uris());
        }
    }

    @Override
    public void close() {
        containers.forEach(GenericContainer::stop);
    }

    @Override
    public String toString() {
        return (cluster ? "cluster " : "standalone ") + uris() + " (containers)";
    }
}
