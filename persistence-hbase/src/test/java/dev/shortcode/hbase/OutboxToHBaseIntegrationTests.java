package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.Storage;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.redis.ArchiverOptions;
import dev.shortcode.core.redis.OutboxMetrics;
import dev.shortcode.core.redis.RedisConnection;
import dev.shortcode.core.redis.RedisMode;
import dev.shortcode.core.redis.RedisStorage;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.core.redis.StoreKeys;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.ArchiveStorage;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.lettuce.core.Consumer;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.models.stream.PendingMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox end to end on real servers: the hot store of a {@link RedisStorage} creates on a real
 * Redis, the archivers of another move them into {@link HBaseArchive} on the mini cluster, HBase
 * goes down and comes back, an archiver dies mid-batch.
 *
 * <p>"Delivered once" is counted by {@link CountingArchive}: per code, the writes HBase
 * acknowledged. HBase itself cannot tell (a replay writes the same cell at the same timestamp).
 * "Every link arrived, intact" is checked by scanning the table: exactly the created rows, each
 * decoding to the created record.
 */
class OutboxToHBaseIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    /** Fast retries; claims only after 30 s, so no live archiver takes over another's batch here. */
    private static final ArchiverOptions FAST = ArchiverOptions.builder()
            .retryBackoffMin(Duration.ofMillis(20)).retryBackoffMax(Duration.ofMillis(200))
            .claimIdle(Duration.ofSeconds(30)).claimInterval(Duration.ofMillis(200)).build();
    private static final int SHARDS = 4;

    private static final IssuerOptions ISSUER = IssuerOptions.builder().secret("outbox to hbase test secret").build();

    private static RedisDeployment redis;

    private StoreKeys keys;
    private RedisConnection connection;
    private HotStore store;
    private String namespace;
    private String linksTable;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeAll
    static void startRedis() {
        redis = RedisServers.standalone();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @BeforeEach
    void setUp() {
        keys = new StoreKeys("t" + UUID.randomUUID().toString().substring(0, 8), SHARDS);
        connection = redis.connect();
        namespace = HBaseMiniCluster.uniqueNamespace();
        // The node that creates the links runs no archiver: the tests choose which nodes archive.
        store = redisStorage(FAST.toBuilder().threads(0).build(), new Counted(openStorage(Duration.ofSeconds(3)))).hotStore();
    }

    @AfterEach
    void tearDown() throws Exception {
        try {
            for (int i = toClose.size() - 1; i >= 0; i--) {
                toClose.get(i).close();
            }
        } finally {
            CLUSTER.startHBase(); // the cluster is shared with the other test classes
            connection.close();
        }
    }

    @Test
    void outbox_hbaseDownWhile50000LinksAreCreated_everyLinkReachesHBaseExactlyOnceWhenItIsBack() throws Exception {
        Counted archiving = new Counted(openStorage(Duration.ofSeconds(3)));
        CountingArchive archive = archiving.archive();
        CLUSTER.stopHBase();
        // A thread per shard: the backlog drains in parallel once HBase is back (the mini cluster
        // takes several writers at once), instead of two threads taking turns over four shards.
        archiver("node-1", FAST.toBuilder().threads(SHARDS).build(), archiving, OutboxMetrics.NOOP);

        long creating = System.nanoTime();
        List<LinkRecord> links = createLinks(50_000);
        System.out.printf("OUTBOX->HBASE: 50,000 creates with HBase down in %d ms%n", millisSince(creating));
        await().atMost(Duration.ofSeconds(30)).until(() -> archive.failedWrites() >= 2);
        assertThat(archive.acknowledgedWrites()).as("writes acknowledged while HBase is down").isZero();
        assertThat(outboxStreams()).hasSize(SHARDS);
        assertThat(mutationsInOutbox()).as("mutations waiting in the outbox").isEqualTo(50_000);

        long starting = System.nanoTime();
        CLUSTER.startHBase();
        long started = System.nanoTime();
        await().atMost(Duration.ofSeconds(90)).until(() -> archive.acknowledgedCodes() == links.size());
        System.out.printf("OUTBOX->HBASE: HBase restarted in %d ms, then the backlog archived in %d ms (%d failed writes during the outage)%n",
                (started - starting) / 1_000_000, millisSince(started), archive.failedWrites());
        await().atMost(Duration.ofSeconds(10)).until(() -> entriesInOutbox() == 0);
        assertThat(pending()).isZero();

        for (LinkRecord link : links) {
            assertThat(archive.acknowledgedPutsOf(link.code())).as("acknowledged puts of %s", link.code()).isEqualTo(1);
        }
        assertThat(scanLinks()).isEqualTo(byCode(links));
        for (LinkRecord link : links.subList(0, 200)) {
            assertThat(archive.get(link.code()).toCompletableFuture().join()).contains(link);
        }
    }

    @Test
    void outbox_archiverKilledMidBatch_anotherArchiverClaimsItsEntriesAndEveryLinkArrivesOnce() throws Exception {
        // The dying node's writes retry for 30 s: it is surely inside one when it is killed.
        Counted dyingArchiving = new Counted(openStorage(Duration.ofSeconds(30)));
        CountingArchive dyingArchive = dyingArchiving.archive();
        Counted archiving = new Counted(openStorage(Duration.ofSeconds(3)));
        CountingArchive archive = archiving.archive();
        CLUSTER.stopHBase();
        List<LinkRecord> links = createLinks(5_000);
        // Started after the creates, so that its first read takes a full batch (16 entries) of one shard.
        Storage dying = redisStorage(FAST.toBuilder().threads(1).archiveTimeout(Duration.ofMinutes(1)).consumer("node-dying").build(),
                dyingArchiving);
        await().atMost(Duration.ofSeconds(10)).until(() -> pendingOf("node-dying") > 0);
        long killing = System.nanoTime();
        // Interrupted inside its HBase write, its batch stays pending under its name; its HBase
        // connection dies with it, so no write of it lands later.
        dying.close();
        System.out.printf("OUTBOX->HBASE: archiver killed mid-batch in %d ms%n", millisSince(killing));
        long orphaned = pendingOf("node-dying");
        assertThat(orphaned).isPositive().isEqualTo(pending());
        long orphanedMutations = mutationsPendingWith("node-dying");

        CLUSTER.startHBase();
        AtomicInteger claimed = new AtomicInteger();
        archiver("node-2", FAST.toBuilder().claimIdle(Duration.ofMillis(500)).claimInterval(Duration.ofMillis(200)).build(), archiving, new OutboxMetrics() {
            @Override
            public void entriesClaimed(int shard, int entries) {
                claimed.addAndGet(entries);
            }
        });
        await().atMost(Duration.ofSeconds(60)).until(() -> archive.acknowledgedCodes() == links.size());
        await().atMost(Duration.ofSeconds(10)).until(() -> entriesInOutbox() == 0);

        System.out.printf("OUTBOX->HBASE: %d entries (%d mutations) orphaned by the killed archiver, %d claimed by the next"
                + " (%d of its writes failed)%n", orphaned, orphanedMutations, claimed.get(), archive.failedWrites());
        assertThat(pendingOf("node-dying")).isZero();
        assertThat(pending()).isZero();
        // More than orphaned only if node-2's own first batch failed and it took it over again.
        assertThat(claimed.get()).as("entries taken over from the killed archiver").isGreaterThanOrEqualTo((int) orphaned);
        assertThat(dyingArchive.acknowledgedWrites()).as("writes of the killed archiver acknowledged").isZero();
        for (LinkRecord link : links) {
            assertThat(archive.acknowledgedPutsOf(link.code())).as("acknowledged puts of %s", link.code()).isEqualTo(1);
        }
        assertThat(scanLinks()).isEqualTo(byCode(links));
    }

    @Test
    void outbox_linksCreatedUpdatedAndDeletedThroughRedis_areListedByTheHBaseIndexOnceArchived() {
        Counted archiving = new Counted(openStorage(Duration.ofSeconds(3)));
        archiver("node-1", FAST, archiving, OutboxMetrics.NOOP);
        LinkIndex index = archiving.linkIndex();
        String owner = "key-outbox-" + TestLinks.code();
        long now = System.currentTimeMillis();
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            LinkRecord plain = TestLinks.link();
            // created now: the hot store judges a link's life from its creation time
            LinkRecord link = new LinkRecord(plain.code(), plain.url(), plain.pool(), plain.ttlSeconds(), true, now + i, owner, 1,
                    LinkTargets.NONE, new LinkMeta("Item " + i, i % 2 == 0 ? List.of("even") : List.of(), "ext-" + i));
            assertThat(store.create(link).toCompletableFuture().join()).isTrue();
            links.add(link);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> listed(index, owner, null).size() == 100);
        assertThat(listed(index, owner, "even")).hasSize(50);

        List<LinkRecord> expected = new ArrayList<>(links.subList(20, 100));
        for (int i = 0; i < 10; i++) {
            LinkRecord link = links.get(i);
            LinkRecord untagged = link.updated(link.url(), link.ttlSeconds(), link.permanent(), link.targets(), link.meta().withTags(List.of()));
            assertThat(store.update(untagged).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
            expected.add(untagged);
        }
        for (int i = 10; i < 20; i++) {
            assertThat(store.delete(links.get(i).code()).toCompletableFuture().join()).isTrue();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> listed(index, owner, null).size() == 90 && listed(index, owner, "even").size() == 40);
        expected.sort(Comparator.comparingLong(LinkRecord::createdAtMillis).reversed());
        assertThat(listed(index, owner, null)).containsExactlyElementsOf(expected);
        assertThat(index.find(new LinkQuery(owner, List.of(), "ext-15", null, List.of(), null, null, null, null, 10, 10))
                .toCompletableFuture().join().links()).isEmpty();
        assertThat(index.find(new LinkQuery(owner, List.of(), "ext-3", null, List.of(), null, null, null, null, 10, 10))
                .toCompletableFuture().join().links()).containsExactly(expected.get(expected.size() - 4));
    }

    /** Every page of the owner's links (with the tag, when given), 30 a page. */
    private static List<LinkRecord> listed(LinkIndex index, String owner, String tag) {
        List<LinkRecord> links = new ArrayList<>();
        Position after = null;
        do {
            LinkPage page = index.find(new LinkQuery(owner, tag == null ? List.of() : List.of(tag), null, null, List.of(), null, null, null,
                    after, 30, 1_000)).toCompletableFuture().join();
            links.addAll(page.links());
            after = page.next();
        } while (after != null);
        return links;
    }

    /** Opens HBase storage in this test's namespace with the given operation timeout; closed after the test (by the node that owns it). */
    private HBaseStorage openStorage(Duration operationTimeout) {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().namespace(namespace)
                .operationTimeout(operationTimeout).rpcTimeout(Duration.ofSeconds(1)).build();
        HBaseStorage storage = HBaseStorage.open(config);
        linksTable = config.linksTableName();
        return storage;
    }

    private void archiver(String name, ArchiverOptions options, Counted archive, OutboxMetrics metrics) {
        redisStorage(options.toBuilder().consumer(name).build(), archive, metrics);
    }

    private Storage redisStorage(ArchiverOptions archiver, ArchiveStorage archive) {
        return redisStorage(archiver, archive, OutboxMetrics.NOOP);
    }

    /** A node on this test's Redis namespace, archiving into {@code archive}; closed after the test. */
    private Storage redisStorage(ArchiverOptions archiver, ArchiveStorage archive, OutboxMetrics metrics) {
        RedisStorageOptions options = RedisStorageOptions.builder().uris(redis.uris().stream().map(uri -> uri.toURI().toString()).toList()).mode(RedisMode.STANDALONE).keys(keys)
                .archiver(archiver).build();
        Storage storage = RedisStorage.open(options, archive, ISSUER, IssuerMetrics.NOOP, metrics, null);
        toClose.add(storage);
        return storage;
    }

    /** HBase as a Redis node sees it, with the archive's writes counted. Closing it closes the HBase storage. */
    private record Counted(HBaseStorage hbase, CountingArchive archive) implements ArchiveStorage {

        Counted(HBaseStorage hbase) {
            this(hbase, new CountingArchive(hbase.archive()));
        }

        @Override
        public String kind() {
            return hbase.kind();
        }

        @Override
        public WatermarkStore watermarks() {
            return hbase.watermarks();
        }

        @Override
        public ApiKeyStore apiKeys() {
            return hbase.apiKeys();
        }

        @Override
        public dev.shortcode.core.store.StorageFootprint footprint() {
            return hbase.footprint();
        }

        @Override
        public dev.shortcode.core.store.ModerationStore moderation() {
            return hbase.moderation();
        }

        @Override
        public dev.shortcode.core.store.ClickArchive clicks() {
            return hbase.clicks();
        }

        @Override
        public dev.shortcode.core.index.LinkIndex linkIndex() {
            return hbase.linkIndex();
        }

        @Override
        public java.util.concurrent.CompletionStage<Boolean> probe() {
            return hbase.probe();
        }

        @Override
        public void close() {
            hbase.close();
        }
    }

    /** Creates {@code n} links with distinct codes through the hot store, at most 2,000 in flight. */
    private List<LinkRecord> createLinks(int n) {
        Set<String> codes = new LinkedHashSet<>();
        while (codes.size() < n) {
            codes.add(TestLinks.code());
        }
        Semaphore inFlight = new Semaphore(2_000);
        List<LinkRecord> links = new ArrayList<>(n);
        List<CompletableFuture<Boolean>> created = new ArrayList<>(n);
        for (String code : codes) {
            LinkRecord link = TestLinks.link(code);
            links.add(link);
            inFlight.acquireUninterruptibly();
            CompletableFuture<Boolean> f = store.create(link).toCompletableFuture();
            f.whenComplete((ok, failure) -> inFlight.release());
            created.add(f);
        }
        assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
        return links;
    }

    /** Every row of this test's links table, decoded; removed links would be absent. */
    private Map<String, LinkRecord> scanLinks() throws Exception {
        Map<String, LinkRecord> rows = new HashMap<>();
        try (Connection hbase = ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
                Table table = hbase.getTable(TableName.valueOf(linksTable));
                ResultScanner scanner = table.getScanner(new Scan().addColumn(LinkCells.FAMILY, LinkCells.RECORD).setCaching(5_000))) {
            for (Result row : scanner) {
                String code = LinkRowKey.code(row.getRow());
                Optional<LinkRecord> link = LinkCells.read(code, row);
                assertThat(rows.put(code, link.orElseThrow())).as("row of %s", code).isNull();
            }
        }
        return rows;
    }

    private static Map<String, LinkRecord> byCode(List<LinkRecord> links) {
        Map<String, LinkRecord> map = new HashMap<>();
        links.forEach(l -> map.put(l.code(), l));
        return map;
    }

    /*
     * The outbox as Redis holds it. The stream key names are StoreKeys' business (package-private
     * there); they are found by pattern, and the tests assert that one stream per shard was found.
     */

    private List<String> outboxStreams() {
        return connection.sync().keys(keys.namespace() + ":o:*");
    }

    /** Mutations in the streams: each entry holds a batch of them, one field per code. */
    private long mutationsInOutbox() {
        long n = 0;
        for (String stream : outboxStreams()) {
            for (StreamMessage<String, String> entry : connection.sync().xrange(stream, Range.create("-", "+"))) {
                n += entry.getBody().size();
            }
        }
        return n;
    }

    private long entriesInOutbox() {
        return outboxStreams().stream().mapToLong(stream -> connection.sync().xlen(stream)).sum();
    }

    /** Entries read by an archiver and not yet acknowledged. */
    private long pending() {
        return pendingByConsumer().values().stream().mapToLong(Long::longValue).sum();
    }

    private long pendingOf(String consumer) {
        return pendingByConsumer().getOrDefault(consumer, 0L);
    }

    /** Mutations in the entries pending with {@code consumer}. */
    private long mutationsPendingWith(String consumer) {
        long n = 0;
        for (String stream : outboxStreams()) {
            for (PendingMessage entry : connection.sync().xpending(stream, Consumer.from(FAST.group(), consumer), Range.create("-", "+"),
                    Limit.from(10_000))) {
                n += connection.sync().xrange(stream, Range.create(entry.getId(), entry.getId())).get(0).getBody().size();
            }
        }
        return n;
    }

    private Map<String, Long> pendingByConsumer() {
        Map<String, Long> pending = new HashMap<>();
        for (String stream : outboxStreams()) {
            try {
                connection.sync().xpending(stream, FAST.group()).getConsumerMessageCount().forEach((c, n) -> pending.merge(c, n, Long::sum));
            } catch (RedisCommandExecutionException noGroup) {
                // no archiver has joined this stream yet: nothing pending
            }
        }
        return pending;
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
