package dev.shortcode.testing.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.List;

/**
 * A standalone Redis with one replica, both local processes on free loopback ports: for what needs
 * a replica without a Cluster (WAIT). The replica can be frozen with its link open.
 */
public final class ReplicatedStandalone implements RedisDeployment {

    private final LocalRedisProcess master;
    private final LocalRedisProcess replica;

    private ReplicatedStandalone(LocalRedisProcess master, LocalRedisProcess replica) {
        this.master = master;
        this.replica = replica;
    }

    public static ReplicatedStandalone start() {
        String binary = RedisServers.redisServerBinary();
        LocalRedisProcess master = new LocalRedisProcess(binary, FreePorts.find(10_000), false);
        LocalRedisProcess replica = new LocalRedisProcess(binary, FreePorts.find(10_000), false);
        ReplicatedStandalone pair = new ReplicatedStandalone(master, replica);
        try {
            master.start();
            replica.start();
            RedisClient client = RedisClient.create(uri(replica.port()));
            try (StatefulRedisConnection<String, String> c = client.connect()) {
                c.sync().replicaof("127.0.0.1", master.port());
                long deadline = System.currentTimeMillis() + 30_000;
                while (!c.sync().info("replication").contains("master_link_status:up")) {
                    if (System.currentTimeMillis() > deadline) {
                        throw new IllegalStateException("the replica did not link to its master within 30 s");
                    }
                    Thread.sleep(50);
                }
            } finally {
                client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
            }
            return pair;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pair.close();
            throw new IllegalStateException("interrupted", e);
        } catch (RuntimeException e) {
            pair.close();
            throw e;
        }
    }

    @Override
    public List<RedisURI> uris() {
        return List.of(uri(master.port()));
    }

    @Override
    public boolean cluster() {
        return false;
    }

    @Override
    public void restart() {
        throw new UnsupportedOperationException("a replicated pair is not restarted");
    }

    /** Freezes (SIGSTOP) the replica, its link open. */
    public void pauseReplica() {
        replica.signal("STOP");
    }

    public void resumeReplica() {
        replica.signal("CONT");
    }

    @Override
    public void close() {
        replica.signal("CONT");
        replica.stop();
        master.stop();
    }

    private static RedisURI uri(int port) {
        return RedisURI.Builder.redis("127.0.0.1", port).withTimeout(Duration.ofSeconds(2)).build();
    }
}
