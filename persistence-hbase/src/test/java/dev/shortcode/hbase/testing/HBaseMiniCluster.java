package dev.shortcode.hbase.testing;

import dev.shortcode.hbase.HBaseArchiveOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;

/**
 * A real HBase for tests: a mini ZooKeeper and a mini HBase cluster (one master, one region
 * server) inside the test JVM, on the local file system (no mini HDFS: starts in ~6-9 s and takes
 * ~350 MB instead of ~12 s and ~800 MB). Never a mock.
 *
 * <p>{@link #shared()} starts once per test JVM and stops at its exit; every test class of the JVM
 * uses the same cluster and keeps out of the others' way with its own namespace or row prefix.
 *
 * <h2>Making HBase unreachable</h2>
 * {@link #stopHBase()} shuts the master and the region server down cleanly (memstores flushed)
 * and keeps ZooKeeper running; {@link #startHBase()} starts a new master and region server on the
 * same root directory, which reopen every table with its data. Clients keep their connection:
 * their cached region locations point at a dead port until the restart, then they find the new
 * server through ZooKeeper. A stop takes ~2-4 s, a start ~5-8 s on two busy cores. Tests that stop
 * HBase must start it again before they finish (use try/finally), since the cluster is shared.
 */
public final class HBaseMiniCluster {

    private static final System.Logger LOG = System.getLogger(HBaseMiniCluster.class.getName());

    private static HBaseMiniCluster shared;

    private final HBaseTestingUtility utility;
    private final StartMiniClusterOption option;
    private final int zookeeperPort;
    private boolean hbaseRunning;
    private boolean shutDown;

    private HBaseMiniCluster(HBaseTestingUtility utility, StartMiniClusterOption option, int zookeeperPort) {
        this.utility = utility;
        this.option = option;
        this.zookeeperPort = zookeeperPort;
        this.hbaseRunning = true;
    }

    /** The JVM's cluster, started on first use and stopped when the JVM exits. */
    public static synchronized HBaseMiniCluster shared() {
        if (shared == null) {
            shared = start();
            HBaseMiniCluster toStop = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(toStop::shutdown, "hbase-fixture-stop"));
        }
        return shared;
    }

    /**
     * A cluster of the caller's own, not the JVM's shared one: {@link HBaseMiniClusterMain} runs it
     * in a process of its own and stops it with {@link #shutdown()}.
     */
    static HBaseMiniCluster startPrivate() {
        return start();
    }

    private static HBaseMiniCluster start() {
        long started = System.nanoTime();
        HBaseTestingUtility utility = new HBaseTestingUtility(testConfiguration());
        try {
            MiniZooKeeperCluster zk = utility.startMiniZKCluster();
            StartMiniClusterOption option = StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build();
            utility.startMiniHBaseCluster(option);
            LOG.log(System.Logger.Level.INFO, "mini HBase up in {0} ms, ZooKeeper on 127.0.0.1:{1}",
                    (System.nanoTime() - started) / 1_000_000, String.valueOf(zk.getClientPort()));
            return new HBaseMiniCluster(utility, option, zk.getClientPort());
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the mini HBase cluster", e);
        }
    }

    private static Configuration testConfiguration() {
        Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
        // No Jetty UIs: they need --add-opens on JDK 17 and nothing here reads them.
        conf.setInt("hbase.master.info.port", -1);
        conf.setInt("hbase.regionserver.info.port", -1);
        // The region server reports to the master every 500 ms instead of 3 s: a faster start.
        conf.setInt("hbase.regionserver.msginterval", 500);
        conf.setInt("hbase.master.wait.on.regionservers.mintostart", 1);
        conf.setInt("hbase.master.wait.on.regionservers.maxtostart", 1);
        // The local file system has no hflush; the WAL must not insist on it.
        conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
        // Few handler threads: the box has two cores and other builds running.
        conf.setInt("hbase.regionserver.handler.count", 8);
        return conf;
    }

    /** {@code 127.0.0.1:<port>} of the mini ZooKeeper, the value of {@code shortcode.hbase.zookeeper-quorum}. */
    public String zookeeperQuorum() {
        return "127.0.0.1:" + zookeeperPort;
    }

    /**
     * Archive settings pointing at this cluster, in a namespace of its own (tables are created on
     * first open), with timeouts short enough for fault tests.
     */
    public HBaseArchiveOptions.Builder archiveConfig() {
        return HBaseArchiveOptions.builder()
                .zookeeperQuorum(zookeeperQuorum())
                .namespace(uniqueNamespace())
                .preSplitRegions(4)
                .operationTimeout(Duration.ofSeconds(10))
                .rpcTimeout(Duration.ofSeconds(3));
    }

    /** A namespace no other test uses. */
    public static String uniqueNamespace() {
        return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** A client configuration for tests that inspect the cluster with the HBase API directly. */
    public Configuration clientConfiguration() {
        return new Configuration(utility.getConfiguration());
    }

    /**
     * Flushes every region of {@code table} to disk and major-compacts it, synchronously: what a
     * cluster does on its own sooner or later, and what purges HBase delete markers and hidden cells.
     *
     * @param table {@code namespace:name}
     */
    public synchronized void flushAndMajorCompact(String table) {
        try {
            TableName name = TableName.valueOf(table);
            utility.flush(name);
            utility.compact(name, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compact " + table, e);
        }
    }

    public synchronized boolean hbaseRunning() {
        return hbaseRunning;
    }

    /** Stops the master and the region server; ZooKeeper stays up. See the class note. */
    public synchronized void stopHBase() {
        if (!hbaseRunning) {
            return;
        }
        try {
            utility.shutdownMiniHBaseCluster();
            hbaseRunning = false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stop the mini HBase cluster", e);
        }
    }

    /** Starts a master and a region server again on the same root directory; returns once tables are online. */
    public synchronized void startHBase() {
        if (shutDown) {
            throw new IllegalStateException("the mini cluster is shut down");
        }
        if (hbaseRunning) {
            return;
        }
        try {
            utility.restartHBaseCluster(option);
            hbaseRunning = true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restart the mini HBase cluster", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while restarting the mini HBase cluster", e);
        }
    }

    /**
     * At JVM exit: the data is thrown away, so the servers are killed rather than shut down cleanly
     * (a clean shutdown flushes every region first). With ZooKeeper stopped only after the killed
     * servers ended, the JVM exits ~4 s after the tests instead of ~25 s. Runs once; later calls
     * return at once.
     *
     * @return false when an earlier call already shut the cluster down
     */
    synchronized boolean shutdown() {
        if (shutDown) {
            return false;
        }
        shutDown = true;
        try {
            MiniHBaseCluster hbase = hbaseRunning ? utility.getMiniHBaseCluster() : null;
            utility.killMiniHBaseCluster();
            if (hbase != null) {
                // ZooKeeper must outlive the aborting servers: they delete their znodes on the way out
                // and would otherwise retry against a dead ZooKeeper for the whole session timeout.
                hbase.waitUntilShutDown();
            }
            hbaseRunning = false;
            utility.shutdownMiniZKCluster();
            utility.cleanupTestDir();
        } catch (IOException | RuntimeException e) {
            // The JVM is exiting; a cluster that does not stop cleanly leaves only temp files behind.
            LOG.log(System.Logger.Level.WARNING, "mini HBase did not stop cleanly: {0}", e.toString());
        }
        return true;
    }
}
