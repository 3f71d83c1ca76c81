package dev.shortcode.core.capacity;

import java.util.List;

/**
 * The hot store's measured totals and the pools that fill it.
 *
 * @param kind      {@code redis} or {@code rocksdb}
 * @param usedBytes what it holds now (Redis {@code used_memory}; RocksDB links files and memtables)
 * @param maxBytes  its limit (Redis {@code maxmemory}; the disk for RocksDB), 0 when none is set
 */
public record HotStoreInputs(String kind, long usedBytes, long maxBytes, List<PoolLoad> pools) {

    public HotStoreInputs {
        pools = List.copyOf(pools);
    }
}
