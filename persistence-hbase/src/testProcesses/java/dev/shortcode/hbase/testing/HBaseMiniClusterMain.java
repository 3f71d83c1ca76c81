package dev.shortcode.hbase.testing;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.LogManager;

/**
 * The mini cluster of {@link HBaseMiniCluster} (same settings) as a process of its own, for tests
 * that cannot have the unshaded HBase in their JVM: the service's Quarkus tests run the shaded
 * client. Started and driven by {@link HBaseProcess}.
 *
 * <h2>Protocol: one UTF-8 line each</h2>
 * <ul>
 *   <li>stdout, once clients can connect: {@code READY zk=127.0.0.1:<port>}; if the start fails:
 *       {@code FAILED <why>} and exit code 1.
 *   <li>stdin {@code stop-hbase}: master and region server shut down, ZooKeeper stays up; answer
 *       {@code OK hbase stopped in <ms> ms}. {@code start-hbase}: both start again on the same data;
 *       answer {@code OK hbase started in <ms> ms} once tables are online. Anything else, or a
 *       command that fails: {@code ERROR <why>}.
 *   <li>stdin at EOF (the parent closed it, or died and the pipe closed with it): the cluster shuts
 *       down, {@code STOPPED} is printed, exit code 0.
 *   <li>SIGTERM: the same shutdown from a shutdown hook, {@code STOPPED}, exit code 143.
 * </ul>
 * stdout carries nothing else: {@code System.out} is pointed at stderr before anything starts, so
 * whatever HBase or Hadoop print lands in the log with the rest of their output.
 *
 * <p>Logging: {@code logging.properties} of the classpath (WARNING and up for HBase) unless
 * {@code java.util.logging.config.file} names another file.
 */
public final class HBaseMiniClusterMain {

    private HBaseMiniClusterMain() {}

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        configureLogging();

        HBaseMiniCluster cluster;
        try {
            cluster = HBaseMiniCluster.startPrivate();
        } catch (RuntimeException e) {
            e.printStackTrace();
            protocol.println("FAILED " + oneLine(e));
            System.exit(1);
            return;
        }
        Runnable shutdown = () -> {
            if (cluster.shutdown()) {
                protocol.println("STOPPED");
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(shutdown, "hbase-minicluster-stop"));
        protocol.println("READY zk=" + cluster.zookeeperQuorum());

        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            String command = line.strip();
            if (!command.isEmpty()) {
                protocol.println(run(cluster, command));
            }
        }
        shutdown.run();
        // HBase leaves non-daemon threads behind even after a shutdown.
        System.exit(0);
    }

    private static String run(HBaseMiniCluster cluster, String command) {
        long started = System.nanoTime();
        try {
            switch (command) {
                case "stop-hbase" -> {
                    cluster.stopHBase();
                    return "OK hbase stopped in " + millisSince(started) + " ms";
                }
                case "start-hbase" -> {
                    cluster.startHBase();
                    return "OK hbase started in " + millisSince(started) + " ms";
                }
                default -> {
                    return "ERROR unknown command '" + command + "' (stop-hbase, start-hbase)";
                }
            }
        } catch (RuntimeException e) {
            e.printStackTrace();
            return "ERROR " + command + ": " + oneLine(e);
        }
    }

    private static void configureLogging() throws IOException {
        if (System.getProperty("java.util.logging.config.file") != null) {
            return;
        }
        try (InputStream config = HBaseMiniClusterMain.class.getResourceAsStream("/logging.properties")) {
            if (config != null) {
                LogManager.getLogManager().readConfiguration(config);
            }
        }
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }

    private static String oneLine(Throwable e) {
        return String.valueOf(e).replace('\n', ' ').replace('\r', ' ');
    }
}
