package dev.shortcode.core.redis;

import static dev.shortcode.core.redis.TestLinks.link;
import static dev.shortcode.core.redis.TestLinks.randomCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.LinkRouting;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.core.store.StorageUnavailableException;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.testing.redis.RedisDeployment;
import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.KillArgs;
import io.lettuce.core.SetArgs;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Redis hot store against a real Redis. Subclasses choose standalone or Cluster; every test
 * runs on both, each in its own key namespace on the shared servers.
 */
abstract class AbstractRedisHotStoreIntegrationTests {

    /**
     * An outbox that takes one mutation per XADD with none waiting: its backlog is full at once.
     * Creates take the two steps (on a standalone Redis they would not use the outbox's queue).
     */
    private static final HotStoreOptions ONE_OUTBOX_MUTATION_AT_A_TIME = HotStoreOptions.builder().nearCacheMaxSize(1_000)
            .extensionMarksMaxSize(1_000).extensionQueueCapacity(1_000).outboxMaxBatch(1).outboxMaxQueued(1).oneScriptCreates(false)
            .build();

    RedisDeployment redis;
    StoreKeys keys;
    RedisConnection connection;
    RedisHotStore store;
    RawLinks raw;

    protected abstract RedisDeployment redis();

    /** The link layout under test: 0 a key per link, else that many groups ({@link StoreKeys#linkGroups()}). */
    protected int linkGroups() {
        return 0;
    }

    /** The command that writes a link in this layout. */
    String linkWrite() {
        return linkGroups() == 0 ? "set" : "hset";
    }

    /** The command a near cache's reloads send in this layout: one MGET, or an HGET per code. */
    String linkReload() {
        return linkGroups() == 0 ? "mget" : "hget";
    }

    /** A deployment of the same kind that this test owns: it may be stopped. */
    protected abstract RedisDeployment privateRedis();

    @BeforeEach
    void setUp() {
        redis = redis();
        keys = new StoreKeys("t" + UUID.randomUUID().toString().substring(0, 8), 4, linkGroups());
        connection = redis.connect();
        raw = new RawLinks(connection, keys);
        store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
    }

    @AfterEach
    void tearDown() {
        store.close();
        connection.close();
    }

    @Test
    void create_freshCode_storesTheEncodedRecordWithItsTtlAndAPutInTheOutbox() {
        LinkRecord link = link(randomCode(7), 600);
        assertThat(store.create(link).toCompletableFuture().join()).isTrue();
        assertThat(raw.get(link.code())).isEqualTo(LinkRecordCodec.encode(link));
        assertThat(raw.ttl(link.code())).isBetween(590L, 600L);
        assertThat(OutboxContents.of(connection, keys, link.code())).containsExactly(new ArchiveMutation.Put(link));
    }

    @Test
    void create_onALiveCode_returnsFalseLeavesTheLinkIntactAndAppendsNothing() {
        String code = randomCode(7);
        LinkRecord first = link(code, 600);
        LinkRecord second = new LinkRecord(code, "https://attacker.example/", "long", 600, true, first.createdAtMillis() + 1,
                "key2", 1);
        assertThat(store.create(first).toCompletableFuture().join()).isTrue();
        assertThat(store.create(second).toCompletableFuture().join()).isFalse();
        assertThat(raw.get(code)).isEqualTo(LinkRecordCodec.encode(first));
        assertThat(OutboxContents.of(connection, keys, code)).containsExactly(new ArchiveMutation.Put(first));
        assertThat(store.get(code).toCompletableFuture().join()).contains(first);
    }

    private List<Boolean> createAll(RedisHotStore on, List<LinkRecord> links) {
        return on.createAll(links).toCompletableFuture().join();
    }

    @Test
    void createAll_newCodes_storesEveryLinkWithItsTtlAndOnePutEachInTheOutbox() {
        int n = 1_000;
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            links.add(link(randomCode(8), 600 + i));
        }
        redis.resetCommandStats();

        List<Boolean> answers = createAll(store, links);

