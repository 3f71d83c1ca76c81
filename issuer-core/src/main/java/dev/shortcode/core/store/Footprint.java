package dev.shortcode.core.store;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One measurement of the stores.
 *
 * @param measuredAt when it started
 * @param took       how long it took
 * @param commands   store commands it sent (Redis commands, RocksDB reads, HBase RPCs): its load
 * @param pools      per pool name
 * @param hot        the hot store's totals; null when this footprint does not cover it
 * @param archive    the archive's totals; null when this footprint does not cover it
 * @param notes      what was cut short or could not be measured, for people
 */
public record Footprint(Instant measuredAt, Duration took, long commands, Map<String, PoolFootprint> pools, HotFootprint hot,
        ArchiveFootprint archive, List<String> notes) {

    public Footprint {
        pools = Map.copyOf(pools);
        notes = List.copyOf(notes);
    }
}
