package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.hbase.*} (see persistence-hbase's HBaseArchiveOptions). */
public interface HBaseConfig {

    /** {@code host:port[,host:port...]} of the cluster's ZooKeeper; required with Redis. */
    Optional<String> zookeeperQuorum();

    /** The cluster's root znode ({@code zookeeper.znode.parent}). */
    @WithDefault("/hbase")
    String zookeeperZnodeParent();

    /** Namespace of the four tables. */
    @WithDefault("shortcode")
    String namespace();

    Tables tables();

    /** Regions the links table starts with, 1..256; only when it is created. */
    @WithDefault("16")
    int preSplitRegions();

    /** Block compression of new tables: NONE, GZ, SNAPPY, LZ4 or ZSTD (the last three need codecs on the region servers). */
    @WithDefault("GZ")
    String compression();

    /** Create the namespace and missing tables at start; off where DDL is reserved to operators. */
    @WithDefault("true")
    @WithConverter(StrictBooleanConverter.class)
    boolean createTables();

    Write write();

    /** Longest one archive operation may take, retries included. */
    @WithDefault("PT10S")
    Duration operationTimeout();

    /** Longest one RPC may take before it is retried; at most operation-timeout. */
    @WithDefault("PT3S")
    Duration rpcTimeout();

    interface Tables {

        /** Code to link record. */
        @WithDefault("links")
        String links();

        /** Codes issued per pool per day. */
        @WithDefault("counts")
        String counts();

        /** Durable issued watermark per code length. */
        @WithDefault("watermarks")
        String watermarks();

        /** API keys. */
        @WithDefault("keys")
        String keys();

        /** Click counts per link and owner, by hour, day and month. */
        @WithDefault("clicks")
        String clicks();
    }

    interface Write {

        /** Mutations per write RPC batch, 1..100000. */
        @WithDefault("1000")
        int batchSize();

        /** Longest a mutation waits in the write buffer when traffic is light. */
        @WithDefault("PT0.01S")
        Duration flushInterval();
    }
}