        assertThat(answers).hasSize(n).containsOnly(true);
        // Read right after the stage completed: an acknowledged link is already in the outbox.
        assertThat(OutboxContents.all(connection, keys)).containsExactlyInAnyOrderElementsOf(
                links.stream().<ArchiveMutation>map(ArchiveMutation.Put::new).toList());
        Map<String, Long> calls = redis.commandCalls();
        assertThat(calls.get(linkWrite())).isEqualTo(n);
        assertThat(calls.get("xadd")).as("XADDs for a batch of %d over %d shards", n, keys.outboxShards())
                .isLessThanOrEqualTo(2L * keys.outboxShards());
        for (LinkRecord l : List.of(links.get(0), links.get(n - 1))) {
            assertThat(raw.get(l.code())).isEqualTo(LinkRecordCodec.encode(l));
            assertThat(raw.ttl(l.code())).isBetween(l.ttlSeconds() - 10, l.ttlSeconds());
        }
        for (LinkRecord l : links) {
            assertThat(store.get(l.code()).toCompletableFuture().join()).contains(l);
        }
        assertThat(store.outboxQueued()).isZero();
    }

    @Test
    void createAll_someCodesLive_refusesThoseLeavesThemUntouchedAndAppendsNothingForThem() {
        LinkRecord liveA = link(randomCode(7), 600);
        LinkRecord liveB = link(randomCode(7), 600);
        assertThat(store.create(liveA).toCompletableFuture().join()).isTrue();
        assertThat(store.create(liveB).toCompletableFuture().join()).isTrue();
        LinkRecord overA = new LinkRecord(liveA.code(), "https://attacker.example/", "long", 60, false, liveA.createdAtMillis() + 1, "key2", 1);
        LinkRecord overB = new LinkRecord(liveB.code(), "https://attacker.example/", "long", 60, false, liveB.createdAtMillis() + 1, "key2", 1);
        LinkRecord fresh1 = link(randomCode(7), 600);
        LinkRecord fresh2 = link(randomCode(7), 600);

        assertThat(createAll(store, List.of(fresh1, overA, overB, fresh2))).containsExactly(true, false, false, true);

        assertThat(raw.get(liveA.code())).isEqualTo(LinkRecordCodec.encode(liveA));
        assertThat(raw.get(liveB.code())).isEqualTo(LinkRecordCodec.encode(liveB));
        assertThat(raw.ttl(liveA.code())).isGreaterThan(500L);
        assertThat(OutboxContents.all(connection, keys)).containsExactlyInAnyOrder(new ArchiveMutation.Put(liveA),
                new ArchiveMutation.Put(liveB), new ArchiveMutation.Put(fresh1), new ArchiveMutation.Put(fresh2));
    }

    @Test
    void createAll_sameCodeTwice_firstIsStoredLaterOnesRefused() {
        String code = randomCode(7);
        LinkRecord first = link(code, 600);
        LinkRecord second = new LinkRecord(code, "https://second.example/", "long", 600, false, first.createdAtMillis(), "key2", 1);
        LinkRecord other = link(randomCode(7), 600);

        assertThat(createAll(store, List.of(first, other, second, second))).containsExactly(true, true, false, false);

        assertThat(raw.get(code)).isEqualTo(LinkRecordCodec.encode(first));
        assertThat(OutboxContents.of(connection, keys, code)).containsExactly(new ArchiveMutation.Put(first));
        assertThat(OutboxContents.all(connection, keys)).hasSize(2);
    }

    @Test
    void createAll_emptyList_answersAnEmptyListWithoutACommand() {
        redis.resetCommandStats();
        assertThat(createAll(store, List.of())).isEmpty();
        Map<String, Long> calls = redis.commandCalls();
        assertThat(calls.getOrDefault(linkWrite(), 0L) + calls.getOrDefault("xadd", 0L)).isZero();
    }

    @Test
    void createAll_whenTheOutboxBacklogIsFull_failsAndTakesItsLinksBack() {
        try (RedisHotStore cramped = new RedisHotStore(connection, keys, ONE_OUTBOX_MUTATION_AT_A_TIME)) {
            List<LinkRecord> first = new ArrayList<>();
            List<LinkRecord> second = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                first.add(link(randomCode(8), 600));
                second.add(link(randomCode(8), 600));
            }
            // The first group is admitted (the backlog was empty) and drains one XADD at a time; the
            // second one's SETs answer right behind the first's, while that backlog is still there.
            CompletableFuture<List<Boolean>> admitted = cramped.createAll(first).toCompletableFuture();
            CompletableFuture<List<Boolean>> refused = cramped.createAll(second).toCompletableFuture();

            assertThat(admitted.join()).containsOnly(true);
            assertThat(refused).failsWithin(Duration.ofSeconds(10)).withThrowableThat()
                    .havingRootCause().isInstanceOf(OutboxBacklogException.class);
            Set<String> inOutbox = new HashSet<>();
            OutboxContents.all(connection, keys).forEach(m -> inOutbox.add(m.code()));
            assertThat(inOutbox).containsAll(first.stream().map(LinkRecord::code).toList());
            assertThat(inOutbox).doesNotContainAnyElementsOf(second.stream().map(LinkRecord::code).toList());
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                for (LinkRecord l : second) {
                    assertThat(raw.get(l.code())).as("link %s taken back", l.code())
                            .isEqualTo(LinkSlots.REMOVED);
                    assertThat(cramped.get(l.code()).toCompletableFuture().join()).isEmpty();
                }
            });
        }
    }

    /**
     * Four nodes create the same 400 codes at once, each with its own URL, while each also creates
     * 200 codes of its own, all in the same few hashes when links are grouped: exactly one create of
     * each shared code wins, Redis holds the winner's link, the outbox holds the winner's Put and
     * nothing of the losers, and no node's own create is lost to another's write beside it.
     */
    @Test
    void create_sameCodesFromFourNodesAtOnce_exactlyOneWinsEach_andNoOtherCreateIsLost() throws Exception {
        int nodes = 4;
        List<String> shared = Stream.generate(() -> randomCode(8)).distinct().limit(400).toList();
        List<RedisConnection> connections = new ArrayList<>();
        List<RedisHotStore> stores = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(nodes);
        try {
            for (int n = 0; n < nodes; n++) {
                connections.add(redis.connect());
                stores.add(new RedisHotStore(connections.get(n), keys, HotStoreOptions.DEFAULTS));
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<Boolean>>> outcomes = new ArrayList<>();
            List<List<LinkRecord>> own = new ArrayList<>();
            for (int n = 0; n < nodes; n++) {
                int node = n;
                List<LinkRecord> mine = Stream.generate(() -> link(randomCode(8), 600)).limit(200).toList();
                own.add(mine);
                outcomes.add(threads.submit(() -> {
                    start.await();
                    List<CompletableFuture<Boolean>> created = new ArrayList<>();
                    for (int i = 0; i < shared.size(); i++) {
                        created.add(stores.get(node).create(byNode(shared.get(i), node)).toCompletableFuture());
                        if (i < mine.size()) {
                            created.add(stores.get(node).create(mine.get(i)).toCompletableFuture());
                        }
                    }
                    return created.stream().map(CompletableFuture::join).toList();
                }));
            }
            start.countDown();
            List<List<Boolean>> results = new ArrayList<>();
            for (Future<List<Boolean>> outcome : outcomes) {
                results.add(outcome.get(60, TimeUnit.SECONDS));
            }
            Map<String, List<ArchiveMutation>> outbox = new HashMap<>();
            OutboxContents.all(connection, keys).forEach(m -> outbox.computeIfAbsent(m.code(), c -> new ArrayList<>()).add(m));
            for (int i = 0; i < shared.size(); i++) {
                String code = shared.get(i);
                List<Integer> winners = new ArrayList<>();
                for (int n = 0; n < nodes; n++) {
                    int position = i < 200 ? 2 * i : 200 + i; // the shared create's place in the node's list
                    if (results.get(n).get(position)) {
                        winners.add(n);
                    }
                }
                assertThat(winners).as("nodes whose create of %s won", code).hasSize(1);
                LinkRecord winner = byNode(code, winners.get(0));
                assertThat(raw.get(code)).as(code).isEqualTo(LinkRecordCodec.encode(winner));
                assertThat(outbox.get(code)).as("the outbox of %s", code).containsExactly(new ArchiveMutation.Put(winner));
            }
            for (int n = 0; n < nodes; n++) {
                for (LinkRecord l : own.get(n)) {
                    assertThat(raw.get(l.code())).as("node %d's own %s", n, l.code()).isEqualTo(LinkRecordCodec.encode(l));
                }
            }
        } finally {
            threads.shutdownNow();
            stores.forEach(RedisHotStore::close);
            connections.forEach(RedisConnection::close);
        }
    }

    /** The link node {@code node} creates under {@code code}: its own URL. */
    private static LinkRecord byNode(String code, int node) {
        return new LinkRecord(code, "https://example.com/" + code + "/from-node-" + node, "long", 600, false, 1_764_000_000_000L,
                "key1", 1);
    }

    @Test
    void get_unknownCode_isEmptyAndNotRemembered() {
        String code = randomCode(7);
        assertThat(store.get(code).toCompletableFuture().join()).isEmpty();
        LinkRecord link = link(code, 600);
        raw.set(code, LinkRecordCodec.encode(link), 600); // created by another node meanwhile
        assertThat(store.get(code).toCompletableFuture().join()).contains(link);
    }

    @Test
    void get_readsExtendTheTtl_whileAnUntouchedLinkExpires() throws Exception {
        LinkRecord read = link(randomCode(7), 2);
        LinkRecord untouched = link(randomCode(7), 2);
        assertThat(store.create(read).toCompletableFuture().join()).isTrue();
        assertThat(store.create(untouched).toCompletableFuture().join()).isTrue();
        long end = System.nanoTime() + Duration.ofMillis(4_000).toNanos();
        while (System.nanoTime() < end) {
            assertThat(store.get(read.code()).toCompletableFuture().join()).as("read link still live").contains(read);
            Thread.sleep(250);
        }
        assertThat(raw.exists(untouched.code())).as("untouched link after 4 s of a 2 s TTL").isFalse();
        assertThat(raw.exists(read.code())).as("link read every 250 ms").isTrue();
        assertThat(store.get(untouched.code()).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void get_hotLinkReadThousandTimesOnOneNode_costsAtMostAHandfulOfRedisCommands() {
        LinkRecord link = link(randomCode(7), 3_600);
        assertThat(store.create(link).toCompletableFuture().join()).isTrue();
        redis.resetCommandStats();
        for (int i = 0; i < 1_000; i++) {
            assertThat(store.get(link.code()).toCompletableFuture().join()).contains(link);
        }
        Map<String, Long> calls = redis.commandCalls();
        long extensions = calls.getOrDefault("expire", 0L) + calls.getOrDefault("getex", 0L);
        long reads = reads(calls);
        assertThat(extensions).as("EXPIRE/GETEX for 1,000 reads, %s", calls).isBetween(1L, 3L);
        assertThat(reads).as("reads reaching Redis for 1,000 reads, %s", calls).isBetween(1L, 4L);
        assertThat(raw.ttl(link.code())).isGreaterThan(3_590L);
    }

    @Test
    void updateAndDelete_areSeenByASecondNodeWithinOneSecond_throughTheInvalidation() {
        // The second node's near cache would serve stale copies for a minute: only the invalidation
        // message can make it see the change in time.
        try (RedisConnection otherConnection = redis.connect();
                RedisHotStore other = new RedisHotStore(otherConnection, keys,
                        HotStoreOptions.builder().nearCacheRefresh(Duration.ofMinutes(1)).nearCacheMaxAge(Duration.ofMinutes(1)).build())) {
            LinkRecord v1 = link(randomCode(7), 600);
            assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
            assertThat(other.get(v1.code()).toCompletableFuture().join()).contains(v1);

            LinkRecord v2 = v1.updated("https://example.org/moved", 900, false);
            assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
            await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10))
                    .until(() -> other.get(v1.code()).toCompletableFuture().join().equals(Optional.of(v2)));

            assertThat(store.delete(v1.code()).toCompletableFuture().join()).isTrue();
            await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10))
                    .until(() -> other.get(v1.code()).toCompletableFuture().join().isEmpty());
        }
    }

    @Test
    void get_changesWithoutAnInvalidation_areSeenByAContinuousReaderWithinTheRefreshInterval() {
        // What a lost invalidation message costs a code read continuously: the refresh interval (1 s
        // by default), plus one reload batch. The changes bypass the store, so no message is sent.
        try (RedisConnection otherConnection = redis.connect();
                RedisHotStore other = new RedisHotStore(otherConnection, keys, HotStoreOptions.DEFAULTS)) {
            LinkRecord v1 = link(randomCode(7), 600);
            assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
            assertThat(other.get(v1.code()).toCompletableFuture().join()).contains(v1);

            LinkRecord v2 = v1.updated("https://example.org/silently", 600, false);
            raw.setKeepingExpiry(v1.code(), LinkRecordCodec.encode(v2));
            assertThat(readContinuouslyUntil(other, v1.code(), Optional.of(v2), Duration.ofMillis(1_500)))
                    .as("silent update seen after").isLessThanOrEqualTo(Duration.ofMillis(1_200));

            raw.delete(v1.code());
            assertThat(readContinuouslyUntil(other, v1.code(), Optional.empty(), Duration.ofMillis(1_500)))
                    .as("silent delete seen after").isLessThanOrEqualTo(Duration.ofMillis(1_200));
        }
    }

    @Test
    void delete_whileASecondNodeReadsTheCodeContinuously_isGoneThereWithinOneSecond() {
        try (RedisConnection otherConnection = redis.connect();
                RedisHotStore other = new RedisHotStore(otherConnection, keys,
                        HotStoreOptions.builder().nearCacheRefresh(Duration.ofMillis(100)).build())) {
            LinkRecord link = link(randomCode(7), 600);
            assertThat(store.create(link).toCompletableFuture().join()).isTrue();
            long end = System.nanoTime() + Duration.ofMillis(300).toNanos();
            while (System.nanoTime() < end) { // hot on the second node, its copy refreshed in the background
                assertThat(other.get(link.code()).toCompletableFuture().join()).contains(link);
            }
            assertThat(store.delete(link.code()).toCompletableFuture().join()).isTrue();
            assertThat(readContinuouslyUntil(other, link.code(), Optional.empty(), Duration.ofSeconds(2)))
                    .isLessThanOrEqualTo(Duration.ofSeconds(1));
            assertThat(other.get(link.code()).toCompletableFuture().join()).as("and stays gone").isEmpty();
        }
    }

    @Test
    void get_hotCodeReadThousandTimesOverThreeSecondsWithFastRefresh_neverWaitsAndCostsFewReads() throws Exception {
        Duration refresh = Duration.ofMillis(100);
        try (RedisHotStore fast = new RedisHotStore(connection, keys, HotStoreOptions.builder().nearCacheRefresh(refresh).build())) {
            LinkRecord link = link(randomCode(7), 3_600);
            assertThat(store.create(link).toCompletableFuture().join()).isTrue();
            assertThat(fast.get(link.code()).toCompletableFuture().join()).contains(link);
            redis.resetCommandStats();
            long began = System.nanoTime();
            for (int i = 0; i < 1_000; i++) {
                CompletableFuture<Optional<LinkRecord>> read = fast.get(link.code()).toCompletableFuture();
                assertThat(read).as("read %d answered without waiting", i).isDone();
                assertThat(read.join()).contains(link);
                Thread.sleep(3);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            Map<String, Long> calls = redis.commandCalls();
            long refreshes = took.toMillis() / refresh.toMillis();
            assertThat(reads(calls)).as("reads reaching Redis in %s, %s", took, calls)
                    .isBetween(refreshes / 3, refreshes + 5);
        }
    }

    @Test
    void reloads_ofAnUnchangedLink_keepItsRecordAndAnswer_andAChangeReplacesThem() throws Exception {
        // Reloads that made a new record each time kept every hot link's objects alive just long
        // enough to be copied by young collections: an unchanged link keeps the objects it has.
        Duration refresh = Duration.ofMillis(50);
        try (RedisHotStore fast = new RedisHotStore(connection, keys, HotStoreOptions.builder().nearCacheRefresh(refresh).build())) {
            LinkRecord v1 = link(randomCode(7), 3_600);
            assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
            assertThat(fast.get(v1.code()).toCompletableFuture().join()).contains(v1); // the miss: loaded
            CompletionStage<Optional<LinkRecord>> firstAnswer = fast.get(v1.code()); // the copy's own answer
            LinkRecord first = firstAnswer.toCompletableFuture().join().orElseThrow();
            redis.resetCommandStats();
            for (int i = 0; i < 100; i++) {
                assertThat(fast.get(v1.code())).as("read %d", i).isSameAs(firstAnswer);
                Thread.sleep(5);
            }
            assertThat(redis.commandCalls().getOrDefault(linkReload(), 0L)).as("reloads in 500 ms at a 50 ms refresh").isGreaterThanOrEqualTo(3);
            assertThat(fast.cached(v1.code())).isSameAs(first);

            LinkRecord v2 = v1.updated("https://example.org/changed-behind-its-back", 3_600, false);
            raw.setKeepingExpiry(v1.code(), LinkRecordCodec.encode(v2));
            readContinuouslyUntil(fast, v1.code(), Optional.of(v2), Duration.ofSeconds(2));
            assertThat(fast.cached(v1.code())).isNotSameAs(first).isEqualTo(v2);
        }
    }

    @Test
    void update_withTheSecondNodesSubscriptionKilled_isSeenThereWithinOneSecond_andTheSubscriptionComesBack() {
        // Refresh at a minute: only the invalidation, or the check of suspect copies, can show B the change.
        try (RedisConnection otherConnection = redis.connect();
                RedisHotStore other = new RedisHotStore(otherConnection, keys,
                        HotStoreOptions.builder().nearCacheRefresh(Duration.ofMinutes(1)).nearCacheMaxAge(Duration.ofMinutes(1)).build())) {
            LinkRecord v1 = link(randomCode(7), 3_600);
            assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
            assertThat(other.get(v1.code()).toCompletableFuture().join()).contains(v1);

            redis.onEachMaster(master -> master.clientKill(KillArgs.Builder.typePubsub()));
            LinkRecord v2 = v1.updated("https://example.org/while-unsubscribed", 3_600, false);
            assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
            assertThat(readContinuouslyUntil(other, v1.code(), Optional.of(v2), Duration.ofSeconds(2)))
                    .isLessThanOrEqualTo(Duration.ofSeconds(1));

            // Lettuce re-subscribes by itself; from then on the message alone carries the next change.
            await().atMost(Duration.ofSeconds(5)).until(other::subscribed);
            await().atMost(Duration.ofSeconds(5)).until(store::subscribed);
            assertThat(other.get(v1.code()).toCompletableFuture().join()).contains(v2);
            assertThat(other.get(v1.code()).toCompletableFuture()).as("trusted again: served from memory").isDone();
            LinkRecord v3 = v2.updated("https://example.org/after-resubscribing", 3_600, false);
            assertThat(store.update(v3).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
            assertThat(readContinuouslyUntil(other, v1.code(), Optional.of(v3), Duration.ofSeconds(2)))
                    .isLessThanOrEqualTo(Duration.ofSeconds(1));
        }
    }

    @Test
    void update_whosePublishFails_isRetriedUntilItGetsThrough() {
        // A user that may not PUBLISH: the update succeeds, its invalidation fails until allowed.
        String user = "nopub-" + keys.namespace();
        redis.onEachMaster(master -> master.aclSetuser(user, AclSetuserArgs.Builder.on().addPassword("secret-pw")
                .allKeys().allChannels().allCommands().removeCommand(CommandType.PUBLISH)));
        List<io.lettuce.core.RedisURI> uris = redis.uris().stream().map(u -> io.lettuce.core.RedisURI.builder(u)
                .withAuthentication(user, "secret-pw").build()).toList();
        try (RedisConnection restricted = RedisConnection.open(redis.cluster() ? uris : List.of(uris.get(0)), redis.cluster(),
                Duration.ofSeconds(3));
                RedisHotStore publisher = new RedisHotStore(restricted, keys, HotStoreOptions.DEFAULTS);
                RedisConnection otherConnection = redis.connect();
                RedisHotStore other = new RedisHotStore(otherConnection, keys,
                        HotStoreOptions.builder().nearCacheRefresh(Duration.ofMinutes(1)).nearCacheMaxAge(Duration.ofMinutes(1)).build())) {
            LinkRecord v1 = link(randomCode(7), 3_600);
            assertThat(publisher.create(v1).toCompletableFuture().join()).isTrue();
            assertThat(other.get(v1.code()).toCompletableFuture().join()).contains(v1);
            LinkRecord v2 = v1.updated("https://example.org/late-news", 3_600, false);
            assertThat(publisher.update(v2).toCompletableFuture().join()).as("the update itself").isEqualTo(UpdateResult.UPDATED);
            assertThat(publisher.invalidationsPendingRetry()).isEqualTo(1);
            assertThat(other.get(v1.code()).toCompletableFuture().join()).as("not told yet").contains(v1);

            redis.onEachMaster(master -> master.aclSetuser(user, AclSetuserArgs.Builder.on().addCommand(CommandType.PUBLISH)));
            await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(10))
                    .until(() -> other.get(v1.code()).toCompletableFuture().join().equals(Optional.of(v2)));
            assertThat(publisher.invalidationsPendingRetry()).isZero();
        } finally {
            redis.onEachMaster(master -> master.aclDeluser(user));
        }
    }

    @Test
    void get_whileRedisIsDown_servesNearCachedLinksUntilTheirMaxAge_thenFails() throws Exception {
        Duration maxAge = Duration.ofSeconds(3);
        Duration timeout = Duration.ofMillis(500);
        try (RedisDeployment doomed = privateRedis()) {
            LinkRecord link = link(randomCode(7), 3_600);
            try (RedisConnection c = RedisConnection.open(doomed.cluster() ? doomed.uris() : List.of(doomed.uris().get(0)),
                    doomed.cluster(), timeout);
                    RedisHotStore node = new RedisHotStore(c, keys, HotStoreOptions.builder().nearCacheRefresh(Duration.ofMillis(100))
                            .nearCacheMaxAge(maxAge).build())) {
                assertThat(node.create(link).toCompletableFuture().join()).isTrue();
                assertThat(node.get(link.code()).toCompletableFuture().join()).contains(link);
                long lastRead = System.nanoTime(); // the copy is at most this old
                doomed.close();
                long down = System.nanoTime(); // and at least this old

                // Served from memory: the first read may wait for Redis to time out, the others do not.
                int waited = 0;
                while (System.nanoTime() - lastRead < maxAge.minus(timeout).minusMillis(300).toNanos()) {
                    CompletableFuture<Optional<LinkRecord>> read = node.get(link.code()).toCompletableFuture();
                    waited += read.isDone() ? 0 : 1;
                    assertThat(read.join()).contains(link);
                    Thread.sleep(20);
                }
                assertThat(waited).as("reads that waited for the dead Redis").isBetween(0, 2);

                // Past the max age: reads wait for Redis again, and fail as it does.
                Thread.sleep(Math.max(0, maxAge.toMillis() + 200 - Duration.ofNanos(System.nanoTime() - down).toMillis()));
                assertThat(node.get(link.code()).toCompletableFuture()).failsWithin(Duration.ofSeconds(5));
            }
        }
    }

    /**
     * Creates and batches enough to touch every master and load the scripts: a Cluster connects to
     * a node on its first command there, and while that node is paused the connection's handshake
     * waits without the command timeout.
     */
    private void connectToEveryNode(RedisHotStore node) {
        for (int i = 0; i < 30; i++) {
            assertThat(node.create(link(randomCode(7), 600)).toCompletableFuture().join()).isTrue();
        }
        assertThat(createAll(node, List.of(link(randomCode(7), 600), link(randomCode(7), 600)))).containsOnly(true);
    }

    /**
     * {@code CLIENT PAUSE} on every master at once: connections to all of them are opened first, so
     * that no master resumes before the last one is paused.
     */
    static void pauseEveryMaster(RedisDeployment deployment, Duration pause) {
        List<io.lettuce.core.RedisClient> clients = deployment.uris().stream().map(io.lettuce.core.RedisClient::create).toList();
        try {
            List<io.lettuce.core.api.StatefulRedisConnection<String, String>> masters = clients.stream()
                    .map(io.lettuce.core.RedisClient::connect).toList();
            masters.forEach(master -> master.sync().clientPause(pause.toMillis()));
            masters.forEach(io.lettuce.core.api.StatefulRedisConnection::close);
        } finally {
            clients.forEach(client -> client.shutdown(Duration.ZERO, Duration.ofSeconds(1)));
        }
    }

    /** Reads {@code code} on {@code node} back to back until it answers {@code expected}; how long that took. */
    static Duration readContinuouslyUntil(RedisHotStore node, String code, Optional<LinkRecord> expected, Duration atMost) {
        long began = System.nanoTime();
        long deadline = began + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            if (node.get(code).toCompletableFuture().join().equals(expected)) {
                return Duration.ofNanos(System.nanoTime() - began);
            }
            Thread.onSpinWait();
        }
        throw new AssertionError(code + " did not read as " + expected + " within " + atMost);
    }

    /**
     * Round trips that read links: scripts, GET and the reloads' MGET; with links in groups, every
     * script and every reload batch asks Redis for its TIME once, so that counts them.
     */
    long reads(Map<String, Long> calls) {
        if (linkGroups() > 0) {
            return calls.getOrDefault("time", 0L);
        }
        return calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L) + calls.getOrDefault("get", 0L)
                + calls.getOrDefault("mget", 0L);
    }

    @Test
    void update_replacesOnlyTheNextVersionOfTheSameLink_andResetsItsTtl() {
        LinkRecord v1 = link(randomCode(7), 600);
        assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
        LinkRecord skipping = new LinkRecord(v1.code(), "https://example.org/skip", "long", 600, false, v1.createdAtMillis(), "key1", 3);
        LinkRecord otherLink = new LinkRecord(v1.code(), "https://example.org/other", "long", 600, false, v1.createdAtMillis() - 1,
                "key1", 2);
        assertThat(store.update(skipping).toCompletableFuture().join()).as("version 3 over 1").isEqualTo(UpdateResult.STALE);
        assertThat(store.update(otherLink).toCompletableFuture().join()).as("another link's version 2").isEqualTo(UpdateResult.STALE);

        LinkRecord v2 = v1.updated("https://example.org/next", 60, true);
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.get(v1.code()).toCompletableFuture().join()).contains(v2);
        assertThat(raw.ttl(v1.code())).isBetween(50L, 60L);
        assertThat(store.update(v2).toCompletableFuture().join()).as("the same version twice").isEqualTo(UpdateResult.STALE);
        assertThat(store.update(link(randomCode(7), 60).updated("https://x.example/", 60, false)).toCompletableFuture().join())
                .as("no live link").isEqualTo(UpdateResult.MISSING);
    }

    /** The scripts find version, creation time and TTL in a record with targets (format 2) as in one without. */
    @Test
    void linkWithTargets_isExtendedOnReadUpdatedByVersionAndArchivedWithItsTargets() {
        LinkTargets targets = new LinkTargets("jdmobile://item/7", null, "https://desktop.example/7",
                new LinkTargets.WeChat("wx0123456789abcdef", "pages/index/index", "a=1&b=2", "trial"));
        LinkRecord plain = link(randomCode(7), 600);
        LinkRecord v1 = new LinkRecord(plain.code(), plain.url(), plain.pool(), 600, false, plain.createdAtMillis(), plain.ownerKeyId(), 1,
                targets);
        assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
        raw.expire(v1.code(), 30);

        assertThat(store.get(v1.code()).toCompletableFuture().join()).contains(v1);
        assertThat(raw.ttl(v1.code())).as("extended by the record's own TTL").isBetween(590L, 600L);

        LinkRecord v2 = v1.updated(v1.url(), 600, false, new LinkTargets(null, "https://android.example/7", null, null));
        assertThat(store.update(v1.updated("https://x.example/", 600, false).updated("https://y.example/", 600, false))
                .toCompletableFuture().join()).as("a version that skips one").isEqualTo(UpdateResult.STALE);
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.peek(v1.code()).toCompletableFuture().join()).contains(v2);
        LinkRecord v3 = v2.updated(v2.url(), 600, false, LinkTargets.NONE);
        assertThat(store.update(v3).toCompletableFuture().join()).as("format 2 replaced by format 1").isEqualTo(UpdateResult.UPDATED);
        assertThat(raw.get(v1.code())).startsWith("1\t");
        assertThat(OutboxContents.of(connection, keys, v1.code()))
                .containsExactly(new ArchiveMutation.Put(v1), new ArchiveMutation.Put(v2), new ArchiveMutation.Put(v3));
    }

    /** The scripts find version, creation time and TTL in a record with metadata (format 3) as in the others. */
    @Test
    void linkWithMeta_isExtendedOnReadAndUpdatedByVersion() {
        LinkRecord plain = link(randomCode(7), 600);
        LinkRecord v1 = new LinkRecord(plain.code(), plain.url(), plain.pool(), 600, false, plain.createdAtMillis(), plain.ownerKeyId(), 1,
                LinkTargets.NONE, new LinkMeta("Spring sale", List.of("spring", "mail"), "order-7"));
        assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
        assertThat(raw.get(v1.code())).startsWith("3\t");
        raw.expire(v1.code(), 30);

        assertThat(store.get(v1.code()).toCompletableFuture().join()).contains(v1);
        assertThat(raw.ttl(v1.code())).as("extended by the record's own TTL").isBetween(590L, 600L);

        LinkRecord v2 = v1.updated(v1.url(), 600, false, LinkTargets.NONE, v1.meta().withTags(List.of("mail")));
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.peek(v1.code()).toCompletableFuture().join()).contains(v2);
        assertThat(store.update(v2).toCompletableFuture().join()).as("the same version twice").isEqualTo(UpdateResult.STALE);
    }

    /** The scripts find version, creation time and TTL in a record with routing (format 4) as in the others. */
    @Test
    void linkWithRouting_isExtendedOnReadAndUpdatedByVersion() {
        LinkRecord plain = link(randomCode(7), 600);
        LinkRecord v1 = new LinkRecord(plain.code(), plain.url(), plain.pool(), 600, false, plain.createdAtMillis(), plain.ownerKeyId(), 1,
                LinkTargets.NONE, LinkMeta.NONE, LinkRouting.NONE.withMaxClicks(5L).withSplit(List.of(
                        new LinkRouting.Variant("https://a.example/", 1), new LinkRouting.Variant("https://b.example/", 2))));
        assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
        assertThat(raw.get(v1.code())).startsWith("4\t");
        raw.expire(v1.code(), 30);

        assertThat(store.get(v1.code()).toCompletableFuture().join()).contains(v1);
        assertThat(raw.ttl(v1.code())).as("extended by the record's own TTL").isBetween(590L, 600L);

        LinkRecord v2 = v1.updated(v1.url(), 600, false, LinkTargets.NONE, LinkMeta.NONE, LinkRouting.NONE);
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(raw.get(v1.code())).as("routing removed: back to format 1").startsWith("1\t");
        assertThat(store.update(v2).toCompletableFuture().join()).as("the same version twice").isEqualTo(UpdateResult.STALE);
    }

    @Test
    void updateAndDelete_appendTheirMutationsToTheOutboxInVersionOrder() {
        LinkRecord v1 = link(randomCode(7), 600);
        assertThat(store.create(v1).toCompletableFuture().join()).isTrue();
        LinkRecord v2 = v1.updated("https://example.org/next", 600, false);
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.delete(v1.code()).toCompletableFuture().join()).isTrue();
        assertThat(store.delete(v1.code()).toCompletableFuture().join()).as("second delete").isFalse();
        assertThat(store.get(v1.code()).toCompletableFuture().join()).isEmpty();
        List<ArchiveMutation> mutations = OutboxContents.of(connection, keys, v1.code());
        assertThat(mutations).containsExactly(new ArchiveMutation.Put(v1), new ArchiveMutation.Put(v2),
                new ArchiveMutation.Remove(v1.code(), v1.createdAtMillis(), 3));
    }

    @Test
    void create_inTwoSteps_manyInFlight_batchesOutboxAppendsIntoFewEntries() {
        int n = 5_000;
        try (RedisHotStore twoSteps = new RedisHotStore(connection, keys, HotStoreOptions.builder().oneScriptCreates(false).build())) {
            redis.resetCommandStats();
            List<CompletableFuture<Boolean>> created = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                created.add(twoSteps.create(link(randomCode(8), 600)).toCompletableFuture());
            }
            assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
            Map<String, Long> calls = redis.commandCalls();
            assertThat(calls.get(linkWrite())).isEqualTo(n);
            assertThat(calls.get("xadd")).as("XADDs for %d creates", n).isLessThan(n / 4);
            assertThat(OutboxContents.all(connection, keys)).hasSize(n);
            assertThat(twoSteps.outboxQueued()).isZero();
        }
    }

    @Test
    void create_overTheRemovalMarkerOfADeletedLink_takesTheCode_andTheOutboxHoldsBothLinksInOrder() {
        LinkRecord first = link(randomCode(7), 600);
        assertThat(store.create(first).toCompletableFuture().join()).isTrue();
        assertThat(store.delete(first.code()).toCompletableFuture().join()).isTrue();
        LinkRecord second = new LinkRecord(first.code(), "https://example.org/second", "long", 900, true, first.createdAtMillis() + 1,
                "key2", 1);
        assertThat(store.create(second).toCompletableFuture().join()).isTrue();
        assertThat(raw.get(first.code())).isEqualTo(LinkRecordCodec.encode(second));
        assertThat(raw.ttl(first.code())).isBetween(890L, 900L);
        assertThat(OutboxContents.of(connection, keys, first.code())).containsExactly(new ArchiveMutation.Put(first),
                new ArchiveMutation.Remove(first.code(), first.createdAtMillis(), 2), new ArchiveMutation.Put(second));
        assertThat(store.create(first).toCompletableFuture().join()).as("the code is live again").isFalse();
    }

    /**
     * A create whose reply never comes (Redis paused past the command timeout, then running it) is
     * reported failed and taken back once Redis runs again: the code ends as the removal marker, and
     * the outbox either holds nothing of it (two steps: the Put was never sent) or its Put followed by
     * a Remove (one script: the Put went with the link), so the archive ends without the link too.
     */
    @Test
    void create_whoseReplyIsLost_failsAndIsTakenBack_leavingNoLiveLinkInRedisOrTheArchive() {
        LinkRecord link = link(randomCode(7), 600);
        assertLostRepliesAreTakenBack(List.of(link), node -> node.create(link));
    }

    /** As above for a batch: every link of a batch whose replies are lost ends taken back, in Redis and in the archive. */
    @Test
    void createAll_whoseRepliesAreLost_failsAndTakesEveryLinkBack_leavingNoLiveLinkInRedisOrTheArchive() {
        List<LinkRecord> links = IntStream.range(0, 40).mapToObj(i -> link(randomCode(7), 600)).toList();
        assertLostRepliesAreTakenBack(links, node -> node.createAll(links));
    }

    /** Pauses every master past the command timeout while {@code write} stores {@code links}, then checks they end taken back. */
    private void assertLostRepliesAreTakenBack(List<LinkRecord> links,
            Function<RedisHotStore, CompletionStage<?>> write) {
        try (RedisDeployment own = privateRedis();
                RedisConnection c = RedisConnection.open(own.cluster() ? own.uris() : List.of(own.uris().get(0)), own.cluster(),
                        Duration.ofMillis(300));
                RedisHotStore node = new RedisHotStore(c, keys, HotStoreOptions.DEFAULTS)) {
            connectToEveryNode(node);
            pauseEveryMaster(own, Duration.ofMillis(2_500));
            assertThat(write.apply(node).toCompletableFuture()).failsWithin(Duration.ofSeconds(5))
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(StorageUnavailableException.class);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().untilAsserted(() -> { // reads time out while paused
                for (LinkRecord link : links) {
                    assertThat(new RawLinks(c, keys).get(link.code())).as(link.code()).isEqualTo(LinkSlots.REMOVED);
                }
                assertThat(node.takeBacksPending()).isZero();
            });
            for (LinkRecord link : links) {
                List<ArchiveMutation> archived = OutboxContents.of(c, keys, link.code());
                if (own.cluster()) {
                    assertThat(archived).as(link.code()).isEmpty();
                } else {
                    assertThat(archived).as(link.code()).containsExactly(new ArchiveMutation.Put(link),
                            new ArchiveMutation.Remove(link.code(), link.createdAtMillis(), link.version() + 1));
                }
                assertThat(node.get(link.code()).toCompletableFuture().join()).as(link.code()).isEmpty();
            }
        }
    }

    @Test
    void create_whenTheOutboxBacklogIsFull_failsFastAndTakesTheLinkBack() {
        try (RedisHotStore cramped = new RedisHotStore(connection, keys, ONE_OUTBOX_MUTATION_AT_A_TIME)) {
            List<LinkRecord> links = new ArrayList<>();
            List<CompletableFuture<Boolean>> created = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                LinkRecord link = link(randomCode(8), 600);
                links.add(link);
                created.add(cramped.create(link).toCompletableFuture().handle((ok, failure) -> {
                    if (failure != null) {
                        assertThat(failure).isInstanceOf(OutboxBacklogException.class).isInstanceOf(StorageUnavailableException.class);
                        return Boolean.FALSE;
                    }
                    return ok;
                }));
            }
            List<Boolean> outcomes = created.stream().map(CompletableFuture::join).toList();
            assertThat(outcomes).as("some creates refused").contains(false).as("some stored").contains(true);
            Set<String> inOutbox = new HashSet<>();
            OutboxContents.all(connection, keys).forEach(m -> inOutbox.add(m.code()));
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                for (int i = 0; i < links.size(); i++) {
                    String code = links.get(i).code();
                    String held = raw.get(code);
                    assertThat(held != null && !LinkSlots.REMOVED.equals(held)).as("link %s live", code).isEqualTo(outcomes.get(i));
                    assertThat(inOutbox.contains(code)).as("link %s in the outbox", code).isEqualTo(outcomes.get(i));
                }
            });
        }
    }
}
