package dev.shortcode.api.capacity;

import dev.shortcode.core.capacity.Collisions;
import dev.shortcode.core.capacity.IssueRates;
import java.time.Instant;
import java.util.List;

/**
 * What {@code GET /api/v1/capacity} answers: one measurement of the stores run through the
 * {@link dev.shortcode.core.capacity.CapacityModel}. Numbers the model cannot give (never wraps,
 * not measured) are null, never NaN or infinity.
 *
 * @param measuredAt when the stores were measured
 * @param storage    {@code embedded} or {@code redis+hbase}
 * @param sampling   what the measurement cost
 */
public record CapacityReport(Instant measuredAt, String storage, Sampling sampling, List<Pool> pools, HotStore hotStore,
        Archive archive, List<Node> nodes, List<String> notes, List<DomainLinks> domains) {

    /** Live links served on one branded domain (those of the default domain are the rest), estimated as the pools' are. */
    public record DomainLinks(String host, Live live) {}

    /**
     * @param tookMillis      how long the measurement took
     * @param commands        store commands it sent
     * @param refreshSeconds  how often it runs
     */
    public record Sampling(long tookMillis, long commands, long refreshSeconds, int sampleSize, long exactBelow) {}

    /**
     * One pool: its configuration, its counter, the measured inputs and the model's forecast.
     *
     * @param idleTtl          ISO-8601, e.g. P10D
     * @param leasedThisEpoch  ids taken from the counter this epoch (issued codes plus ids leased ahead)
     * @param issuedToday      codes issued today (UTC) by every node, from the daily counts
     * @param issuedTotal      codes issued on all recorded days
     * @param issuedPerDay     the last 90 days with issues, oldest first
     */
    public record Pool(String pool, int length, long capacity, String idleTtl, boolean permanent, long epoch, long leasedThisEpoch,
            double usedFraction, long issuedToday, long issuedTotal, IssueRates rates, Double daysToWrap, Double daysToWrapAtTrend,
            Instant wrapsAt, Live live, double liveFraction, double liveFractionAtWrap, double liveFractionAtWrapLowerBound,
            String liveFractionAtWrapBasis, Collisions collisionsNow, Collisions collisionsAfterWrap, Double bytesPerLink,
            Double hotBytes, Verdict verdict, List<Day> issuedPerDay) {}

    /** @param error half-width of the 95 % interval; 0 when counted */
    public record Live(long count, long error, String method) {}

    /** @param level {@code healthy}, {@code watch} or {@code act} */
    public record Verdict(String level, String reason) {
        static Verdict of(dev.shortcode.core.capacity.Verdict v) {
            return new Verdict(v.level().name().toLowerCase(java.util.Locale.ROOT), v.reason());
        }
    }

    public record Day(String day, long count) {}

    /**
     * @param kind          {@code redis} or {@code rocksdb}
     * @param maxBytes      Redis maxmemory (0 = none); for RocksDB used plus the free disk
     * @param steadyBytes   once every pool holds rate × TTL links
     * @param growthPerDay  bytes a day while pools fill up
     * @param daysToFull    null when it never fills (or has no limit)
     */
    public record HotStore(String kind, long usedBytes, long maxBytes, long keys, Double linkBytes, double steadyBytes,
            double growthPerDay, Double daysToFull, Verdict verdict, String method) {}

    /**
     * @param links         archived links, -1 when the store cannot tell
     * @param bytesPerLink  bytes / archived links (or / codes issued when the store cannot count links)
     */
    public record Archive(String kind, long bytes, long links, int regions, long budgetBytes, Double bytesPerLink,
            Double growthPerDay, Double bytesIn1Year, Double daysToBudget, Verdict verdict, String method) {}

    /** This node's allocators: other nodes report their own. */
    public record Node(String node, List<Allocator> allocators) {}

    /**
     * @param leasesPerHour blocks leased per hour since the previous measurement; null on the first
     * @param idsWasted     ids leased but dropped (shutdown, epoch change) since start
     */
    public record Allocator(String pool, long codesIssued, long blocksLeased, Double leasesPerHour, long leaseFailures, long stalls,
            long blockSize, long bufferedIds, long idsWasted, long epoch) {}
}
