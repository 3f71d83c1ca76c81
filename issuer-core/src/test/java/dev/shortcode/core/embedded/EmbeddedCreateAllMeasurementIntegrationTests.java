package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.time.MutableClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU per link of {@link EmbeddedHotStore#createAll} in groups of a thousand (the batch API's
 * largest), printed per slice of the run so a cost that grows with the database shows: the
 * writer thread's CPU (the one thread every create goes through, so it bounds throughput),
 * the whole process's (with RocksDB's flushes and compactions), and the cost of checking codes
 * nobody holds (what every create does first); then RocksDB's compaction statistics of the links
 * family (bytes written and moved by level). Real permuted 7-character codes, campaign-like
 * URLs of ~110 bytes; the groups are written back to back from one thread.
 *
 * <pre>mvn -B -o verify -pl issuer-core -am -Dit.test=EmbeddedCreateAllMeasurementIntegrationTests \
 *     -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dembedded.createall.links=2000000</pre>
 *
 * The default build creates 100,000 links (a few seconds). With whole-file filters in the block
 * cache, the free-code check cost 100-200 us of CPU once the database held ~1.3 million links
 * (filters thrashing the cache), with partitioned ones the writer's cost grew with the database;
 * with filters held by the table readers both stay flat.
 */
class EmbeddedCreateAllMeasurementIntegrationTests {

    private static final int LINKS = Integer.getInteger("embedded.createall.links", 100_000);
    private static final int GROUP = 1_000;
    private static final int SLICES = 5;
    private static final long TTL_SECONDS = 30L * 86_400;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private static final byte[] SECRET = "measurement-secret-0123456789".getBytes(StandardCharsets.UTF_8);

    private final CodeCodec codec = new CodeCodec(CodeSpace.ofLength(7), 0, SECRET);
    private final SplittableRandom random = new SplittableRandom(7);
    private long nextId;

    private LinkRecord nextLink() {
        long id = nextId++;
        String url = "https://shop.example.com/campaigns/2026/spring/item-" + random.nextInt(1_000_000)
                + "?utm_source=sms&utm_medium=push&uid=" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
        return new LinkRecord(codec.encode(id), url, "long", TTL_SECONDS, true, clock.millis(), "key-" + (id % 16), 1);
    }

    @Test
    void createAll_groupsOfAThousand_cpuPerLinkPrintedPerSlice() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean process =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<String> rows = new ArrayList<>();
        try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir), SECRET)) {
            EmbeddedHotStore store = new EmbeddedHotStore(storage, clock);
            long writerId = writerThreadId();
            int perSlice = Math.max(GROUP, LINKS / SLICES / GROUP * GROUP);
            long created = 0;
            while (created < LINKS) {
                long writer0 = threads.getThreadCpuTime(writerId);
                long process0 = process.getProcessCpuTime();
                long wall0 = System.nanoTime();
                for (int done = 0; done < perSlice; done += GROUP) {
                    List<LinkRecord> group = new ArrayList<>(GROUP);
                    for (int i = 0; i < GROUP; i++) {
                        group.add(nextLink());
                    }
                    List<Boolean> answers = store.createAll(group).toCompletableFuture().join();
                    assertThat(answers).hasSize(GROUP).containsOnly(true);
                }
                long wall = System.nanoTime() - wall0;
                long writer = threads.getThreadCpuTime(writerId) - writer0;
                long processCpu = process.getProcessCpuTime() - process0;
                created += perSlice;
                rows.add(String.format(Locale.ROOT, "%,10d links | %8.0f links/s | writer %5.2f us/link | process %5.2f us/link | free-code check %6.2f us",
                        created, perSlice / (wall / 1e9), writer / 1e3 / perSlice, processCpu / 1e3 / perSlice, freeCodeCheckMicros(storage)));
            }
            // RocksDB's own account of the links family: what flushes and compactions wrote and moved, by level
            rows.add(storage.call(db -> db.getProperty(storage.links(), "rocksdb.cfstats-no-file-histogram")));
        }
        System.out.println("EmbeddedHotStore.createAll, groups of " + GROUP + ", CPU per link by slice of the run:");
        rows.forEach(System.out::println);
    }

    /** CPU per point read of a code nobody holds, on this thread, averaged over a thousand. */
    private double freeCodeCheckMicros(EmbeddedDatabase storage) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        int n = 1_000;
        for (int i = 0; i < n; i++) {
            byte[] key = storage.linkKeys().keyOf(codec.encode(nextId + 1_000_000 + random.nextInt(1_000_000_000)));
            byte[] value = storage.call(db -> db.get(storage.links(), key));
            assertThat(value).isNull();
        }
        return (threads.getCurrentThreadCpuTime() - start) / 1e3 / n;
    }

    /** The newest writer thread: this test's (a storage left open by another test would have an older one). */
    private static long writerThreadId() {
        long id = -1;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("shortcode-embedded-writer")) {
                id = Math.max(id, t.getId());
            }
        }
        assertThat(id).as("the embedded writer thread").isNotNegative();
        return id;
    }
}
