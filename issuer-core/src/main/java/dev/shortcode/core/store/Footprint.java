package dev.shortcode.core.store;

import dev.shortcode.core.capacity.LiveLinks;
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
 * @param domains    live links served on each branded domain (by host), estimated like the pools' from the records read;
 *                   empty when none or not measured (the links of the default domain are the rest)
 */
public record Footprint(Instant measuredAt, Duration took, long commands, Map<String, PoolFootprint> pools, HotFootprint hot,
        ArchiveFootprint archive, List<String> notes, Map<String, LiveLinks> domains) {

    public Footprint {
        pools = Map.copyOf(pools);
        notes = List.copyOf(notes);
        domains = Map.copyOf(domains);
    }

    /** A footprint that does not look at domains (the archive's). */
    public Footprint(Instant measuredAt, Duration took, long commands, Map<String, PoolFootprint> pools, HotFootprint hot,
            ArchiveFootprint archive, List<String> notes) {
        this(measuredAt, took, commands, pools, hot, archive, notes, Map.of());
    }
}
