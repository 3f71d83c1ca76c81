package dev.shortcode.hbase;

import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.store.StorageFootprint;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import dev.shortcode.core.store.ArchiveStorage;
import dev.shortcode.core.store.ModerationStore;
import dev.shortcode.core.store.ClickArchive;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * One connection to the HBase cluster and what runs over it: the {@link HBaseArchive}, the
 * {@link HBaseWatermarkStore}, the {@link HBaseApiKeyStore}, the {@link HBaseClickArchive} and
 * the {@link HBaseLinkIndex}. {@link #open} connects through ZooKeeper, creates missing tables
 * (see {@link ArchiveSchema}) and fails the start with an {@link HBaseArchiveException} when the
 * cluster does not answer within a few operation timeouts. {@link #close} flushes the archive's
 * write buffer and closes the connection.
 *
 * <p>The connection is HBase's {@code AsyncConnection}: thread-safe, multiplexed, meant to be one
 * per process. ZooKeeper is asked only for the cluster id and the location of {@code hbase:meta};
 * everything else goes straight to the region servers.
 */
public final class HBaseStorage implements ArchiveStorage {

    private static final System.Logger LOG = System.getLogger(HBaseStorage.class.getName());

    /**
     * Attempts and pause of the read-only ZooKeeper client (meta lookups): HBase's default of 30
     * attempts a second apart would let a lookup outlive every operation timeout.
     */
    static final int ZOOKEEPER_ATTEMPTS = 3;
    static final int ZOOKEEPER_RETRY_PAUSE_MS = 200;

    private final AsyncConnection connection;
    private final HBaseArchive archive;
    private final HBaseWatermarkStore watermarks;
    private final HBaseApiKeyStore apiKeys;
    private final HBaseModerationStore moderation;
    private final HBaseClickArchive clicks;
    private final HBaseArchiveOptions config;
    private final LinkIndex linkIndex;

    private HBaseStorage(AsyncConnection connection, HBaseArchive archive, HBaseWatermarkStore watermarks, HBaseApiKeyStore apiKeys,
            HBaseModerationStore moderation, HBaseClickArchive clicks, LinkIndex linkIndex, HBaseArchiveOptions config) {
        this.linkIndex = linkIndex;
        this.connection = connection;
        this.config = config;
        this.archive = archive;
        this.watermarks = watermarks;
        this.apiKeys = apiKeys;
        this.moderation = moderation;
        this.clicks = clicks;
    }

    public static HBaseStorage open(HBaseArchiveOptions config) {
        long started = System.nanoTime();
        Duration startTimeout = config.operationTimeout().multipliedBy(3);
        CompletableFuture<AsyncConnection> connecting = ConnectionFactory.createAsyncConnection(clientConfiguration(config));
        AsyncConnection connection;
        try {
            connection = Futures.await(connecting, startTimeout, "connect to HBase through ZooKeeper " + config.zookeeperQuorum());
        } catch (HBaseArchiveException e) {
            // A connection that arrives after we gave up must not leak its threads.
            connecting.thenAccept(HBaseStorage::closeQuietly);
            throw e;
        }
        try {
            ArchiveSchema schema = new ArchiveSchema(config);
            schema.ensure(connection.getAdmin());
            HBaseStorage storage = new HBaseStorage(connection, new HBaseArchive(connection, schema, config),
                    new HBaseWatermarkStore(connection, schema.watermarks(), config),
                    new HBaseApiKeyStore(connection, schema.keys(), config),
                    new HBaseModerationStore(connection, schema.moderation(), config), new HBaseClickArchive(connection, schema, config),
                    new HBaseLinkIndex(connection, schema, config), config);
            LOG.log(System.Logger.Level.INFO, "HBase archive ready in namespace {0} via {1} after {2} ms", config.namespace(),
                    config.zookeeperQuorum(), (System.nanoTime() - started) / 1_000_000);
            return storage;
        } catch (RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    /** The HBase client settings derived from the archive's config; everything else keeps HBase's defaults. */
    static Configuration clientConfiguration(HBaseArchiveOptions config) {
        Configuration conf = HBaseConfiguration.create();
        // host:port entries are accepted as they are; hbase.zookeeper.property.clientPort applies only to bare hosts.
        conf.set("hbase.zookeeper.quorum", config.zookeeperQuorum());
        conf.set("zookeeper.znode.parent", config.znodeParent());
        long operationMs = config.operationTimeout().toMillis();
        conf.setLong("hbase.client.operation.timeout", operationMs);
        conf.setLong("hbase.client.meta.operation.timeout", operationMs);
        conf.setLong("hbase.rpc.timeout", config.rpcTimeout().toMillis());
        conf.setInt("zookeeper.recovery.retry", ZOOKEEPER_ATTEMPTS);
        conf.setInt("zookeeper.recovery.retry.intervalmill", ZOOKEEPER_RETRY_PAUSE_MS);
        return conf;
    }

    @Override
    public String kind() {
        return "hbase";
    }

    @Override
    public HBaseArchive archive() {
        return archive;
    }

    @Override
    public HBaseWatermarkStore watermarks() {
        return watermarks;
    }

    /** The durable API keys; valid until {@link #close}, which closes the connection they use. */
    @Override
    public HBaseApiKeyStore apiKeys() {
        return apiKeys;
    }

    /** The archive's size from the region metrics of its links table (see HBaseArchiveFootprint); valid until {@link #close}. */
    @Override
    public StorageFootprint footprint() {
        return new HBaseArchiveFootprint(connection, new ArchiveSchema(config).links(), config.operationTimeout(), Clock.systemUTC());
    }

    @Override
    public ModerationStore moderation() {
        return moderation;
    }

    /** The durable click counts; valid until {@link #close}. */
    @Override
    public ClickArchive clicks() {
        return clicks;
    }

    /** The listings over the index rows the archive writes with each link; valid until {@link #close}. */
    @Override
    public LinkIndex linkIndex() {
        return linkIndex;
    }

    /** One read of the watermark table, bounded by the operation timeout. */
    @Override
    public CompletionStage<Boolean> probe() {
        return watermarks.answers();
    }

    @Override
    public void close() {
        try {
            archive.close();
        } finally {
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(AsyncConnection connection) {
        try {
            connection.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "closing the HBase connection failed: {0}", e.toString());
        }
    }
}
