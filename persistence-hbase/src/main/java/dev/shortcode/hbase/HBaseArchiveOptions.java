package dev.shortcode.hbase;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where the HBase archive lives and how it writes, validated once at start. Immutable, built with
 * {@link #builder()} (the defaults are its {@code DEFAULT_*} constants, which the service's
 * configuration mapping takes too); a bad value throws {@link ConfigException} naming its
 * {@code shortcode.hbase.*} key.
 *
 * @param zookeeperQuorum  {@code host:port[,host:port...]} of the cluster's ZooKeeper ensemble
 * @param znodeParent      the cluster's root znode ({@code zookeeper.znode.parent})
 * @param namespace        HBase namespace holding the five tables
 * @param linksTable       code to link record, pre-split
 * @param countsTable      codes issued per pool per day
 * @param watermarksTable  durable high-water mark per code length
 * @param keysTable        API keys by secret hash
 * @param clicksTable      click counts per link (and owner) per day and month
 * @param preSplitRegions  regions the links table starts with (1..256), spread over the salt byte;
 *                         only used when the table is created
 * @param indexBuckets     salt buckets of the link index (1..256; {@code index.salt-buckets}): a
 *                         listing merges one scan per bucket, and one owner's newest rows land in
 *                         this many places; part of the stored format, so fixed once rows exist
 * @param compression      block compression of new tables: {@code NONE} or {@code GZ} run on any JVM;
 *                         {@code SNAPPY}, {@code LZ4}, {@code ZSTD} need native or extra codecs on
 *                         the region servers
 * @param createTables     create the namespace and missing tables at start (off where DDL is
 *                         reserved to operators; then missing tables fail the start)
 * @param writeBatchSize   mutations per write RPC batch: a write of at least this many sends
 *                         them at once in chunks of at most this many, and the buffered writer
 *                         coalesces smaller concurrent writes, flushing when it holds this many
 * @param flushInterval    longest a mutation waits in the write buffer when traffic is light
 * @param operationTimeout longest one archive operation may take, retries included; then it fails
 *                         (a write waits at most this long while HBase is down)
 * @param rpcTimeout       longest a single RPC may take before it is retried
 */
