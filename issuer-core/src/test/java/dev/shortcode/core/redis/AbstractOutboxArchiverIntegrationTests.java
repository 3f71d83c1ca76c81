package dev.shortcode.core.redis;

import static dev.shortcode.core.redis.TestLinks.link;
import static dev.shortcode.core.redis.TestLinks.randomCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.testing.redis.RedisDeployment;
import io.lettuce.core.Consumer;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.XReadArgs.StreamOffset;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox, end to end: hot store creates, archivers, an archive that fails, hangs or accepts.
 * Subclasses choose standalone or Cluster.
 */
abstract class AbstractOutboxArchiverIntegrationTests {

    /** Fast retries and claims, so outages and dead consumers resolve within a test's patience. */
    static final ArchiverOptions FAST = ArchiverOptions.builder()
            .retryBackoffMin(Duration.ofMillis(20)).retryBackoffMax(Duration.ofMillis(200))
            .claimIdle(Duration.ofSeconds(30)).claimInterval(Duration.ofMillis(200)).build();

    RedisDeployment redis;
    StoreKeys keys;
    RedisConnection connection;
    RedisHotStore store;
    SwitchableArchive archive;
    final List<AutoCloseable> toClose = new ArrayList<>();

    protected abstract RedisDeployment redis();

    @BeforeEach
    void setUp() {
        redis = redis();
        keys = new StoreKeys("t" + UUID.randomUUID().toString().substring(0, 8), 4);
        connection = redis.connect();
        store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
        archive = new SwitchableArchive();
    }

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
        store.close();
        connection.close();
    }

    OutboxArchiver archiver(String name, ArchiverOptions options, OutboxMetrics metrics) {
        OutboxArchiver archiver = new OutboxArchiver(redis::connect, archive, keys, options, metrics, name, Clock.systemUTC());
        toClose.add(archiver);
        return archiver.start();
    }

    List<LinkRecord> createLinks(int n) {
        Semaphore inFlight = new Semaphore(2_000);
        List<LinkRecord> links = new ArrayList<>(n);
        List<CompletableFuture<Boolean>> created = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            LinkRecord link = link(randomCode(9), 600);
            links.add(link);
            inFlight.acquireUninterruptibly();
            CompletableFuture<Boolean> f = store.create(link).toCompletableFuture();
            f.whenComplete((ok, failure) -> inFlight.release());
            created.add(f);
        }
        assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
        return links;
    }

    @Test
    void archiver_archiveFailingWhile50000LinksAreCreated_deliversEachExactlyOnceWhenItRecovers() {
        archive.switchTo(SwitchableArchive.Mode.FAIL);
        AtomicLong failures = new AtomicLong();
        AtomicLong batches = new AtomicLong();
        AtomicLong lengthSamples = new AtomicLong();
        OutboxMetrics metrics = new OutboxMetrics() {
            @Override
            public void archiveFailed(int shard, Throwable cause) {
                failures.incrementAndGet();
            }

            @Override
            public void batchArchived(int shard, int entries, int mutations, long nanos) {
                batches.incrementAndGet();
            }

            @Override
            public void outboxLength(int shard, long entries) {
                lengthSamples.incrementAndGet();
            }
        };
        archiver("node-1", FAST, metrics);

        List<LinkRecord> links = createLinks(50_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> failures.get() >= 3);
        assertThat(archive.putsPerCode()).as("archived while the archive is down").isEmpty();
        assertThat(OutboxContents.all(connection, keys)).as("mutations waiting in the outbox").hasSize(50_000);

        archive.switchTo(SwitchableArchive.Mode.ACCEPT);
        await().atMost(Duration.ofSeconds(60)).until(() -> archive.putsPerCode().size() == 50_000);
        await().atMost(Duration.ofSeconds(5)).until(() -> OutboxContents.entries(connection, keys) == 0);
        for (LinkRecord link : links) {
            assertThat(archive.putsOf(link.code())).as("puts of %s", link.code()).isEqualTo(1);
        }
        assertThat(archive.get(links.get(123).code()).toCompletableFuture().join()).contains(links.get(123));
        assertThat(OutboxContents.pending(connection, keys, FAST.group())).isZero();
        assertThat(batches.get()).isPositive();
        assertThat(lengthSamples.get()).isPositive();
    }

    @Test
    void archiver_trickleOfCreates_lingersIntoFewArchiveWritesAndStillDeliversEach() throws InterruptedException {
        AtomicLong batches = new AtomicLong();
        OutboxMetrics metrics = new OutboxMetrics() {
            @Override
            public void batchArchived(int shard, int entries, int mutations, long nanos) {
                batches.incrementAndGet();
            }
        };
        Duration linger = Duration.ofMillis(250);
        archiver("node-1", FAST.toBuilder().threads(1).linger(linger).build(), metrics);

        List<LinkRecord> links = new ArrayList<>();
        long began = System.nanoTime();
        for (int i = 0; i < 150; i++) { // one create every 10 ms for 1.5 s: each would be its own batch without a pause
            LinkRecord link = link(randomCode(9), 600);
            store.create(link).toCompletableFuture().join();
            links.add(link);
            Thread.sleep(10);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> archive.putsPerCode().size() == links.size());
        double seconds = (System.nanoTime() - began) / 1e9;
        for (LinkRecord link : links) {
            assertThat(archive.putsOf(link.code())).as("puts of %s", link.code()).isEqualTo(1);
        }
        long bound = (long) Math.ceil(seconds / (linger.toMillis() / 1000.0) + 1) * keys.outboxShards();
        assertThat(batches.get()).as("archive writes for %d creates over %.1f s", links.size(), seconds)
                .isLessThanOrEqualTo(bound).isLessThan(links.size() / 2);
    }

    @Test
    void archiver_stoppedMidBatch_leavesItsEntriesPendingForAnotherArchiverToClaim() {
        archive.switchTo(SwitchableArchive.Mode.HANG);
        OutboxArchiver stalled = archiver("node-dying", FAST.toBuilder().threads(1).archiveTimeout(Duration.ofMinutes(1)).build(), OutboxMetrics.NOOP);
        List<LinkRecord> links = createLinks(2_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> OutboxContents.pending(connection, keys, FAST.group()) > 0);
        stalled.close(); // interrupted while the archive hangs: its batch stays pending under its name

        long orphaned = OutboxContents.pending(connection, keys, FAST.group());
        assertThat(orphaned).isPositive();
        archive.switchTo(SwitchableArchive.Mode.ACCEPT);
        AtomicInteger claimed = new AtomicInteger();
        archiver("node-2", FAST.toBuilder().claimIdle(Duration.ofMillis(500)).claimInterval(Duration.ofMillis(200)).build(), new OutboxMetrics() {
            @Override
            public void entriesClaimed(int shard, int entries) {
                claimed.addAndGet(entries);
            }
        });
        await().atMost(Duration.ofSeconds(20)).until(() -> archive.putsPerCode().size() == links.size());
        await().atMost(Duration.ofSeconds(5)).until(() -> OutboxContents.pending(connection, keys, FAST.group()) == 0);
        assertThat(claimed.get()).as("entries taken over from the stopped archiver").isEqualTo((int) orphaned);
        assertThat(OutboxContents.entries(connection, keys)).isZero();
        links.forEach(l -> assertThat(archive.putsOf(l.code())).isEqualTo(1));
    }

    @Test
    void archiver_consumerThatReadsAndNeverAcks_hasItsEntriesTakenOver() {
        List<LinkRecord> links = createLinks(500);
        // A node that joined the group, read everything and died before acknowledging.
        RedisConnection ghost = redis.connect();
        toClose.add(ghost);
        Set<String> readByGhost = new HashSet<>();
        for (int shard = 0; shard < keys.outboxShards(); shard++) {
            String key = keys.outbox(shard);
            ghost.sync().xgroupCreate(StreamOffset.from(key, "0-0"), FAST.group());
            ghost.sync().xreadgroup(Consumer.from(FAST.group(), "ghost"), XReadArgs.Builder.count(100_000), StreamOffset.lastConsumed(key))
                    .forEach(entry -> readByGhost.addAll(entry.getBody().keySet()));
        }
        assertThat(readByGhost).hasSize(500);

        archiver("node-2", FAST.toBuilder().claimIdle(Duration.ofMillis(300)).claimInterval(Duration.ofMillis(100)).build(), OutboxMetrics.NOOP);
        await().atMost(Duration.ofSeconds(20)).until(() -> archive.putsPerCode().size() == 500);
        await().atMost(Duration.ofSeconds(5)).until(() -> OutboxContents.pending(connection, keys, FAST.group()) == 0);
        assertThat(OutboxContents.entries(connection, keys)).isZero();
        links.forEach(l -> assertThat(archive.putsOf(l.code())).isEqualTo(1));
    }

    @Test
    void archiver_updatesAndDeletes_reachTheArchiveSoThatRemovedLinksStayRemoved() {
        archiver("node-1", FAST, OutboxMetrics.NOOP);
        LinkRecord kept = link(randomCode(7), 600);
        LinkRecord removed = link(randomCode(7), 600);
        assertThat(store.create(kept).toCompletableFuture().join()).isTrue();
        assertThat(store.create(removed).toCompletableFuture().join()).isTrue();
        LinkRecord keptV2 = kept.updated("https://example.org/v2", 600, true);
        assertThat(store.update(keptV2).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.delete(removed.code()).toCompletableFuture().join()).isTrue();

        await().atMost(Duration.ofSeconds(10)).until(() -> archive.removesOf(removed.code()) == 1 && archive.putsOf(kept.code()) == 2);
        assertThat(archive.get(kept.code()).toCompletableFuture().join()).contains(keptV2);
        assertThat(archive.get(removed.code()).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void archiver_entryWithUndecodableMutations_dropsThemCounted_archivesTheRest_andAcknowledgesTheEntry() {
        LinkRecord good = link(randomCode(7), 600);
        Map<String, String> body = new LinkedHashMap<>();
        body.put(good.code(), MutationCodec.encode(new ArchiveMutation.Put(good)));
        body.put(randomCode(7), "p\t2\tgarbage"); // a record of format 2 without its fields
        body.put(randomCode(7), "p\t1\t!\t1\t1\t0\tshort\tk\thttps://x"); // every field there, the version not a number
        body.put(randomCode(7), "x\t1"); // not a mutation
        String id = connection.async().xadd(keys.outbox(0), body).toCompletableFuture().join();
        List<String> dropped = new CopyOnWriteArrayList<>();
        archiver("node-1", FAST, new OutboxMetrics() {
            @Override
            public void mutationDropped(int shard, String entryId) {
                dropped.add(shard + "/" + entryId);
            }
        });

        await().atMost(Duration.ofSeconds(10)).until(() -> archive.putsOf(good.code()) == 1 && dropped.size() == 3);
        assertThat(dropped).containsOnly("0/" + id);
        assertThat(archive.putsPerCode()).containsOnlyKeys(good.code());
        assertThat(archive.get(good.code()).toCompletableFuture().join()).contains(good);
        await().atMost(Duration.ofSeconds(5)).until(() -> OutboxContents.entries(connection, keys) == 0);
    }

    @Test
    void archivers_onTwoNodes_shareTheWorkAndArchiveEverythingOnce() {
        archiver("node-1", FAST, OutboxMetrics.NOOP);
        archiver("node-2", FAST, OutboxMetrics.NOOP);
        List<LinkRecord> links = createLinks(10_000);
        await().atMost(Duration.ofSeconds(30)).until(() -> archive.putsPerCode().size() == links.size());
        links.forEach(l -> assertThat(archive.putsOf(l.code())).isEqualTo(1));
        await().atMost(Duration.ofSeconds(5)).until(() -> OutboxContents.entries(connection, keys) == 0);
    }
}
