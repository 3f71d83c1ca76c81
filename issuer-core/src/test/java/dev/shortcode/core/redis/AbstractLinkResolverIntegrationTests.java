package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.testing.redis.RedisDeployment;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The redirect's read path against a real Redis and the in-memory archive double: impossible codes,
 * cold reads of permanent links, single flight, negative cache. Subclasses choose standalone or Cluster.
 */
abstract class AbstractLinkResolverIntegrationTests {

    static final String SECRET = "resolver integration test secret";
    /** Ids below this were issued in epoch 0 of both pools. */
    static final long ISSUED = 10_000;

    @TempDir
    Path dir;

    RedisDeployment redis;
    StoreKeys keys;
    IssuerOptions config;
    PoolOptions shortPool;
    PoolOptions longPool;
    FileWatermarkStore watermarks;
    ExecutorService watermarkReader;
    final List<AutoCloseable> toClose = new ArrayList<>();

    protected abstract RedisDeployment redis();

    /** The link layout under test: 0 a key per link, else that many groups ({@link StoreKeys#linkGroups()}). */
    protected int linkGroups() {
        return 0;
    }

    @BeforeEach
    void setUp() {
        redis = redis();
        keys = new StoreKeys("t" + UUID.randomUUID().toString().substring(0, 8), 4, linkGroups());
        config = IssuerOptions.builder().secret(SECRET)
                .pool(PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)))
                .pool(PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).permanent(true))
                .build();
        shortPool = config.pool("short").orElseThrow();
        longPool = config.pool("long").orElseThrow();
        watermarks = new FileWatermarkStore(dir);
        watermarks.advance(5, new Watermark(0, ISSUED));
        watermarks.advance(7, new Watermark(0, ISSUED));
        watermarkReader = Executors.newSingleThreadExecutor();
    }

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
        watermarkReader.shutdownNow();
    }

    /** One service node: its own connection, hot store and resolver over the given archive. */
    record Node(RedisConnection connection, RedisHotStore hot, LinkResolver resolver) {}

    Node node(SwitchableArchive archive) {
        return node(archive, Ticker.SYSTEM);
    }

    /** @param ticker the resolver's clock for the age of its cached watermarks */
    Node node(SwitchableArchive archive, Ticker ticker) {
        RedisConnection connection = redis.connect();
        RedisHotStore hot = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
        toClose.add(connection);
        toClose.add(0, hot);
        return new Node(connection, hot,
                LinkResolver.over(hot, archive, config, watermarks, watermarkReader, ColdReadOptions.DEFAULTS, ticker, Clock.systemUTC()));
    }

    String issued(PoolOptions pool, long id) {
        return new CodeCodec(pool.space(), 0, SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8)).encode(id);
    }

    LinkRecord permanentLink(String code) {
        return new LinkRecord(code, "https://example.com/" + code, "long", 3_600, true, System.currentTimeMillis() - 86_400_000L,
                "key1", 2);
    }

    @Test
    void resolve_permanentLinkGoneFromRedis_comesFromTheArchiveAndIsRewarmed() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord archived = permanentLink(issued(longPool, 42));
        archive.preload(new ArchiveMutation.Put(archived));

        Optional<LinkRecord> found = node.resolver.resolve(archived.code()).toCompletableFuture().join();
        assertThat(found).hasValueSatisfying(link -> {
            assertThat(link.url()).isEqualTo(archived.url());
            assertThat(link.version()).isEqualTo(2);
            assertThat(link.ttlSeconds()).as("the pool's hot TTL").isEqualTo(Duration.ofDays(30).toSeconds());
        });
        RawLinks raw = new RawLinks(node.connection, keys);
        assertThat(raw.get(archived.code())).isEqualTo(LinkRecordCodec.encode(found.get()));
        assertThat(raw.ttl(archived.code())).isGreaterThan(Duration.ofDays(30).toSeconds() - 10);

        // A second node finds it in Redis now.
        SwitchableArchive secondArchive = new SwitchableArchive();
        Node second = node(secondArchive);
        assertThat(second.resolver.resolve(archived.code()).toCompletableFuture().join()).isEqualTo(found);
        assertThat(archive.reads.get()).isEqualTo(1);
        assertThat(secondArchive.reads.get()).isZero();
    }

    @Test
    void resolve_thousandConcurrentReadsOfOneColdCode_readTheArchiveOncePerNode() throws Exception {
        LinkRecord archived = permanentLink(issued(longPool, 4_242));
        SwitchableArchive archiveOfA = new SwitchableArchive();
        SwitchableArchive archiveOfB = new SwitchableArchive();
        for (SwitchableArchive a : List.of(archiveOfA, archiveOfB)) {
            a.preload(new ArchiveMutation.Put(archived));
            a.delayReads(Duration.ofMillis(300)); // HBase-like latency: the readers pile up behind the first
        }
        Node a = node(archiveOfA);
        Node b = node(archiveOfB);
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<Optional<LinkRecord>>> reads = new ArrayList<>();
            List<java.util.concurrent.Future<?>> submitted = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Node node = t % 2 == 0 ? a : b;
                submitted.add(callers.submit(() -> {
                    start.await();
                    List<CompletableFuture<Optional<LinkRecord>>> mine = new ArrayList<>();
                    for (int i = 0; i < 125; i++) {
                        mine.add(node.resolver.resolve(archived.code()).toCompletableFuture());
                    }
                    synchronized (reads) {
                        reads.addAll(mine);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (var f : submitted) {
                f.get();
            }
            assertThat(reads).hasSize(1_000);
            assertThat(reads.stream().map(CompletableFuture::join)).allSatisfy(found -> assertThat(found).isPresent());
        } finally {
            callers.shutdownNow();
        }
        assertThat(archiveOfA.reads.get()).as("archive reads on node A").isEqualTo(1);
        assertThat(archiveOfB.reads.get()).as("archive reads on node B").isEqualTo(1);
    }

    @Test
    void resolve_impossibleCodes_touchNeitherRedisNorTheArchive() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        // Not a pool's code, and not an alias either: too short, too long, or characters neither has.
        List<String> impossible = List.of("", "a", "ab", "a".repeat(65), "abc efg", "abcdéfg", "abc/efg", "ab%20cd", "abc.def", "abc+defg");
        redis.resetCommandStats();
        for (int round = 0; round < 5; round++) {
            for (String code : impossible) {
                assertThat(node.resolver.resolve(code).toCompletableFuture().join()).as(code).isEmpty();
            }
        }
        assertThat(dataCommands(redis.commandCalls())).as("commands reaching Redis: %s", redis.commandCalls()).isZero();
        assertThat(archive.reads.get()).isZero();
    }

    /**
     * Pool-shaped codes beyond the watermark were never issued, but one may be an alias of that
     * shape reserved on another node a moment ago: the hot store, which has every young link,
     * answers; the archive is never read.
     */
    @Test
    void resolve_neverIssuedPoolShapedCodes_readTheHotStoreOnly() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        long slack = ColdReadOptions.DEFAULTS.slackIds(longPool, config.lease());
        List<String> neverIssued = new ArrayList<>();
        for (long k = 0; k < 20; k++) {
            neverIssued.add(issued(longPool, ISSUED + slack + k * 1_000_003)); // beyond watermark + slack
        }
        neverIssued.add(issued(shortPool, ISSUED + ColdReadOptions.DEFAULTS.slackIds(shortPool, config.lease())));
        redis.resetCommandStats();
        for (String code : neverIssued) {
            assertThat(node.resolver.resolve(code).toCompletableFuture().join()).as(code).isEmpty();
        }
        assertThat(dataCommands(redis.commandCalls())).as("commands reaching Redis: %s", redis.commandCalls())
                // One hot read each: a GET and its TTL script, or in groups one script and the TIME and HGET it
                // runs (commandstats counts a script's own commands too), and an EVAL per master that had not the script.
                .isBetween(1L, 3L * neverIssued.size() + 3);
        assertThat(archive.reads.get()).isZero();
    }

    /** Commands other than the fixture's own (handshake, INFO, CONFIG RESETSTAT) and Cluster topology refreshes. */
    private static long dataCommands(Map<String, Long> calls) {
        List<String> housekeeping = List.of("hello", "info", "config", "cluster", "client", "ping", "command");
        return calls.entrySet().stream()
                .filter(e -> housekeeping.stream().noneMatch(e.getKey()::startsWith))
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** A permanent link restored with its pool's hot TTL is a copy of the archived record: its device targets come along. */
    @Test
    void resolve_permanentLinkWithTargetsGoneFromRedis_isRestoredWithItsTargets() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkTargets targets = new LinkTargets("jdmobile://item/42", "https://play.google.com/store/apps/details?id=x.y", null,
                new LinkTargets.WeChat("wx0123456789abcdef", "pages/item/index", "id=42", "release"));
        LinkRecord plain = permanentLink(issued(longPool, 43));
        LinkRecord archived = new LinkRecord(plain.code(), plain.url(), plain.pool(), plain.ttlSeconds(), true, plain.createdAtMillis(),
                plain.ownerKeyId(), plain.version(), targets);
        archive.preload(new ArchiveMutation.Put(archived));

        Optional<LinkRecord> found = node.resolver.resolve(archived.code()).toCompletableFuture().join();

        assertThat(found).hasValueSatisfying(link -> {
            assertThat(link.ttlSeconds()).as("the pool's hot TTL, not the archived one").isEqualTo(Duration.ofDays(30).toSeconds());
            assertThat(link.targets()).isEqualTo(targets);
        });
        assertThat(LinkRecordCodec.decode(archived.code(), new RawLinks(node.connection, keys).get(archived.code())).targets())
                .as("in Redis").isEqualTo(targets);
    }

    /** Aliases take the same path as issued codes, minus the watermark: hot store, archive once, restore. */
    @Test
    void resolve_aliases_comeBackFromTheArchive_andAnUnknownOneCostsOneArchiveRead() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord alias = new LinkRecord("spring-sale", "https://example.com/spring", "alias", 3_600, true,
                System.currentTimeMillis() - 86_400_000L, "key1", 1);
        archive.preload(new ArchiveMutation.Put(alias));

        assertThat(node.resolver.resolve("spring-sale").toCompletableFuture().join()).contains(alias);
        assertThat(new RawLinks(node.connection, keys).get("spring-sale")).as("restored").isEqualTo(LinkRecordCodec.encode(alias));
        for (int i = 0; i < 5; i++) {
            assertThat(node.resolver.resolve("no-such_alias").toCompletableFuture().join()).isEmpty();
        }
        assertThat(archive.reads.get()).as("one read for the alias, one for the unknown one").isEqualTo(2);
    }

    @Test
    void resolve_possibleCodeTheArchiveDoesNotKnow_readsTheArchiveOnceThenTheNegativeCache() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        String unknown = issued(longPool, 77);
        for (int i = 0; i < 10; i++) {
            assertThat(node.resolver.resolve(unknown).toCompletableFuture().join()).isEmpty();
        }
        assertThat(archive.reads.get()).isEqualTo(1);
    }

    @Test
    void resolve_removedPermanentLink_doesNotComeBackFromTheArchive() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord archived = permanentLink(issued(longPool, 99));
        archive.preload(new ArchiveMutation.Put(archived));
        archive.preload(new ArchiveMutation.Remove(archived.code(), archived.createdAtMillis(), archived.version() + 1));
        assertThat(node.resolver.resolve(archived.code()).toCompletableFuture().join()).isEmpty();
        assertThat(new RawLinks(node.connection, keys).exists(archived.code())).isFalse();
    }

    /**
     * A delete is acknowledged once Redis dropped the link and the outbox holds its removal; the
     * archive learns of it only when the archiver gets there (lag, or HBase down for hours). A read
     * in between must not find the archived copy and put it back into Redis.
     */
    @Test
    void resolve_deletedLinkWhoseRemovalIsNotArchivedYet_staysDeletedOnEveryNode() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord link = permanentLink(issued(longPool, 123));
        assertThat(node.hot.create(link).toCompletableFuture().join()).isTrue();
        archive.preload(new ArchiveMutation.Put(link)); // archived; the removal below never gets there

        assertThat(node.hot.delete(link.code()).toCompletableFuture().join()).isTrue();

        Node fresh = node(archive); // another node, which never held a copy
        for (Node reader : List.of(node, fresh)) {
            for (int i = 0; i < 3; i++) {
                assertThat(reader.resolver.resolve(link.code()).toCompletableFuture().join()).as("read %d", i).isEmpty();
            }
        }
        assertThat(fresh.hot.get(link.code()).toCompletableFuture().join()).isEmpty();
        assertThat(node.hot.delete(link.code()).toCompletableFuture().join()).as("a second delete finds nothing").isFalse();
        assertThat(archive.reads.get()).as("at most one archive read per node, then the negative cache").isLessThanOrEqualTo(2);
    }

    @Test
    void create_ofADeletedCode_takesItAgain_andIsResolved() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord first = permanentLink(issued(longPool, 124));
        assertThat(node.hot.create(first).toCompletableFuture().join()).isTrue();
        assertThat(node.hot.delete(first.code()).toCompletableFuture().join()).isTrue();

        LinkRecord second = new LinkRecord(first.code(), "https://example.org/again", "long", 3_600, true,
                System.currentTimeMillis(), "key2", 1);
        assertThat(node.hot.create(second).toCompletableFuture().join()).as("a deleted alias can be created again").isTrue();
        assertThat(node.resolver.resolve(first.code()).toCompletableFuture().join()).contains(second);
        assertThat(node(archive).hot.get(first.code()).toCompletableFuture().join()).contains(second);
        assertThat(node.hot.create(second).toCompletableFuture().join()).as("but not twice").isFalse();

        assertThat(node.hot.delete(first.code()).toCompletableFuture().join()).isTrue();
        LinkRecord third = new LinkRecord(first.code(), "https://example.org/batch", "long", 3_600, true,
                System.currentTimeMillis() + 1, "key2", 1);
        assertThat(node.hot.createAll(List.of(third, second)).toCompletableFuture().join())
                .as("a batch takes a deleted code again too, once").containsExactly(true, false);
        assertThat(node.resolver.resolve(first.code()).toCompletableFuture().join()).contains(third);
    }

    @Test
    void resolve_temporaryLinkLostByRedis_isRestoredOnlyWhileItCannotHaveExpired() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        // Created two minutes ago with a one-minute TTL: it may have expired, so it stays gone.
        String expired = issued(shortPool, 5);
        archive.preload(new ArchiveMutation.Put(new LinkRecord(expired, "https://example.com/e", "short", 60, false,
                System.currentTimeMillis() - 120_000, "key1", 1)));
        assertThat(node.resolver.resolve(expired).toCompletableFuture().join()).isEmpty();
        assertThat(new RawLinks(node.connection, keys).exists(expired)).isFalse();

        // Created a minute ago with a one-hour TTL, then Redis lost it: it is served and put back.
        LinkRecord young = new LinkRecord(issued(shortPool, 6), "https://example.com/y", "short", 3_600, false,
                System.currentTimeMillis() - 60_000, "key1", 1);
        archive.preload(new ArchiveMutation.Put(young));
        assertThat(node.resolver.resolve(young.code()).toCompletableFuture().join()).contains(young);
        assertThat(new RawLinks(node.connection, keys).ttl(young.code())).isBetween(3_500L, 3_600L);
        assertThat(archive.reads.get()).isEqualTo(2);

        // A live link never costs an archive read.
        LinkRecord live = new LinkRecord(issued(shortPool, 7), "https://example.com/l", "short", 60, false, 1L, "key1", 1);
        assertThat(node.hot.create(live).toCompletableFuture().join()).isTrue();
        assertThat(node.resolver.resolve(live.code()).toCompletableFuture().join()).contains(live);
        assertThat(archive.reads.get()).isEqualTo(2);
    }

    /**
     * Codes issued since the node cached its watermark: a live one costs no archive read; one the
     * outbox archived before Redis lost it (a restart, a failover) is found in the archive, not
     * answered 404 as "too young to be archived"; one not created yet costs one archive read per
     * negative-cache interval.
     */
    @Test
    void resolve_codeIssuedAfterTheWatermarkWasCached_isFoundInRedis_orInTheArchiveOnceRedisLostIt() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord fresh = permanentLink(issued(longPool, ISSUED + 5));
        assertThat(node.hot.create(fresh).toCompletableFuture().join()).isTrue();
        assertThat(node.resolver.resolve(fresh.code()).toCompletableFuture().join()).contains(fresh);
        assertThat(archive.reads.get()).as("a live link costs no archive read").isZero();

        LinkRecord lostByRedis = permanentLink(issued(longPool, ISSUED + 6));
        archive.preload(new ArchiveMutation.Put(lostByRedis));
        assertThat(node.resolver.resolve(lostByRedis.code()).toCompletableFuture().join()).as("archived, then lost by Redis")
                .hasValueSatisfying(found -> assertThat(found.url()).isEqualTo(lostByRedis.url()));

        String notYetCreated = issued(longPool, ISSUED + 7);
        assertThat(node.resolver.resolve(notYetCreated).toCompletableFuture().join()).isEmpty();
        assertThat(node.resolver.resolve(notYetCreated).toCompletableFuture().join()).isEmpty();
        assertThat(archive.reads.get()).as("one read each; the absent code's is remembered").isEqualTo(2);
    }

    @Test
    void resolve_firstCodeIssuedAfterTheCounterWasLost_isFoundAtOnce() {
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive); // caches the watermark
        // Redis lost the counter (a restart without persistence): the next lease re-seeds it a
        // safety gap above the durable watermark, and the link made from it is redirected at once.
        RedisBlockSource source = new RedisBlockSource(node.connection.sync(), keys.namespace(), watermarks,
                config.lease(), IssuerMetrics.NOOP);
        Block block = source.lease(longPool, longPool.blocks().max());
        assertThat(block.start()).as("re-seeded above the gap").isGreaterThanOrEqualTo(
                ISSUED + config.lease().reseedGapBlocks() * longPool.blocks().max());
        LinkRecord fresh = permanentLink(issued(longPool, block.end() - 1));
        assertThat(node.hot.create(fresh).toCompletableFuture().join()).isTrue();
        assertThat(node.resolver.resolve(fresh.code()).toCompletableFuture().join()).contains(fresh);
        assertThat(archive.reads.get()).as("a code that young is looked up in Redis only").isZero();
    }

    /**
     * A node cached the watermark long ago (at start, say) and served nothing of that pool since,
     * while other nodes issued codes above it and the archive took them; then Redis lost
     * everything. The first read of such a code must not be judged by the stale mark ("issued
     * moments ago, so it can only be in Redis"): it waits for a fresh mark and finds the archive.
     */
    @Test
    void resolve_archivedCodeAboveAStaleCachedWatermark_isFoundInTheArchiveAtTheFirstRead() {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive, now::get); // caches the mark ISSUED at "start"
        watermarks.advance(7, new Watermark(0, ISSUED + 3));
        List<LinkRecord> archived = new ArrayList<>();
        for (long id = ISSUED; id < ISSUED + 3; id++) {
            LinkRecord link = permanentLink(issued(longPool, id));
            archive.preload(new ArchiveMutation.Put(link));
            archived.add(link);
        }
        now.addAndGet(ColdReadOptions.DEFAULTS.watermarkMaxAge().multipliedBy(10).toNanos()); // the cached mark is stale now

        for (LinkRecord link : archived) {
            assertThat(node.resolver.resolve(link.code()).toCompletableFuture().join()).as("code of id above the stale mark")
                    .hasValueSatisfying(found -> assertThat(found.url()).isEqualTo(link.url()));
        }
        String neverIssued = issued(longPool, ISSUED + 3 + ColdReadOptions.DEFAULTS.slackIds(longPool, config.lease()));
        assertThat(node.resolver.resolve(neverIssued).toCompletableFuture().join()).as("above the fresh mark and its slack").isEmpty();
        assertThat(archive.reads.get()).as("only the archived codes were read from the archive").isEqualTo(3);
    }

    @Test
    void resolve_afterAWrap_acceptsEveryWellFormedCode() {
        watermarks.advance(7, new Watermark(1, 3));
        SwitchableArchive archive = new SwitchableArchive();
        Node node = node(archive);
        LinkRecord fromEpoch0 = permanentLink(issued(longPool, ISSUED * 1_000_000));
        archive.preload(new ArchiveMutation.Put(fromEpoch0));
        assertThat(node.resolver.resolve(fromEpoch0.code()).toCompletableFuture().join()).isPresent();
    }
}