public record HBaseArchiveOptions(
        String zookeeperQuorum,
        String znodeParent,
        String namespace,
        String linksTable,
        String countsTable,
        String watermarksTable,
        String keysTable,
        String clicksTable,
        int preSplitRegions,
        int indexBuckets,
        String compression,
        boolean createTables,
        int writeBatchSize,
        Duration flushInterval,
        Duration operationTimeout,
        Duration rpcTimeout) {

    public static final String PREFIX = "shortcode.hbase.";

    /** Default of {@code znodeParent}, as the key takes it. */
    public static final String DEFAULT_ZNODE_PARENT = "/hbase";
    /** Default of {@code namespace}, as the key takes it. */
    public static final String DEFAULT_NAMESPACE = "shortcode";
    /** Default of {@code linksTable}, as the key takes it. */
    public static final String DEFAULT_LINKS_TABLE = "links";
    /** Default of {@code countsTable}, as the key takes it. */
    public static final String DEFAULT_COUNTS_TABLE = "counts";
    /** Default of {@code watermarksTable}, as the key takes it. */
    public static final String DEFAULT_WATERMARKS_TABLE = "watermarks";
    /** Default of {@code keysTable}, as the key takes it. */
    public static final String DEFAULT_KEYS_TABLE = "keys";
    /** Default of {@code clicksTable}, as the key takes it. */
    public static final String DEFAULT_CLICKS_TABLE = "clicks";
    /** Default of {@code preSplitRegions}, as the key takes it. */
    public static final String DEFAULT_PRE_SPLIT_REGIONS = "16";
    /** Default of {@code indexBuckets}, as the key takes it: one owner's creates spread over 16 regions. */
    public static final String DEFAULT_INDEX_BUCKETS = "16";
    /** Default of {@code compression}, as the key takes it. */
    public static final String DEFAULT_COMPRESSION = "GZ";
    /** Default of {@code createTables}, as the key takes it. */
    public static final String DEFAULT_CREATE_TABLES = "true";
    /** Default of {@code writeBatchSize}, as the key takes it. */
    public static final String DEFAULT_WRITE_BATCH_SIZE = "1000";
    /** Default of {@code flushInterval}, as the key takes it. */
    public static final String DEFAULT_FLUSH_INTERVAL = "PT0.01S";
    /** Default of {@code operationTimeout}, as the key takes it. */
    public static final String DEFAULT_OPERATION_TIMEOUT = "PT10S";
    /** Default of {@code rpcTimeout}, as the key takes it. */
    public static final String DEFAULT_RPC_TIMEOUT = "PT3S";

    /** Compressions the archive accepts; the first two need nothing beyond the JVM. */
    static final List<String> COMPRESSIONS = List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");

    /** One salt byte spreads rows over at most 256 distinct prefixes. */
    static final int MAX_REGIONS = 256;

    private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?:[0-9]{1,5}");
    /** HBase's own rule for namespace and table qualifiers, without the dot-separated forms. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

    public HBaseArchiveOptions {
        validateQuorum(zookeeperQuorum);
        if (znodeParent == null || !znodeParent.startsWith("/") || znodeParent.length() < 2) {
            throw new ConfigException(PREFIX + "zookeeper-znode-parent", znodeParent + " must be an absolute znode path such as /hbase");
        }
        requireName(namespace, "namespace");
        requireName(linksTable, "tables.links");
        requireName(countsTable, "tables.counts");
        requireName(watermarksTable, "tables.watermarks");
        requireName(keysTable, "tables.keys");
        requireName(clicksTable, "tables.clicks");
        requireDistinctTables(linksTable, countsTable, watermarksTable, keysTable, clicksTable);
        if (preSplitRegions < 1 || preSplitRegions > MAX_REGIONS) {
            throw new ConfigException(PREFIX + "pre-split-regions", preSplitRegions + " is outside 1.." + MAX_REGIONS);
        }
        if (indexBuckets < 1 || indexBuckets > MAX_REGIONS) {
            throw new ConfigException(PREFIX + "index.salt-buckets", indexBuckets + " is outside 1.." + MAX_REGIONS);
        }
        if (compression == null || !COMPRESSIONS.contains(compression.toUpperCase(Locale.ROOT))) {
            throw new ConfigException(PREFIX + "compression", compression + " is not one of " + COMPRESSIONS);
        }
        compression = compression.toUpperCase(Locale.ROOT);
        if (writeBatchSize < 1 || writeBatchSize > 100_000) {
            throw new ConfigException(PREFIX + "write.batch-size", writeBatchSize + " is outside 1..100000");
        }
        requirePositive(flushInterval, "write.flush-interval");
        requirePositive(operationTimeout, "operation-timeout");
        requirePositive(rpcTimeout, "rpc-timeout");
        if (rpcTimeout.compareTo(operationTimeout) > 0) {
            throw new ConfigException(PREFIX + "rpc-timeout", rpcTimeout + " must not exceed operation-timeout " + operationTimeout);
        }
    }

    /** {@code namespace:table} of the links table. */
    public String linksTableName() {
        return namespace + ":" + linksTable;
    }

    public String countsTableName() {
        return namespace + ":" + countsTable;
    }

    public String watermarksTableName() {
        return namespace + ":" + watermarksTable;
    }

    public String keysTableName() {
        return namespace + ":" + keysTable;
    }

    public String clicksTableName() {
        return namespace + ":" + clicksTable;
    }

    private static void validateQuorum(String quorum) {
        String key = PREFIX + "zookeeper-quorum";
        if (quorum == null || quorum.isBlank()) {
            throw new ConfigException(key, "missing; the ZooKeeper ensemble of the HBase cluster as host:port[,host:port...]");
        }
        for (String server : quorum.split(",", -1)) {
            if (!HOST_PORT.matcher(server).matches()) {
                throw new ConfigException(key, "'" + server + "' is not host:port");
            }
            int port = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));
            if (port < 1 || port > 65_535) {
                throw new ConfigException(key, "port " + port + " of '" + server + "' is outside 1..65535");
            }
        }
    }

    /** Names the first table key, in the order links, counts, watermarks, keys, whose table an earlier key already took. */
    private static void requireDistinctTables(String links, String counts, String watermarks, String keys, String clicks) {
        List<String> tables = List.of(links, counts, watermarks, keys, clicks);
        List<String> names = List.of("links", "counts", "watermarks", "keys", "clicks");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < tables.size(); i++) {
            if (!seen.add(tables.get(i))) {
                throw new ConfigException(PREFIX + "tables." + names.get(i), "links, counts, watermarks, keys and clicks need five different tables: "
                        + String.join(", ", tables));
            }
        }
    }

    private static void requireName(String name, String key) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ConfigException(PREFIX + key, name + " is not a valid HBase name (letters, digits, _ . -; not starting with . or -)");
        }
    }

    private static void requirePositive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts from the {@code DEFAULT_*} constants; only the quorum has none. */
    public static final class Builder {
        private String zookeeperQuorum;
        private String znodeParent = DEFAULT_ZNODE_PARENT;
        private String namespace = DEFAULT_NAMESPACE;
        private String linksTable = DEFAULT_LINKS_TABLE;
        private String countsTable = DEFAULT_COUNTS_TABLE;
        private String watermarksTable = DEFAULT_WATERMARKS_TABLE;
        private String keysTable = DEFAULT_KEYS_TABLE;
        private String clicksTable = DEFAULT_CLICKS_TABLE;
        private int preSplitRegions = Integer.parseInt(DEFAULT_PRE_SPLIT_REGIONS);
        private int indexBuckets = Integer.parseInt(DEFAULT_INDEX_BUCKETS);
        private String compression = DEFAULT_COMPRESSION;
        private boolean createTables = Boolean.parseBoolean(DEFAULT_CREATE_TABLES);
        private int writeBatchSize = Integer.parseInt(DEFAULT_WRITE_BATCH_SIZE);
        private Duration flushInterval = Duration.parse(DEFAULT_FLUSH_INTERVAL);
        private Duration operationTimeout = Duration.parse(DEFAULT_OPERATION_TIMEOUT);
        private Duration rpcTimeout = Duration.parse(DEFAULT_RPC_TIMEOUT);

        private Builder() {}

        public Builder zookeeperQuorum(String quorum) {
            this.zookeeperQuorum = quorum;
            return this;
        }

        public Builder znodeParent(String znodeParent) {
            this.znodeParent = znodeParent;
            return this;
        }

        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        public Builder linksTable(String table) {
            this.linksTable = table;
            return this;
        }

        public Builder countsTable(String table) {
            this.countsTable = table;
            return this;
        }

        public Builder watermarksTable(String table) {
            this.watermarksTable = table;
            return this;
        }

        public Builder keysTable(String table) {
            this.keysTable = table;
            return this;
        }

        public Builder clicksTable(String table) {
            this.clicksTable = table;
            return this;
        }

        public Builder preSplitRegions(int regions) {
            this.preSplitRegions = regions;
            return this;
        }

        public Builder indexBuckets(int buckets) {
            this.indexBuckets = buckets;
            return this;
        }

        public Builder compression(String compression) {
            this.compression = compression;
            return this;
        }

        public Builder createTables(boolean createTables) {
            this.createTables = createTables;
            return this;
        }

        public Builder writeBatchSize(int size) {
            this.writeBatchSize = size;
            return this;
        }

        public Builder flushInterval(Duration interval) {
            this.flushInterval = interval;
            return this;
        }

        public Builder operationTimeout(Duration timeout) {
            this.operationTimeout = timeout;
            return this;
        }

        public Builder rpcTimeout(Duration timeout) {
            this.rpcTimeout = timeout;
            return this;
        }

        public HBaseArchiveOptions build() {
            return new HBaseArchiveOptions(zookeeperQuorum, znodeParent, namespace, linksTable, countsTable, watermarksTable, keysTable,
                    clicksTable, preSplitRegions, indexBuckets, compression, createTables, writeBatchSize, flushInterval, operationTimeout, rpcTimeout);
        }
    }
}
