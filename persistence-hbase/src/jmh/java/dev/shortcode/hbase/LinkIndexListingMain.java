package dev.shortcode.hbase;

import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;

/**
 * What the HBase link index costs: the region server's CPU per created link with and without the
 * index rows, and how long the first page of one owner's listing takes with a million of that
 * owner's links among millions of others'.
 *
 * <ol>
 *   <li>Write cost: rounds of untagged creates alternately as the archive writes them (link cell
 *       and time row, one batch) and as link cells alone (what the archive wrote before the index),
 *       the server's CPU time per link read from {@code /proc/<pid>/stat} of the mini cluster's process.
 *   <li>Load: {@code ownerLinks} links of one owner (one in ten tagged {@code spring}, one in three
 *       {@code mail}, one in a hundred titled "clearance") interleaved with {@code otherLinks} of a
 *       thousand other owners, three links a millisecond, through {@link HBaseArchive#write} in
 *       batches of 1,000, four in flight; then the table is flushed.
 *   <li>Listings, one at a time, each query warmed up and then timed {@code rounds} times: the
 *       first page of 100, with the tag, with two tags, a page from the middle (after about the
 *       500,000th newest link), and {@code q}-like words matching one link in a hundred (budget 10,000).
 * </ol>
 *
 * <pre>
 * mvn -B -q -Pjmh -pl persistence-hbase -am package -DskipTests
 * CP="persistence-hbase/target/test-classes:persistence-hbase/target/classes:$(cat persistence-hbase/target/hbase-minicluster.classpath)"
 * sleep infinity | java -Xmx3g -cp "$CP" dev.shortcode.hbase.testing.HBaseMiniClusterMain &   # READY zk=...
 * java -Xmx1g -cp "$CP" dev.shortcode.hbase.LinkIndexListingMain ZK SERVER_PID [ownerLinks] [otherLinks] [rounds] [namespace to list again]
 * </pre>
 */
public final class LinkIndexListingMain {

    private static final String OWNER = "key-big";
    private static final int BATCH = 1_000;
    private static final long LOAD_CLOCK = 1_780_000_000_000L;

    private LinkIndexListingMain() {}

    public static void main(String[] args) throws Exception {
        String zk = args[0];
        long serverPid = Long.parseLong(args[1]);
        int ownerLinks = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        int otherLinks = args.length > 3 ? Integer.parseInt(args[3]) : 2_000_000;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 200;
        // a sixth argument names the namespace of an earlier run to list again, without writing
        String reuse = args.length > 5 ? args[5] : null;
        HBaseArchiveOptions config = HBaseArchiveOptions.builder().zookeeperQuorum(zk).namespace(reuse != null ? reuse : "bench" + System.currentTimeMillis())
                .writeBatchSize(BATCH)
                // the box is shared: generous timeouts so that a slow flush fails nothing
                .operationTimeout(java.time.Duration.ofSeconds(120)).rpcTimeout(java.time.Duration.ofSeconds(60)).build();
        System.out.printf("index buckets %d, links table pre-split into %d, compression %s%n", config.indexBuckets(),
                config.preSplitRegions(), config.compression());
        try (HBaseStorage storage = HBaseStorage.open(config);
                AsyncConnection connection = ConnectionFactory.createAsyncConnection(HBaseStorage.clientConfiguration(config)).get()) {
            TableName table = TableName.valueOf(config.linksTableName());
            if (reuse == null) {
                writeCost(storage.archive(), connection.getTable(table), serverPid);
                long loading = System.nanoTime();
                load(storage.archive(), ownerLinks, otherLinks);
                System.out.printf("loaded %,d + %,d links in %.0f s%n", ownerLinks, otherLinks, (System.nanoTime() - loading) / 1e9);
            }
            connection.getAdmin().flush(table).get(10, TimeUnit.MINUTES);
            // the flushes' compactions would otherwise be measured with the listings
            for (int i = 0; i < 180 && connection.getAdmin().getCompactionState(table).get() != CompactionState.NONE; i++) {
                Thread.sleep(1_000);
            }
            System.out.printf("namespace %s, %s%n", config.namespace(), connection.getAdmin().getCompactionState(table).get());
            // the middle of the load: about the owner's 500,000th newest link of a million
            Position deep = new Position(LOAD_CLOCK + (ownerLinks + otherLinks) / 6, "");
            LinkIndex index = storage.linkIndex();
            time(index, rounds, "first page of 100", q -> q);
            time(index, rounds, "first page of 100, tag spring (1 in 10)", q -> with(q, List.of("spring"), List.of(), null, 1_000));
            time(index, rounds, "first page of 100, tags spring+mail (1 in 30)", q -> with(q, List.of("spring", "mail"), List.of(), null, 1_000));
            time(index, rounds, "page of 100 from the middle (~500,000th newest)", q -> with(q, List.of(), List.of(), deep, 1_000));
            time(index, Math.max(5, rounds / 10), "first page of 100, words 'clearance' (1 in 100, budget 10,000)",
                    q -> with(q, List.of(), List.of("clearance"), null, 10_000));
        }
    }

    private static LinkQuery with(LinkQuery q, List<String> tags, List<String> words, Position after, int budget) {
        return new LinkQuery(q.owner(), tags, null, null, words, null, null, null, after, q.limit(), budget);
    }

