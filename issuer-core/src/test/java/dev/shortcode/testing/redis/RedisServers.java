package dev.shortcode.testing.redis;

import java.io.File;
import java.util.concurrent.atomic.AtomicReference;
import org.testcontainers.DockerClientFactory;

/**
 * Where tests get a real Redis. With a Docker engine: containers (Testcontainers). Without one:
 * {@code redis-server} processes on free loopback ports ({@code REDIS_SERVER} names the binary,
 * else it is looked up on the PATH). Never a mock, never a skip: no Redis at all fails the test
 * with the install hint.
 *
 * <p>{@link #sharedStandalone()} and {@link #sharedCluster()} start once per test JVM and stop at
 * its exit; tests that restart or break Redis start their own with {@link #standalone()}.
 */
public final class RedisServers {

    /** Masters of the test Cluster: the smallest real one, so keys of different slots land apart. */
    public static final int CLUSTER_MASTERS = 3;

    private static final AtomicReference<RedisDeployment> SHARED_STANDALONE = new AtomicReference<>();
    private static final AtomicReference<RedisDeployment> SHARED_CLUSTER = new AtomicReference<>();

    private RedisServers() {}

    public static RedisDeployment sharedStandalone() {
        return shared(SHARED_STANDALONE, false);
    }

    public static RedisDeployment sharedCluster() {
        return shared(SHARED_CLUSTER, true);
    }

    /** A fresh standalone server owned (and closed) by the caller. */
    public static RedisDeployment standalone() {
        return start(false);
    }

    /** A fresh Cluster owned (and closed) by the caller. */
    public static RedisDeployment cluster() {
        return start(true);
    }

    private static synchronized RedisDeployment shared(AtomicReference<RedisDeployment> holder, boolean cluster) {
        RedisDeployment deployment = holder.get();
        if (deployment == null) {
            deployment = start(cluster);
            holder.set(deployment);
            RedisDeployment toClose = deployment;
            Runtime.getRuntime().addShutdownHook(new Thread(toClose::close, "redis-fixture-stop"));
        }
        return deployment;
    }

    private static RedisDeployment start(boolean cluster) {
        int masters = cluster ? CLUSTER_MASTERS : 1;
        if (dockerAvailable()) {
            return ContainerDeployment.start(masters, cluster);
        }
        return ProcessDeployment.start(redisServerBinary(), masters, cluster);
    }

    static boolean dockerAvailable() {
        if ("false".equals(System.getenv("SHORTCODE_TEST_DOCKER"))) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static String redisServerBinary() {
        String configured = System.getenv("REDIS_SERVER");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/usr/local/bin");
        for (String dir : path.split(File.pathSeparator)) {
            File candidate = new File(dir, "redis-server");
            if (candidate.canExecute()) {
                return candidate.getAbsolutePath();
            }
        }
        throw new IllegalStateException("no Docker engine and no redis-server on the PATH: "
                + "install it (apt-get install -y redis-server) or set REDIS_SERVER");
    }
}
