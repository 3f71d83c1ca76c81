package dev.shortcode.core.store;

/**
 * The hot store's totals.
 *
 * @param kind      {@code redis} or {@code rocksdb}
 * @param usedBytes Redis {@code used_memory} summed over masters; RocksDB files and memtables of the links
 * @param maxBytes  Redis {@code maxmemory} summed over masters (0 when any master has none); RocksDB: used plus the disk's free space
 * @param keys      keys of every kind it holds (links, counters, outbox, idempotency keys)
 * @param method    where the figures come from, for people
 */
public record HotFootprint(String kind, long usedBytes, long maxBytes, long keys, String method) {}