    private static void time(LinkIndex index, int rounds, String what, Function<LinkQuery, LinkQuery> query) throws Exception {
        LinkQuery q = query.apply(new LinkQuery(OWNER, List.of(), null, null, List.of(), null, null, null, null, 100, 1_000));
        int warmUp = Math.max(5, rounds / 4);
        long[] nanos = new long[rounds];
        int found = 0;
        for (int i = -warmUp; i < rounds; i++) {
            long began = System.nanoTime();
            LinkPage page = index.find(q).toCompletableFuture().get(60, TimeUnit.SECONDS);
            long took = System.nanoTime() - began;
            if (i >= 0) {
                nanos[i] = took;
                found = page.links().size();
            }
        }
        Arrays.sort(nanos);
        System.out.printf("%-62s %3d links  p50 %6.1f ms  p90 %6.1f ms  p99 %6.1f ms  max %6.1f ms  (%d runs)%n", what, found,
                nanos[rounds / 2] / 1e6, nanos[(int) (rounds * 0.9)] / 1e6, nanos[Math.min(rounds - 1, (int) Math.ceil(rounds * 0.99) - 1)] / 1e6,
                nanos[rounds - 1] / 1e6, rounds);
    }

    /** Loads the links, three a millisecond from {@link #LOAD_CLOCK} on. */
    private static void load(HBaseArchive archive, int ownerLinks, int otherLinks) throws Exception {
        Random random = new Random(1);
        long clock = LOAD_CLOCK;
        int total = ownerLinks + otherLinks;
        int ownerEvery = Math.max(1, total / Math.max(1, ownerLinks));
        int owned = 0;
        int others = 0;
        Semaphore inFlight = new Semaphore(4);
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        List<ArchiveMutation> batch = new ArrayList<>(BATCH);
        for (int i = 0; i < total; i++) {
            long createdAt = clock + i / 3;
            boolean mine = owned < ownerLinks && (i % ownerEvery == 0 || others >= otherLinks);
            String code = TestLinks.code();
            LinkRecord link;
            if (mine) {
                List<String> tags = new ArrayList<>(2);
                if (owned % 10 == 0) {
                    tags.add("spring");
                }
                if (owned % 3 == 0) {
                    tags.add("mail");
                }
                String title = owned % 100 == 0 ? "Clearance " + owned : "Item " + owned;
                link = new LinkRecord(code, "https://shop.example.com/campaign/2026/item?id=" + owned, "long", 2_592_000, true, createdAt,
                        OWNER, 1, LinkTargets.NONE, new LinkMeta(title, tags, null));
                owned++;
            } else {
                link = new LinkRecord(code, "https://shop.example.com/campaign/2026/other?id=" + i, "long", 2_592_000, true, createdAt,
                        "key-other-" + random.nextInt(1_000), 1);
                others++;
            }
            batch.add(new ArchiveMutation.Put(link));
            if (batch.size() == BATCH || i == total - 1) {
                inFlight.acquire();
                CompletableFuture<Void> write = archive.write(batch).toCompletableFuture();
                write.whenComplete((ok, error) -> inFlight.release());
                writes.add(write);
                batch = new ArrayList<>(BATCH);
            }
            if ((i + 1) % 500_000 == 0) {
                System.out.printf("  %,d links written%n", i + 1);
            }
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(30, TimeUnit.MINUTES);
    }

    /** Server CPU per create: the archive's write (link and time row) against link cells alone. */
    private static void writeCost(HBaseArchive archive, AsyncTable<?> table, long serverPid) throws Exception {
        long clock = 1_770_000_000_000L;
        int links = 200_000;
        for (int round = 0; round < 4; round++) {
            for (boolean indexed : new boolean[] {true, false}) {
                long cpu = serverCpuNanos(serverPid);
                long began = System.nanoTime();
                Semaphore inFlight = new Semaphore(4);
                List<CompletableFuture<?>> writes = new ArrayList<>();
                for (int done = 0; done < links; done += BATCH) {
                    List<ArchiveMutation> batch = new ArrayList<>(BATCH);
                    for (int i = 0; i < BATCH; i++) {
                        batch.add(new ArchiveMutation.Put(new LinkRecord(TestLinks.code(), "https://shop.example.com/campaign/2026/winter?id=" + i,
                                "long", 2_592_000, true, clock++, "key-cost", 1)));
                    }
                    inFlight.acquire();
                    CompletableFuture<?> write;
                    if (indexed) {
                        write = archive.write(batch).toCompletableFuture();
                    } else {
                        List<Put> puts = new ArrayList<>(BATCH);
                        batch.forEach(m -> puts.add(LinkCells.toPut(m)));
                        write = table.putAll(puts);
                    }
                    write.whenComplete((ok, error) -> inFlight.release());
                    writes.add(write);
                }
                CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
                double micros = (serverCpuNanos(serverPid) - cpu) / 1_000.0 / links;
                System.out.printf("%s %-28s %,d creates: %.2f us of server CPU per link, %,.0f links/s%n", round == 0 ? "warm-up" : "round " + round,
                        indexed ? "link cell + time row" : "link cell alone", links, micros, links * 1e9 / (System.nanoTime() - began));
            }
        }
    }

    /** utime + stime of a process, from /proc (clock ticks of 10 ms on Linux). */
    private static long serverCpuNanos(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
    }
}
