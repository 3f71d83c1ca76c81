package dev.shortcode.core.store;

import dev.shortcode.core.config.PoolOptions;
import java.util.List;

/**
 * Measures what the stores hold, for capacity planning: per pool the counter and the live links
 * (with how they were estimated and the error), bytes per link, the stores' totals. One
 * implementation per backend: Redis (hot store and counters), RocksDB (everything embedded),
 * HBase (archive size only); {@link #combine} joins a hot-store footprint with an archive one.
 *
 * <p>{@link #measure} blocks on I/O and is bounded by its {@link SamplingOptions} in commands and
 * time: call it off the request path (the service samples on a thread of its own and caches the
 * result). A store that fails makes {@code measure} throw; a partial answer says so in its notes.
 */
public interface StorageFootprint extends AutoCloseable {

    Footprint measure(List<PoolOptions> pools);

    /** The hot store's and counters' figures from {@code hot}, the archive's from {@code archive}. */
    static StorageFootprint combine(StorageFootprint hot, StorageFootprint archive) {
        return pools -> {
            Footprint h = hot.measure(pools);
            Footprint a = archive.measure(pools);
            List<String> notes = new java.util.ArrayList<>(h.notes());
            notes.addAll(a.notes());
            return new Footprint(h.measuredAt(), h.took().plus(a.took()), h.commands() + a.commands(), h.pools(), h.hot(),
                    a.archive() != null ? a.archive() : h.archive(), notes, h.domains());
        };
    }

    @Override
    default void close() {}
}
