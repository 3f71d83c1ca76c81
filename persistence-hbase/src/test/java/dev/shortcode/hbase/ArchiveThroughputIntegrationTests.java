package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.junit.jupiter.api.Test;

/**
 * Archive write rate into the mini cluster, the way the outbox archivers write: batches of
 * {@code shortcode.bench.batch} (500) links, {@code shortcode.bench.writers} (4) batches in flight.
 * Prints rows/s; asserts that every row arrived. A small run by default; a longer one:
 * <pre>mvn -B -o verify -pl persistence-hbase -am -Dit.test=ArchiveThroughputIntegrationTests -Dtest=none \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dshortcode.bench.rows=400000</pre>
 */
class ArchiveThroughputIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();

    @Test
    void write_batchesFromConcurrentWriters_storesEveryRow_andReportsTheRate() throws Exception {
        int rows = Integer.getInteger("shortcode.bench.rows", 40_000);
        int batchSize = Integer.getInteger("shortcode.bench.batch", 500);
        int writers = Integer.getInteger("shortcode.bench.writers", 4);
        HBaseArchiveOptions config = CLUSTER.archiveConfig().preSplitRegions(8).build();
        List<List<ArchiveMutation>> batches = new ArrayList<>();
        for (int done = 0; done < rows; done += batchSize) {
            List<ArchiveMutation> batch = new ArrayList<>(batchSize);
            for (int i = 0; i < Math.min(batchSize, rows - done); i++) {
                LinkRecord link = TestLinks.link();
                batch.add(TestLinks.put(new LinkRecord(link.code(), "https://shop.example.com/campaign/2025/spring?utm_source=sms&id="
                        + link.code(), "long", link.ttlSeconds(), true, link.createdAtMillis(), "key-bench", 1)));
            }
            batches.add(batch);
        }
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            HBaseArchive archive = storage.archive();
            // Warm-up: region locations cached, JIT past the interpreter.
            TestLinks.await(archive.write(batches.get(0)));

            Semaphore inFlight = new Semaphore(writers);
            List<CompletableFuture<Void>> writes = new ArrayList<>();
            long started = System.nanoTime();
            for (List<ArchiveMutation> batch : batches.subList(1, batches.size())) {
                inFlight.acquire();
                CompletableFuture<Void> write = archive.write(batch).toCompletableFuture();
                write.whenComplete((ok, error) -> inFlight.release());
                writes.add(write);
            }
            CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
            long nanos = System.nanoTime() - started;
            int measured = rows - batches.get(0).size();
            double perSecond = measured / (nanos / 1e9);
            System.out.printf("ARCHIVE WRITE: %,d rows in %.2f s = %,.0f rows/s (batch %d, %d writers, mini cluster, %d regions)%n",
                    measured, nanos / 1e9, perSecond, batchSize, writers, config.preSplitRegions());
            assertThat(perSecond).isPositive();
        }
        assertThat(countRows(config.linksTableName())).isEqualTo(rows);
    }

    private static long countRows(String table) throws Exception {
        try (Connection connection = ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
                Table t = connection.getTable(TableName.valueOf(table));
                ResultScanner scanner = t.getScanner(new Scan().addFamily(LinkCells.FAMILY).setFilter(new FirstKeyOnlyFilter()).setCaching(5_000))) {
            long count = 0;
            for (Result ignored : scanner) {
                count++;
            }
            return count;
        }
    }
}
