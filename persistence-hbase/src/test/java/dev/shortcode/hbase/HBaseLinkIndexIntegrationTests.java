package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.index.IndexKeys;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The link index over the real archive: rows written by {@link HBaseArchive#write}, listings by
 * {@link HBaseLinkIndex}, with the default 16 salt buckets over a table of four regions.
 */
class HBaseLinkIndexIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static final AtomicLong CLOCK = new AtomicLong(1_770_000_000_000L);
    private static final AtomicInteger OWNERS = new AtomicInteger();
    private static HBaseArchiveOptions config;
    private static HBaseStorage storage;
    private static HBaseArchive archive;
    private static LinkIndex index;
    private static Connection connection;

    @BeforeAll
    static void open() throws Exception {
        config = CLUSTER.archiveConfig().writeBatchSize(200).build();
        storage = HBaseStorage.open(config);
        archive = storage.archive();
        index = storage.linkIndex();
        connection = ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
    }

    @AfterAll
    static void close() throws Exception {
        storage.close();
        connection.close();
    }

    @Test
    void paging_2500Links_whileAnotherThreadCreatesAndDeletes_showsNoLinkTwiceAndMissesNoneThatStayed() throws Exception {
        String owner = owner();
        long base = CLOCK.addAndGet(1_000_000);
        List<LinkRecord> initial = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) {
            // three links a millisecond: the order among them is the codes'
            initial.add(link(owner, base - i / 3, "https://example.com/" + i, LinkMeta.NONE));
        }
        write(initial.stream().map(ArchiveMutation.Put::new).collect(Collectors.toList()));
        List<LinkRecord> churnable = new CopyOnWriteArrayList<>(initial.subList(0, 500));
        Set<String> stayed = initial.subList(500, initial.size()).stream().map(LinkRecord::code).collect(Collectors.toSet());
        Set<String> everCreated = ConcurrentHashMap.newKeySet();
        initial.forEach(l -> everCreated.add(l.code()));
        AtomicBoolean paging = new AtomicBoolean(true);
        AtomicInteger churned = new AtomicInteger();
        Thread churn = new Thread(() -> {
            Random random = new Random(7);
            while (paging.get()) {
                List<ArchiveMutation> batch = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    // new links anywhere in the listing's range, and at its newest end
                    long createdAt = i % 2 == 0 ? base - random.nextInt(900) : CLOCK.incrementAndGet() + 2_000_000;
                    LinkRecord created = link(owner, createdAt, "https://example.com/new/" + i, LinkMeta.NONE);
                    everCreated.add(created.code());
                    churnable.add(created);
                    batch.add(new ArchiveMutation.Put(created));
                }
                for (int i = 0; i < 10 && !churnable.isEmpty(); i++) {
                    LinkRecord gone = churnable.remove(random.nextInt(churnable.size()));
                    batch.add(remove(gone));
                }
                write(batch);
                churned.addAndGet(batch.size());
            }
        });
        churn.start();
        List<LinkRecord> seen = new ArrayList<>();
        Position after = null;
        int pages = 0;
        try {
            do {
                LinkPage page = TestLinks.await(index.find(query(owner).after(after).limit(100).build()));
                seen.addAll(page.links());
                after = page.next();
                pages++;
                Thread.sleep(10);
            } while (after != null);
        } finally {
            paging.set(false);
            churn.join();
        }
        List<String> codes = seen.stream().map(LinkRecord::code).collect(Collectors.toList());
        assertThat(churned.get()).as("mutations written while paging").isGreaterThan(100);
        assertThat(pages).isGreaterThanOrEqualTo(25);
        assertThat(new HashSet<>(codes)).as("no link twice").hasSize(codes.size());
        assertThat(codes).as("none missed that existed throughout").containsAll(stayed);
        assertThat(everCreated).containsAll(codes);
        assertThat(seen).allSatisfy(l -> assertThat(l.ownerKeyId()).isEqualTo(owner));
        for (int i = 1; i < seen.size(); i++) {
            LinkRecord previous = seen.get(i - 1);
            assertThat(query(owner).after(new Position(previous.createdAtMillis(), previous.code())).build()
                    .isAfterStart(seen.get(i).createdAtMillis(), seen.get(i).code())).as("newest first, then by code").isTrue();
        }
    }

    @Test
    void find_byTags_returnsTheLinksCarryingEveryTag_newestFirst_acrossPages() {
        String owner = owner();
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<String> tags = new ArrayList<>();
            if (i % 3 == 0) {
                tags.add("spring");
            }
            if (i % 5 == 0) {
                tags.add("mail");
            }
            links.add(link(owner, CLOCK.addAndGet(2), "https://example.com/t/" + i, new LinkMeta(null, tags, null)));
        }
        write(links.stream().map(ArchiveMutation.Put::new).collect(Collectors.toList()));

        assertThat(codesOfAllPages(query(owner).tags("spring").limit(7))).containsExactlyElementsOf(newestFirst(links, l -> l.meta().tags().contains("spring")));
        assertThat(codesOfAllPages(query(owner).tags("spring", "mail").limit(3)))
                .containsExactlyElementsOf(newestFirst(links, l -> l.meta().tags().containsAll(List.of("spring", "mail"))));
        assertThat(codesOfAllPages(query(owner).tags("winter").limit(10))).isEmpty();
        assertThat(TestLinks.await(index.tagCounts(owner))).isEqualTo(Map.of("spring", 100L, "mail", 60L));
    }

    @Test
    void find_byExternalId_findsTheOneLink_onlyTheOwners_andNothingAfterItsRemoval() {
        String owner = owner();
        String other = owner();
        LinkRecord mine = link(owner, CLOCK.addAndGet(5), "https://example.com/x", new LinkMeta("x", List.of(), "order-17"));
        LinkRecord theirs = link(other, CLOCK.addAndGet(5), "https://example.com/y", new LinkMeta("y", List.of(), "order-17"));
        LinkRecord plain = link(owner, CLOCK.addAndGet(5), "https://example.com/z", LinkMeta.NONE);
        write(List.of(new ArchiveMutation.Put(mine), new ArchiveMutation.Put(theirs), new ArchiveMutation.Put(plain)));

        assertThat(TestLinks.await(index.find(query(owner).externalId("order-17").build())).links()).containsExactly(mine);
        assertThat(TestLinks.await(index.find(query(other).externalId("order-17").build())).links()).containsExactly(theirs);
        assertThat(TestLinks.await(index.find(query(owner).externalId("order-18").build())).links()).isEmpty();

        write(List.of(remove(mine)));
        assertThat(TestLinks.await(index.find(query(owner).externalId("order-17").build())).links()).isEmpty();
        assertThat(indexRowsOf(mine.code())).isEmpty();
        assertThat(TestLinks.await(index.find(query(other).externalId("order-17").build())).links()).containsExactly(theirs);
    }

    @Test
    void find_withHostWordsPoolAndTimeFilters_returnsExactlyTheLinksThatPass() {
        String owner = owner();
        long t0 = CLOCK.addAndGet(1_000);
        LinkRecord a = link(owner, t0 + 1, "https://example.org/spring-sale", new LinkMeta("Spring sale", List.of(), null), "long");
        LinkRecord b = link(owner, t0 + 2, "https://shop.example.org/item/9", new LinkMeta("Autumn boots", List.of(), null), "short");
        LinkRecord c = link(owner, t0 + 3, "https://notexample.org/spring", LinkMeta.NONE, "long");
        LinkRecord d = link(owner, t0 + 4, "https://example.com/", new LinkMeta("SPRING boots", List.of(), null), "short");
        LinkRecord e = link(owner, t0 + 5, "https://example.org/", LinkMeta.NONE, "long");
        write(List.of(a, b, c, d, e).stream().map(ArchiveMutation.Put::new).collect(Collectors.toList()));

        assertThat(codesOfAllPages(query(owner).host("example.org").limit(2))).containsExactly(e.code(), b.code(), a.code());
        assertThat(codesOfAllPages(query(owner).words("spring").limit(2))).containsExactly(d.code(), c.code(), a.code());
        assertThat(codesOfAllPages(query(owner).words("spring", "boots").limit(2))).containsExactly(d.code());
        assertThat(codesOfAllPages(query(owner).pool("short").limit(1))).containsExactly(d.code(), b.code());
        assertThat(codesOfAllPages(query(owner).createdAfter(t0 + 2).createdBefore(t0 + 5).limit(1))).containsExactly(d.code(), c.code());
        assertThat(codesOfAllPages(query(owner).createdAfter(t0 + 3).limit(10))).containsExactly(e.code(), d.code());
        assertThat(codesOfAllPages(query(owner).createdBefore(t0 + 2).limit(10))).containsExactly(a.code());
        assertThat(codesOfAllPages(query(owner).createdAfter(t0 + 4).createdBefore(t0 + 5).limit(10))).isEmpty();
        assertThat(codesOfAllPages(query(owner).host("example.org").pool("long").words("spring").limit(10))).containsExactly(a.code());
    }

    @Test
    void find_anotherOwner_seesNoneOfTheLinksOrTags() {
        String owner = owner();
        String other = owner();
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            links.add(link(owner, CLOCK.addAndGet(3), "https://example.com/o/" + i, new LinkMeta(null, List.of("t"), null)));
        }
        write(links.stream().map(ArchiveMutation.Put::new).collect(Collectors.toList()));

        assertThat(codesOfAllPages(query(owner).limit(15))).hasSize(40);
        assertThat(codesOfAllPages(query(other).limit(15))).isEmpty();
        assertThat(codesOfAllPages(query(other).tags("t").limit(15))).isEmpty();
        // an owner id that is a prefix of another's must not see the longer one's rows
        assertThat(codesOfAllPages(query(owner.substring(0, owner.length() - 1)).limit(15))).isEmpty();
        assertThat(TestLinks.await(index.tagCounts(other))).isEmpty();
        assertThat(TestLinks.await(index.tagCounts(owner))).isEqualTo(Map.of("t", 40L));
    }

    @Test
    void write_removeAndAnUpdateThatDropsATag_takeTheirIndexRowsAway() {
        String owner = owner();
        LinkRecord kept = link(owner, CLOCK.addAndGet(3), "https://example.com/k", new LinkMeta("k", List.of("a", "b"), "ext-k"));
        LinkRecord gone = link(owner, CLOCK.addAndGet(3), "https://example.com/g", new LinkMeta("g", List.of("a"), "ext-g"));
        write(List.of(new ArchiveMutation.Put(kept), new ArchiveMutation.Put(gone)));
        assertThat(indexRowsOf(kept.code())).containsExactlyInAnyOrder("T", "G:a", "G:b", "X:ext-k");
        assertThat(indexRowsOf(gone.code())).containsExactlyInAnyOrder("T", "G:a", "X:ext-g");

        LinkRecord retagged = updated(kept, new LinkMeta("k", List.of("b", "c"), "ext-k2"));
        write(List.of(new ArchiveMutation.Put(retagged), remove(gone)));

        assertThat(indexRowsOf(kept.code())).containsExactlyInAnyOrder("T", "G:b", "G:c", "X:ext-k2");
        assertThat(indexRowsOf(gone.code())).isEmpty();
        assertThat(codesOfAllPages(query(owner).tags("a").limit(10))).isEmpty();
        assertThat(codesOfAllPages(query(owner).tags("c").limit(10))).containsExactly(kept.code());
        assertThat(codesOfAllPages(query(owner).limit(10))).containsExactly(kept.code());
        assertThat(TestLinks.await(index.find(query(owner).externalId("ext-k").build())).links()).isEmpty();
        assertThat(TestLinks.await(index.find(query(owner).externalId("ext-k2").build())).links()).containsExactly(retagged);
        assertThat(TestLinks.await(index.tagCounts(owner))).isEqualTo(Map.of("b", 1L, "c", 1L));
    }

    @Test
    void write_updatesOfOneLinkWithinOneBatch_leaveTheNewestVersionsRowsOnly() {
        String owner = owner();
        LinkRecord v1 = link(owner, CLOCK.addAndGet(3), "https://example.com/v", new LinkMeta(null, List.of("a"), null));
        write(List.of(new ArchiveMutation.Put(v1)));
        LinkRecord v2 = updated(v1, new LinkMeta(null, List.of("a", "d"), null));
        LinkRecord v3 = updated(v2, new LinkMeta(null, List.of("e"), null));
        // v2's tag d was never archived before this batch, and v3 drops it
        write(List.of(new ArchiveMutation.Put(v3), new ArchiveMutation.Put(v2)));
        assertThat(indexRowsOf(v1.code())).containsExactlyInAnyOrder("T", "G:e");
    }

    @Test
    void write_replaysOfEveryBatch_inAnyOrder_changeNothing() {
        String owner = owner();
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            links.add(link(owner, CLOCK.addAndGet(3), "https://example.com/r/" + i, new LinkMeta("r" + i, List.of("x", "y" + i % 2), "e" + i)));
        }
        List<ArchiveMutation> creates = links.stream().map(ArchiveMutation.Put::new).collect(Collectors.toList());
        List<ArchiveMutation> changes = new ArrayList<>();
        for (int i = 0; i < 60; i += 3) {
            changes.add(new ArchiveMutation.Put(updated(links.get(i), new LinkMeta("r" + i, List.of("z"), "f" + i))));
            changes.add(remove(links.get(i + 1)));
        }
        write(creates);
        write(changes);
        Set<String> rows = allIndexRows();
        List<String> listing = codesOfAllPages(query(owner).limit(17));
        List<String> tagged = codesOfAllPages(query(owner).tags("x").limit(17));
        Map<String, Long> counts = TestLinks.await(index.tagCounts(owner));
        assertThat(listing).hasSize(40);
        assertThat(counts).containsEntry("x", 20L).containsEntry("z", 20L);

        write(creates);
        write(changes);
        List<ArchiveMutation> shuffled = new ArrayList<>(creates);
        shuffled.addAll(changes);
        Collections.shuffle(shuffled, new Random(3));
        write(shuffled);
        write(creates);

        assertThat(allIndexRows()).isEqualTo(rows);
        assertThat(codesOfAllPages(query(owner).limit(17))).isEqualTo(listing);
        assertThat(codesOfAllPages(query(owner).tags("x").limit(17))).isEqualTo(tagged);
        assertThat(TestLinks.await(index.tagCounts(owner))).isEqualTo(counts);
    }

    @Test
    void find_aWrappedCodesStaleRow_isSkipped_andTheNewLinkListedOnce() {
        String owner = owner();
        String other = owner();
        LinkRecord old = link(owner, CLOCK.addAndGet(3), "https://example.com/old", new LinkMeta(null, List.of("w"), null));
        LinkRecord before = link(owner, CLOCK.addAndGet(3), "https://example.com/before", new LinkMeta(null, List.of("w"), null));
        write(List.of(new ArchiveMutation.Put(old), new ArchiveMutation.Put(before)));
        // the pool wrapped: the expired code is issued again, to this owner and to another
        LinkRecord again = new LinkRecord(old.code(), "https://example.com/again", "long", 60, false, CLOCK.addAndGet(100), owner, 1,
                LinkTargets.NONE, new LinkMeta(null, List.of("w"), null));
        write(List.of(new ArchiveMutation.Put(again)));
        assertThat(indexRowsOf(old.code())).as("the old link's rows are still there").containsExactlyInAnyOrder("T", "T", "G:w", "G:w");

        assertThat(codesOfAllPages(query(owner).limit(1))).containsExactly(again.code(), before.code());
        assertThat(TestLinks.await(index.find(query(owner).limit(10).build())).links()).containsExactly(again, before);
        assertThat(codesOfAllPages(query(owner).tags("w").limit(1))).containsExactly(again.code(), before.code());
        // the listings that met the old link's rows deleted them
        await().atMost(Duration.ofSeconds(10)).until(() -> indexRowsOf(old.code()).size() == 2);
        assertThat(indexRowsOf(old.code())).containsExactlyInAnyOrder("T", "G:w");
        assertThat(codesOfAllPages(query(owner).limit(1))).containsExactly(again.code(), before.code());

        LinkRecord foreign = new LinkRecord(before.code(), "https://example.com/foreign", "long", 60, false, CLOCK.addAndGet(100), other, 1);
        write(List.of(new ArchiveMutation.Put(foreign)));
        assertThat(codesOfAllPages(query(owner).limit(1))).containsExactly(again.code());
        assertThat(codesOfAllPages(query(other).limit(1))).containsExactly(foreign.code());
    }

    @Test
    void find_withASmallBudget_endsEarlyWithAPositionToGoOnFrom() {
        String owner = owner();
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            links.add(link(owner, CLOCK.addAndGet(3), "https://example.com/b/" + i, new LinkMeta(null, i == 0 ? List.of("rare") : List.of(), null)));
        }
        write(links.stream().map(ArchiveMutation.Put::new).collect(Collectors.toList()));

        LinkPage first = TestLinks.await(index.find(query(owner).words("/b/0").limit(1).budget(20).build()));
        assertThat(first.links()).isEmpty();
        assertThat(first.next()).isEqualTo(new Position(links.get(30).createdAtMillis(), links.get(30).code()));
        LinkPage rest = TestLinks.await(index.find(query(owner).words("/b/0").after(first.next()).limit(1).budget(40).build()));
        assertThat(rest.links()).containsExactly(links.get(0));
        if (rest.next() != null) {
            // the page filled on the oldest link before every bucket was seen to end: the next one is empty
            assertThat(rest.next()).isEqualTo(new Position(links.get(0).createdAtMillis(), links.get(0).code()));
            LinkPage end = TestLinks.await(index.find(query(owner).words("/b/0").after(rest.next()).limit(1).budget(40).build()));
            assertThat(end.links()).isEmpty();
            assertThat(end.next()).isNull();
        }
    }

    // --- helpers

    private static String owner() {
        return "key-ix" + OWNERS.incrementAndGet() + "-" + TestLinks.code();
    }

    private static LinkRecord link(String owner, long createdAt, String url, LinkMeta meta) {
        return link(owner, createdAt, url, meta, "long");
    }

    private static LinkRecord link(String owner, long createdAt, String url, LinkMeta meta, String pool) {
        return new LinkRecord(TestLinks.code(), url, pool, 2_592_000, true, createdAt, owner, 1, LinkTargets.NONE, meta);
    }

    private static LinkRecord updated(LinkRecord link, LinkMeta meta) {
        return link.updated(link.url(), link.ttlSeconds(), link.permanent(), link.targets(), meta);
    }

    private static ArchiveMutation.Remove remove(LinkRecord link) {
        return new ArchiveMutation.Remove(link.code(), link.createdAtMillis(), link.version());
    }

    private static void write(List<ArchiveMutation> batch) {
        TestLinks.await(archive.write(batch));
    }

    private static List<String> newestFirst(List<LinkRecord> links, java.util.function.Predicate<LinkRecord> filter) {
        return links.stream().filter(filter)
                .sorted((x, y) -> x.createdAtMillis() != y.createdAtMillis() ? Long.compare(y.createdAtMillis(), x.createdAtMillis())
                        : x.code().compareTo(y.code()))
                .map(LinkRecord::code).collect(Collectors.toList());
    }

    /** Every page of the query, the codes in order; fails on a code seen twice. */
    private static List<String> codesOfAllPages(QueryBuilder query) {
        List<String> codes = new ArrayList<>();
        Position after = null;
        for (int pages = 0; pages < 1_000; pages++) {
            LinkPage page = TestLinks.await(index.find(query.after(after).build()));
            assertThat(page.links().size()).isLessThanOrEqualTo(query.limit);
            page.links().forEach(l -> codes.add(l.code()));
            after = page.next();
            if (after == null) {
                assertThat(new LinkedHashSet<>(codes)).hasSize(codes.size());
                return codes;
            }
        }
        throw new AssertionError("no end after 1000 pages");
    }

    /** The visible index rows naming {@code code}: "T", "G:tag", "X:externalId". */
    private static List<String> indexRowsOf(String code) {
        List<String> rows = new ArrayList<>();
        scanIndex(row -> {
            String described = describe(row, code);
            if (described != null) {
                rows.add(described);
            }
        });
        return rows;
    }

    /** Every visible index row and cell of the namespace, with their timestamps. */
    private static Set<String> allIndexRows() {
        Set<String> rows = new TreeSet<>();
        scanIndex(row -> {
            for (Cell cell : row.rawCells()) {
                rows.add(java.util.HexFormat.of().formatHex(row.getRow()) + "/" + new String(CellUtil.cloneQualifier(cell), StandardCharsets.UTF_8)
                        + "@" + cell.getTimestamp());
            }
        });
        return rows;
    }

    private static void scanIndex(Consumer<Result> each) {
        try (Table table = connection.getTable(TableName.valueOf(config.linksTableName()));
                ResultScanner scanner = table.getScanner(new Scan().addFamily(IndexCells.FAMILY))) {
            for (Result row : scanner) {
                each.accept(row);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String describe(Result result, String code) {
        byte[] row = result.getRow();
        int sep = 1; // row[0] is the salt
        while (row[sep] != 0) {
            sep++;
        }
        byte kind = row[sep + 1];
        int rest = sep + 2;
        if (kind == IndexKeys.EXTERNAL_ID) {
            boolean names = result.getColumnLatestCell(IndexCells.FAMILY, IndexCells.qualifier(code)) != null;
            return names ? "X:" + new String(row, rest, row.length - rest, StandardCharsets.UTF_8) : null;
        }
        byte[] suffix = code.getBytes(StandardCharsets.UTF_8);
        if (!java.util.Arrays.equals(row, row.length - suffix.length, row.length, suffix, 0, suffix.length)) {
            return null;
        }
        if (kind == IndexKeys.TIME) {
            return row.length == rest + Long.BYTES + suffix.length ? "T" : null;
        }
        int tagEnd = row.length - suffix.length - Long.BYTES - 1;
        return row[tagEnd] == 0 ? "G:" + new String(row, rest, tagEnd - rest, StandardCharsets.UTF_8) : null;
    }

    private static QueryBuilder query(String owner) {
        return new QueryBuilder(owner);
    }

    /** LinkQuery with names, for readable tests. */
    private static final class QueryBuilder {
        private final String owner;
        private List<String> tags = List.of();
        private String externalId;
        private String host;
        private List<String> words = List.of();
        private String pool;
        private Long createdAfter;
        private Long createdBefore;
        private Position after;
        private int limit = 100;
        private Integer budget;

        QueryBuilder(String owner) {
            this.owner = owner;
        }

        QueryBuilder tags(String... t) {
            tags = List.of(t);
            return this;
        }

        QueryBuilder externalId(String id) {
            externalId = id;
            return this;
        }

        QueryBuilder host(String h) {
            host = h;
            return this;
        }

        QueryBuilder words(String... w) {
            words = List.of(w);
            return this;
        }

        QueryBuilder pool(String p) {
            pool = p;
            return this;
        }

        QueryBuilder createdAfter(long t) {
            createdAfter = t;
            return this;
        }

        QueryBuilder createdBefore(long t) {
            createdBefore = t;
            return this;
        }

        QueryBuilder after(Position p) {
            after = p;
            return this;
        }

        QueryBuilder limit(int l) {
            limit = l;
            return this;
        }

        QueryBuilder budget(int b) {
            budget = b;
            return this;
        }

        LinkQuery build() {
            return new LinkQuery(owner, tags, externalId, host, words, pool, createdAfter, createdBefore, after, limit,
                    budget == null ? Math.max(limit, 1_000) : budget);
        }
    }
}
