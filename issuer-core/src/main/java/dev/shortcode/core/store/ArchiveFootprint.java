package dev.shortcode.core.store;

/**
 * The archive's totals.
 *
 * @param kind    {@code hbase} or {@code rocksdb}
 * @param bytes   its size on disk (before HDFS replication)
 * @param links   archived links, -1 when the store cannot tell cheaply
 * @param regions HBase regions of the links table (1 for RocksDB)
 * @param bytesPerLink bytes of one archived link when the store can tell better than bytes / links
 *                (RocksDB: a young archive is mostly memtable arena), {@code NaN} otherwise
 * @param method  where the figures come from and their resolution, for people
 */
public record ArchiveFootprint(String kind, long bytes, long links, int regions, double bytesPerLink, String method) {}
