package dev.shortcode.hbase;

import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.store.ArchiveFootprint;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.StorageFootprint;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;

/**
 * The archive's size from HBase itself: the {@link RegionMetrics} of every region of the links
 * table, asked of each region server through the Admin API (one RPC per server, answered from the
 * server's own figures, so they are current). Store files plus memstores, before HDFS
 * replication. HBase reports these sizes in whole megabytes per region, rounded down: a young
 * archive reads 0 until a region passes 1 MB, and the total may be short by up to 1 MB per region.
 * The number of links is not known cheaply here (-1): the service divides by the codes issued.
 */
final class HBaseArchiveFootprint implements StorageFootprint {

    private final AsyncConnection connection;
    private final TableName links;
    private final Duration timeout;
    private final Clock clock;

    HBaseArchiveFootprint(AsyncConnection connection, TableName links, Duration timeout, Clock clock) {
        this.connection = connection;
        this.links = links;
        this.timeout = timeout;
        this.clock = clock;
    }

    @Override
    public Footprint measure(List<PoolOptions> pools) {
        Instant started = clock.instant();
        long began = System.nanoTime();
        Collection<ServerName> servers = Futures.await(connection.getAdmin().getRegionServers(), timeout, "list region servers");
        long bytes = 0;
        int regions = 0;
        for (ServerName server : servers) {
            List<RegionMetrics> metrics = Futures.await(connection.getAdmin().getRegionMetrics(server, links), timeout,
                    "region metrics of " + links + " on " + server);
            for (RegionMetrics m : metrics) {
                bytes += (long) (m.getStoreFileSize().get(Size.Unit.BYTE) + m.getMemStoreSize().get(Size.Unit.BYTE));
                regions++;
            }
        }
        ArchiveFootprint archive = new ArchiveFootprint("hbase", bytes, -1, regions, Double.NaN, "RegionMetrics of " + links.getNameAsString()
                + " on " + servers.size() + " region server(s): store files + memstores, in whole MB per region (rounded down by HBase), before HDFS replication");
        return new Footprint(started, Duration.ofNanos(System.nanoTime() - began), 1L + servers.size(), Map.of(), null, archive,
                List.of());
    }
}
