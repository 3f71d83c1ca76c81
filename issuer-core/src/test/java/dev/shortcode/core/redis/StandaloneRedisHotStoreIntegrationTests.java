package dev.shortcode.core.redis;

import static dev.shortcode.core.redis.TestLinks.link;
import static dev.shortcode.core.redis.TestLinks.randomCode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.StorageUnavailableException;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The hot store on a standalone Redis, with a key per link; {@link StandaloneGroupedRedisHotStoreIntegrationTests} runs the same on links in groups. */
class StandaloneRedisHotStoreIntegrationTests extends AbstractRedisHotStoreIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.standalone();
    }

    @Test
    void create_onStandalone_withoutCoalescing_isOneScriptPerCreate_withItsPutInTheOutboxWhenItAnswers() {
        store.close();
        store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS.toBuilder().coalesceCreates(0).build());
        int n = 2_000;
        redis.resetCommandStats();
        List<LinkRecord> links = new ArrayList<>();
        List<CompletableFuture<Boolean>> created = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            LinkRecord link = link(randomCode(8), 600);
            links.add(link);
            created.add(store.create(link).toCompletableFuture());
        }
        assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
        Map<String, Long> calls = redis.commandCalls();
        assertThat(calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L)).as("round trips").isEqualTo(n);
        assertThat(calls.getOrDefault("eval", 0L)).as("EVALs after the script was loaded").isLessThanOrEqualTo(1L);
        assertThat(calls.get(linkWrite())).isEqualTo(n);
        assertThat(calls.get("xadd")).as("one entry per create").isEqualTo(n);
        assertThat(OutboxContents.all(connection, keys)).containsExactlyInAnyOrderElementsOf(links.stream().map(ArchiveMutation.Put::new).toList());
        assertThat(store.outboxQueued()).as("nothing waits on the node").isZero();
    }

    /**
     * Creates sent together (as from many connections at once): the first goes at once, the others
     * wait for it and leave in calls of at most 64, each call one outbox entry per shard it touches;
     * every create gets its own answer, and a code sent twice is stored once.
     */
    @Test
    void create_onStandalone_concurrentCreates_leaveAsOneCallWhileThePreviousIsInFlight() {
        int n = 2_000;
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            links.add(link(randomCode(8), 600));
        }
        LinkRecord twice = links.get(7);
        redis.resetCommandStats();
        List<CompletableFuture<Boolean>> created = new ArrayList<>();
        for (LinkRecord link : links) {
            created.add(store.create(link).toCompletableFuture());
        }
        CompletableFuture<Boolean> again = store.create(twice).toCompletableFuture();

        assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
        assertThat(again.join()).as("the same code a second time").isFalse();
        Map<String, Long> calls = redis.commandCalls();
        long scriptCalls = calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
        int maxPerCall = HotStoreOptions.DEFAULTS.coalesceCreates();
        assertThat(scriptCalls).as("coalesced calls").isGreaterThanOrEqualTo((n + 1) / maxPerCall).isLessThan(n / 10);
        assertThat(calls.get(linkWrite())).as("every link written once; the code sent twice may try its SET NX again").isBetween((long) n, n + 1L);
        assertThat(calls.get("xadd")).as("one entry per call and shard").isLessThanOrEqualTo(scriptCalls * keys.outboxShards())
                .isLessThan(n / 4);
        assertThat(OutboxContents.all(connection, keys)).containsExactlyInAnyOrderElementsOf(links.stream().map(ArchiveMutation.Put::new).toList());
        for (LinkRecord link : List.of(links.get(0), twice, links.get(n - 1))) {
            assertThat(store.get(link.code()).toCompletableFuture().join()).contains(link);
        }
    }

    /** Many threads creating at once: each create answered once, nothing lost or doubled, no call left waiting. */
    @Test
    void create_onStandalone_fromManyThreads_answersEachCreateOnce() throws Exception {
        int threads = 16;
        int perThread = 500;
        java.util.concurrent.ConcurrentLinkedQueue<LinkRecord> made = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                work.add(pool.submit(() -> {
                    List<CompletableFuture<Boolean>> mine = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        LinkRecord link = link(randomCode(8), 600);
                        made.add(link);
                        mine.add(store.create(link).toCompletableFuture());
                        if (i % 50 == 49) {
                            mine.forEach(CompletableFuture::join); // waves, as connections wait for their answers
                        }
                    }
                    assertThat(mine.stream().map(CompletableFuture::join)).containsOnly(true);
                }));
            }
            for (java.util.concurrent.Future<?> f : work) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(OutboxContents.all(connection, keys)).hasSize(threads * perThread)
                .containsExactlyInAnyOrderElementsOf(made.stream().map(ArchiveMutation.Put::new).toList());
    }

    @Test
    void createAll_onStandalone_isOneScriptCallPerShardAndBatch_andOneOutboxEntryPerCall() {
        int n = 1_000;
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            links.add(link(randomCode(8), 600));
        }
        int[] perShard = new int[keys.outboxShards()];
        links.forEach(l -> perShard[keys.shardOf(l.code())]++);
        int maxBatch = HotStoreOptions.DEFAULTS.outboxMaxBatch();
        long calls = java.util.Arrays.stream(perShard).map(k -> (k + maxBatch - 1) / maxBatch).sum();
        redis.resetCommandStats();

        assertThat(store.createAll(links).toCompletableFuture().join()).hasSize(n).containsOnly(true);

        Map<String, Long> commands = redis.commandCalls();
        assertThat(commands.getOrDefault("evalsha", 0L) + commands.getOrDefault("eval", 0L)).as("script calls").isEqualTo(calls);
        assertThat(commands.get(linkWrite())).as("inside the scripts").isEqualTo(n);
        assertThat(commands.get("xadd")).as("one entry per call").isEqualTo(calls);
        assertThat(OutboxContents.entries(connection, keys)).isEqualTo(calls);
        assertThat(OutboxContents.all(connection, keys)).containsExactlyInAnyOrderElementsOf(links.stream().map(ArchiveMutation.Put::new).toList());
    }

    /** Past a thousand links a call's XADD would unpack more values than Lua's stack holds, after its writes. */
    @Test
    void createAll_withAnOutboxBatchAboveTheScriptsLimit_takesAThousandLinksPerCall() {
        StoreKeys oneShard = new StoreKeys(keys.namespace() + "x", 1, keys.linkGroups());
        try (RedisHotStore wide = new RedisHotStore(connection, oneShard, HotStoreOptions.builder().outboxMaxBatch(10_000).build())) {
            List<LinkRecord> links = new ArrayList<>();
            for (int i = 0; i < 4_500; i++) { // 9,000 values to unpack in one call
                links.add(link(randomCode(8), 600));
            }
            redis.resetCommandStats();

            assertThat(wide.createAll(links).toCompletableFuture().join()).hasSize(4_500).containsOnly(true);

            Map<String, Long> commands = redis.commandCalls();
            assertThat(commands.getOrDefault("evalsha", 0L) + commands.getOrDefault("eval", 0L)).as("script calls").isEqualTo(5);
            assertThat(OutboxContents.entries(connection, oneShard)).isEqualTo(5);
            assertThat(OutboxContents.all(connection, oneShard)).hasSize(4_500);
        }
    }

    @Test
    void createAndCreateAll_whenRedisIsOutOfMemory_failAsUnavailable_andWriteNeitherLinksNorPuts() {
        try (RedisDeployment own = privateRedis(); RedisConnection c = own.connect();
                RedisHotStore node = new RedisHotStore(c, keys, HotStoreOptions.DEFAULTS)) {
            assertThat(node.create(link(randomCode(7), 600)).toCompletableFuture().join()).isTrue();
            LinkRecord refused = link(randomCode(7), 600);
            c.sync().configSet("maxmemory", "1");
            assertThat(node.create(refused).toCompletableFuture()).failsWithin(Duration.ofSeconds(5))
                    .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(StorageUnavailableException.class)
                    .withMessageContaining("OOM");
            List<LinkRecord> batch = List.of(link(randomCode(7), 600), link(randomCode(7), 600));
            assertThat(node.createAll(batch).toCompletableFuture()).failsWithin(Duration.ofSeconds(5))
                    .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(StorageUnavailableException.class);
            c.sync().configSet("maxmemory", "0");
            for (LinkRecord link : List.of(refused, batch.get(0), batch.get(1))) {
                assertThat(new RawLinks(c, keys).exists(link.code())).as(link.code()).isFalse();
                assertThat(OutboxContents.of(c, keys, link.code())).as(link.code()).isEmpty();
            }
            assertThat(node.takeBacksPending()).as("nothing to take back: Redis refused the script").isZero();
            assertThat(node.create(refused).toCompletableFuture().join()).as("the same create once Redis has room").isTrue();
            assertThat(OutboxContents.of(c, keys, refused.code())).containsExactly(new ArchiveMutation.Put(refused));
        }
    }
}
