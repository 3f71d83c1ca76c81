package dev.shortcode.api.config;

import dev.shortcode.hbase.HBaseArchiveOptions;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.hbase.*} (see persistence-hbase's HBaseArchiveOptions). */
public interface HBaseConfig {

    /** {@code host:port[,host:port...]} of the cluster's ZooKeeper; required with Redis. */
    Optional<String> zookeeperQuorum();

    /** The cluster's root znode ({@code zookeeper.znode.parent}). */
    @WithDefault(HBaseArchiveOptions.DEFAULT_ZNODE_PARENT)
    String zookeeperZnodeParent();

    /** Namespace of the four tables. */
    @WithDefault(HBaseArchiveOptions.DEFAULT_NAMESPACE)
    String namespace();

    Tables tables();

    /** Regions the links table starts with, 1..256; only when it is created. */
    @WithDefault(HBaseArchiveOptions.DEFAULT_PRE_SPLIT_REGIONS)
    int preSplitRegions();

    Index index();

    /** Block compression of new tables: NONE, GZ, SNAPPY, LZ4 or ZSTD (the last three need codecs on the region servers). */
    @WithDefault(HBaseArchiveOptions.DEFAULT_COMPRESSION)
    String compression();

    /** Create the namespace and missing tables at start; off where DDL is reserved to operators. */
    @WithDefault(HBaseArchiveOptions.DEFAULT_CREATE_TABLES)
    @WithConverter(StrictBooleanConverter.class)
    boolean createTables();

    Write write();

    /** Longest one archive operation may take, retries included. */
    @WithDefault(HBaseArchiveOptions.DEFAULT_OPERATION_TIMEOUT)
    Duration operationTimeout();

    /** Longest one RPC may take before it is retried; at most operation-timeout. */
    @WithDefault(HBaseArchiveOptions.DEFAULT_RPC_TIMEOUT)
    Duration rpcTimeout();

    interface Index {

        /**
         * Salt buckets of the link index, 1..256: an owner's index rows spread over this many
         * regions (each bucket one scan in a listing). Fixed for the life of the table.
         */
        @WithDefault(HBaseArchiveOptions.DEFAULT_INDEX_BUCKETS)
        int saltBuckets();
    }

    interface Tables {

        /** Code to link record. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_LINKS_TABLE)
        String links();

        /** Codes issued per pool per day. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_COUNTS_TABLE)
        String counts();

        /** Durable issued watermark per code length. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_WATERMARKS_TABLE)
        String watermarks();

        /** API keys. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_KEYS_TABLE)
        String keys();

        /** Click counts per link and owner, by hour, day and month. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_CLICKS_TABLE)
        String clicks();
    }

    interface Write {

        /** Mutations per write RPC batch, 1..100000. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_WRITE_BATCH_SIZE)
        int batchSize();

        /** Longest a mutation waits in the write buffer when traffic is light. */
        @WithDefault(HBaseArchiveOptions.DEFAULT_FLUSH_INTERVAL)
        Duration flushInterval();
    }
}
