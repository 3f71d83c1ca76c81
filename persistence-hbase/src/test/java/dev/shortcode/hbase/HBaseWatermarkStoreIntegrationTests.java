package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HBaseWatermarkStoreIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static HBaseArchiveOptions config;
    /** Two stores on two connections: two nodes of one cluster. */
    private static HBaseStorage nodeA;
    private static HBaseStorage nodeB;
    private static int nextLength = 2;

    @BeforeAll
    static void open() {
        config = CLUSTER.archiveConfig().build();
        nodeA = HBaseStorage.open(config);
        nodeB = HBaseStorage.open(config);
    }

    @AfterAll
    static void close() {
        nodeA.close();
        nodeB.close();
    }

    /** Each test works on a code length of its own. */
    private static synchronized int freshLength() {
        return nextLength++;
    }

    /** Reserved codes live beside the mark of their length: another node lists them, the mark is untouched, a reader polls for new ones. */
    @Test
    void reservedCodes_addedOnOneNode_areListedOnAnother_byLength_andSinceATime() throws Exception {
        int length = freshLength();
        int other = freshLength();
        nodeA.watermarks().advance(length, new Watermark(0, 5_000));
        nodeA.watermarks().reservedCodes().add(length, "promo");
        nodeA.watermarks().reservedCodes().add(length, "promo"); // again: no change
        nodeB.watermarks().reservedCodes().add(other, "launch");
        long between = System.currentTimeMillis();
        Thread.sleep(5);
        nodeB.watermarks().reservedCodes().add(length, "Sale1");

        assertThat(nodeB.watermarks().reservedCodes().all(length)).containsExactlyInAnyOrder("promo", "Sale1");
        assertThat(nodeA.watermarks().reservedCodes().all(other)).containsExactly("launch");
        assertThat(nodeA.watermarks().reservedCodes().addedSince(length, between)).containsExactly("Sale1");
        assertThat(nodeA.watermarks().read(length)).contains(new Watermark(0, 5_000));
        assertThat(nodeA.watermarks().reservedCodes().all(freshLength())).isEmpty();
    }

    @Test
    void read_ofALengthNeverAdvanced_isEmpty() {
        assertThat(nodeA.watermarks().read(freshLength())).isEmpty();
    }

    @Test
    void advance_higher_raises_andAnotherNodeReadsIt() {
        int length = freshLength();
        nodeA.watermarks().advance(length, new Watermark(0, 10_000));
        nodeA.watermarks().advance(length, new Watermark(0, 20_000));
        assertThat(nodeB.watermarks().read(length)).contains(new Watermark(0, 20_000));
    }

    @Test
    void advance_lower_fromAnotherNode_leavesTheHigherMark() {
        int length = freshLength();
        nodeA.watermarks().advance(length, new Watermark(0, 50_000));
        nodeB.watermarks().advance(length, new Watermark(0, 40_000));
        nodeB.watermarks().advance(length, new Watermark(0, 50_000));
        assertThat(nodeB.watermarks().read(length)).contains(new Watermark(0, 50_000));
    }

    @Test
    void advance_higherEpochWithLowerId_winsOverHigherIdOfTheOldEpoch() {
        int length = freshLength();
        nodeA.watermarks().advance(length, new Watermark(0, 916_000_000));
        nodeB.watermarks().advance(length, new Watermark(1, 10_000));
        nodeA.watermarks().advance(length, new Watermark(0, 916_132_000));
        assertThat(nodeA.watermarks().read(length)).contains(new Watermark(1, 10_000));
    }

    @Test
    void advance_afterTheRowWasDeleted_recreatesIt() throws Exception {
        int length = freshLength();
        nodeA.watermarks().advance(length, new Watermark(0, 100));
        try (var connection = org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
                var table = connection.getTable(org.apache.hadoop.hbase.TableName.valueOf(config.watermarksTableName()))) {
            table.delete(new org.apache.hadoop.hbase.client.Delete(HBaseWatermarkStore.row(length)));
        }
        nodeA.watermarks().advance(length, new Watermark(0, 200));
        assertThat(nodeB.watermarks().read(length)).contains(new Watermark(0, 200));
    }

    @Test
    void advance_fromManyThreadsOnTwoNodes_endsAtTheMaximum_andNeverGoesDown() throws Exception {
        int length = freshLength();
        int writers = 8;
        int marksPerWriter = 60;
        List<Watermark> all = Collections.synchronizedList(new ArrayList<>());
        ExecutorService threads = Executors.newFixedThreadPool(writers + 1);
        AtomicBoolean writing = new AtomicBoolean(true);
        CountDownLatch start = new CountDownLatch(1);
        try {
            // A reader on its own connection: every mark it sees is at least the previous one.
            HBaseStorage observer = HBaseStorage.open(config);
            Future<Integer> reads = threads.submit(() -> {
                try (observer) {
                    Watermark last = Watermark.ZERO;
                    int count = 0;
                    start.await();
                    while (writing.get()) {
                        Optional<Watermark> seen = observer.watermarks().read(length);
                        if (seen.isPresent()) {
                            assertThat(seen.get()).as("mark went down").isGreaterThanOrEqualTo(last);
                            last = seen.get();
                            count++;
                        }
                    }
                    return count;
                }
            });
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                HBaseWatermarkStore store = (w % 2 == 0 ? nodeA : nodeB).watermarks();
                done.add(threads.submit(() -> {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    start.await();
                    for (int i = 0; i < marksPerWriter; i++) {
                        // Out of order on purpose: epochs 0..2, ids anywhere below a million.
                        Watermark mark = new Watermark(random.nextInt(3), random.nextLong(1_000_000));
                        all.add(mark);
                        store.advance(length, mark);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            writing.set(false);
            assertThat(reads.get()).isPositive();
        } finally {
            writing.set(false);
            threads.shutdownNow();
        }
        Watermark max = all.stream().reduce(Watermark.ZERO, Watermark::max);
        assertThat(all).hasSize(writers * marksPerWriter);
        assertThat(nodeA.watermarks().read(length)).contains(max);
        assertThat(nodeB.watermarks().read(length)).contains(max);
    }
}
