package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedHotStoreUnitTests {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private EmbeddedDatabase storage;
    private EmbeddedHotStore store;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new EmbeddedHotStore(storage, clock);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void reopen() {
        storage.close();
        open();
    }

    private LinkRecord link(String code, long ttlSeconds) {
        return new LinkRecord(code, "https://example.com/" + code + "?ü=1", "short", ttlSeconds, false, clock.millis(), "key-1", 1);
    }

    /** The raw value in the links column family, null when there is none. */
    private byte[] stored(String code) {
        return storage.call(db -> db.get(storage.links(), storage.linkKeys().keyOf(code)));
    }

    private boolean create(LinkRecord link) {
        return store.create(link).toCompletableFuture().join();
    }

    /**
     * Reads, then waits until the writer has applied what the read queued (a TTL extension): tests that move the clock right after a read would otherwise race that housekeeping.
     */
    private Optional<LinkRecord> get(String code) {
        Optional<LinkRecord> link = store.get(code).toCompletableFuture().join();
        settle();
        return link;
    }

    private Optional<LinkRecord> peek(String code) {
        return store.peek(code).toCompletableFuture().join();
    }

    /** Waits for every operation queued so far: the writer applies them in order. */
    private void settle() {
        storage.writer().submit(staging -> null).toCompletableFuture().join();
    }

    private boolean update(LinkRecord link) {
        return store.update(link).toCompletableFuture().join() == UpdateResult.UPDATED;
    }

    private boolean delete(String code) {
        return store.delete(code).toCompletableFuture().join();
    }

    @Test
    void create_newCode_isReadableWithEveryField() {
        LinkRecord link = new LinkRecord("aB3", "https://xn--bcher-kva.example/日本", "long", 3600, true, 1234, "owner", 1);

        assertThat(create(link)).isTrue();

        assertThat(get("aB3")).contains(link);
        assertThat(get("aB4")).isEmpty();
    }

    @Test
    void get_returnsAnAlreadyCompletedStage() {
        create(link("c1", 60));

        assertThat(store.get("c1").toCompletableFuture()).isCompletedWithValue(Optional.of(link("c1", 60)));
        assertThat(store.get("c2").toCompletableFuture()).isCompletedWithValue(Optional.empty());
    }

    @Test
    void create_returnsAtOnceAndCompletesOnTheWriterOnceTheLinkIsReadable() throws Exception {
        WriterPause pause = WriterPause.of(storage);

        CompletableFuture<Boolean> created = store.create(link("c1", 60)).toCompletableFuture();
        CompletableFuture<String> seenOnCompletion = created.thenApply(ok -> Thread.currentThread().getName()
                + (store.get("c1").toCompletableFuture().join().isPresent() ? " readable" : " missing"));

        assertThat(created).as("the caller does not wait for the writer").isNotDone();
        assertThat(store.get("c1").toCompletableFuture()).isCompletedWithValue(Optional.empty());
        pause.release();
        // Waits on the dependent only: a thread blocked in created.get() may run created's dependents itself.
        assertThat(seenOnCompletion.get(10, TimeUnit.SECONDS)).isEqualTo("shortcode-embedded-writer readable");
        assertThat(created.join()).isTrue();
    }

    @Test
    void create_overALiveLink_isRefusedAndKeepsTheFirst() {
        LinkRecord first = link("c1", 60);
        create(first);
        clock.advance(Duration.ofSeconds(59));

        boolean second = create(new LinkRecord("c1", "https://other.example/", "short", 600, false, clock.millis(), "key-2", 1));

        assertThat(second).isFalse();
        assertThat(get("c1")).contains(first);
    }

    @Test
    void create_overAnExpiredLink_succeeds() {
        create(link("c1", 60));
        clock.advance(Duration.ofSeconds(60));
        LinkRecord recycled = new LinkRecord("c1", "https://new.example/", "short", 60, false, clock.millis(), "key-2", 1);

        assertThat(create(recycled)).isTrue();

        assertThat(get("c1")).contains(recycled);
        assertThat(store.stats().replaced()).isEqualTo(1);
        assertThat(new EmbeddedArchive(storage).get("c1").toCompletableFuture().join())
                .as("the archive's answer for the code is its newest link").contains(recycled);
    }

    private List<Boolean> createAll(List<LinkRecord> links) {
        return store.createAll(links).toCompletableFuture().join();
    }

    @Test
    void createAll_newCodes_storesEveryLinkReadableInHotStoreAndArchive() {
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            links.add(link("n" + i, 60 + i));
        }

        assertThat(createAll(links)).hasSize(1_000).containsOnly(true);

        EmbeddedArchive archive = new EmbeddedArchive(storage);
        for (LinkRecord l : links) {
            assertThat(get(l.code())).contains(l);
            assertThat(archive.get(l.code()).toCompletableFuture().join()).contains(l);
        }
        assertThat(HotEntry.expiresAt(stored("n999"))).isEqualTo(clock.millis() + 1_059_000);
    }

    @Test
    void createAll_someCodesLive_refusesThoseAndLeavesThemUntouched() {
        LinkRecord liveA = link("a", 600);
        LinkRecord liveB = link("b", 600);
        create(liveA);
        create(liveB);
        create(link("expired", 10));
        clock.advance(Duration.ofSeconds(10));
        LinkRecord overA = new LinkRecord("a", "https://other.example/", "short", 60, false, clock.millis(), "key-2", 1);
        LinkRecord overB = new LinkRecord("b", "https://other.example/", "short", 60, false, clock.millis(), "key-2", 1);
        LinkRecord recycled = new LinkRecord("expired", "https://new.example/", "short", 60, false, clock.millis(), "key-2", 1);
        LinkRecord fresh = link("fresh", 60);
        byte[] storedA = stored("a");

        List<Boolean> answers = createAll(List.of(overA, fresh, overB, recycled));

        assertThat(answers).containsExactly(false, true, false, true);
        assertThat(stored("a")).as("not even the expiry rewritten").isEqualTo(storedA);
        assertThat(get("a")).contains(liveA);
        assertThat(get("b")).contains(liveB);
        assertThat(get("fresh")).contains(fresh);
        assertThat(get("expired")).contains(recycled);
        assertThat(new EmbeddedArchive(storage).get("a").toCompletableFuture().join()).contains(liveA);
    }

    @Test
    void createAll_sameCodeTwice_firstIsStoredLaterOnesRefused() {
        LinkRecord first = link("dup", 60);
        LinkRecord second = new LinkRecord("dup", "https://second.example/", "short", 60, false, clock.millis(), "key-2", 1);

        assertThat(createAll(List.of(first, link("x", 60), second, second))).containsExactly(true, true, false, false);

        assertThat(get("dup")).contains(first);
        assertThat(new EmbeddedArchive(storage).get("dup").toCompletableFuture().join()).contains(first);
    }

    @Test
    void createAll_emptyList_answersAnEmptyList() {
        assertThat(createAll(List.of())).isEmpty();
    }

    @Test
    void createAll_thenReopen_findsEveryAcknowledgedLink() {
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            links.add(link("r" + i, 3_600));
        }
        assertThat(createAll(links)).containsOnly(true);

        reopen();

        for (LinkRecord l : links) {
            assertThat(get(l.code())).contains(l);
        }
    }

    @Test
    void linkWithTargets_survivesReopen_inTheHotStoreAndTheArchive_andAnUpdateReplacesThem() {
        LinkTargets targets = new LinkTargets("jdmobile://item/1", "https://play.google.com/store/apps/details?id=x.y",
                "https://desktop.example/", new LinkTargets.WeChat("wx0123456789abcdef", "pages/index/index", "id=1", "develop"));
        LinkRecord plain = link("t1", 3_600);
        LinkRecord link = new LinkRecord("t1", plain.url(), "short", 3_600, false, plain.createdAtMillis(), "key-1", 1, targets);
        assertThat(create(link)).isTrue();

        reopen();

        assertThat(get("t1")).contains(link);
        assertThat(new EmbeddedArchive(storage).get("t1").toCompletableFuture().join()).contains(link);
        LinkRecord cleared = link.updated(link.url(), 3_600, false, LinkTargets.NONE);
        assertThat(update(cleared)).isTrue();
        reopen();
        assertThat(get("t1")).hasValueSatisfying(l -> assertThat(l.targets()).isSameAs(LinkTargets.NONE));
        assertThat(new EmbeddedArchive(storage).get("t1").toCompletableFuture().join()).contains(cleared);
    }

    @Test
    void get_afterTheTtlWithoutReads_isEmptyAndTheLinkStaysAsTheArchivesCopy() {
        LinkRecord idle = link("idle", 60);
        create(idle);
        clock.advance(Duration.ofMillis(59_999));
        byte[] before = stored("idle");
        assertThat(before).isNotNull();
        clock.advance(Duration.ofMillis(1));

        assertThat(get("idle")).isEmpty();
        assertThat(peek("idle")).isEmpty();
        assertThat(get("idle")).isEmpty();

        assertThat(stored("idle")).as("kept, unchanged: neither purged nor extended").isEqualTo(before);
        assertThat(store.stats().extensionWrites()).isZero();
        assertThat(new EmbeddedArchive(storage).get("idle").toCompletableFuture().join()).contains(idle);
    }

    @Test
    void create_writesTheLinkOnce_andItsTimeRow_noArchiveCell() {
        long before = storage.latestSequenceNumber();

        create(link("once", 60));

        assertThat(storage.latestSequenceNumber() - before).as("keys written by one create: the link and its index time row").isEqualTo(2);
        byte[] cell = storage.call(db -> db.get(storage.archive(), EmbeddedDatabase.bytes("once")));
        assertThat(cell).isNull();
    }

    @Test
    void get_readsWithinTheTtl_keepTheLinkAliveWhileAnUntouchedOneExpires() {
        create(link("read", 100));
        create(link("untouched", 100));

        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofSeconds(90));
            assertThat(get("read")).as("read after %d s", (i + 1) * 90).isPresent();
        }

        assertThat(get("untouched")).isEmpty(); // expired at 100 s, we are at 450 s
        clock.advance(Duration.ofSeconds(99));
        assertThat(get("read")).isPresent();
        clock.advance(Duration.ofSeconds(101));
        assertThat(get("read")).isEmpty();
    }

    @Test
    void get_hotLinkRead1000Times_writesAtMostAHandfulOfTimes() {
        long ttl = 3600; // extension window 10% = 6 minutes
        create(link("hot", ttl));
        long before = storage.latestSequenceNumber();

        for (int i = 0; i < 1000; i++) { // one read a second for 1,000 s: 16.7 minutes
            clock.advance(Duration.ofSeconds(1));
            assertThat(get("hot")).isPresent();
        }
        long lastRead = clock.millis();

        long writes = store.stats().extensionWrites();
        assertThat(writes).isBetween(1L, 3L);
        assertThat(storage.latestSequenceNumber() - before).as("keys written to RocksDB").isEqualTo(writes);
        long window = storage.options().extensionWindowMillis(ttl);
        assertThat(HotEntry.expiresAt(stored("hot"))).as("expiry lags last read + ttl by at most one window")
                .isBetween(lastRead + ttl * 1000 - window, lastRead + ttl * 1000);
        clock.set(Instant.ofEpochMilli(lastRead + ttl * 1000 - window - 1));
        assertThat(get("hot")).isPresent();
    }

    @Test
    void get_longTtl_rewritesAtMostOncePerMaxExtensionWindow() {
        create(link("long", Duration.ofDays(100).toSeconds())); // 10% would be 10 days; the window is capped at 1 h

        clock.advance(Duration.ofMinutes(59));
        get("long");
        assertThat(store.stats().extensionWrites()).isZero();
        clock.advance(Duration.ofMinutes(2));
        get("long");
        assertThat(store.stats().extensionWrites()).isEqualTo(1);
        clock.advance(Duration.ofMinutes(59));
        get("long");
        assertThat(store.stats().extensionWrites()).isEqualTo(1);
    }

    @Test
    void update_nextVersion_replacesTheLinkAndResetsItsTtl() {
        LinkRecord v1 = link("c1", 60);
        create(v1);
        clock.advance(Duration.ofSeconds(50));
        LinkRecord v2 = v1.updated("https://elsewhere.example/", 600, true);

        assertThat(update(v2)).isTrue();

        assertThat(get("c1")).contains(v2);
        clock.advance(Duration.ofSeconds(599));
        assertThat(get("c1")).contains(v2);
    }

    @Test
    void update_versionNotOneAboveTheStored_isRefused() {
        LinkRecord v1 = link("c1", 60);
        create(v1);

        assertThat(update(v1)).isFalse();
        assertThat(update(v1.updated("https://b/", 60, false).updated("https://c/", 60, false))).isFalse();

        assertThat(get("c1")).contains(v1);
    }

    @Test
    void update_ofAMissingOrExpiredLink_isRefused() {
        LinkRecord v1 = link("c1", 60);
        assertThat(update(v1.updated("https://b/", 60, false))).isFalse();
        assertThat(get("c1")).isEmpty();

        create(v1);
        clock.advance(Duration.ofSeconds(61));
        assertThat(update(v1.updated("https://b/", 60, false))).isFalse();
        assertThat(get("c1")).isEmpty();
    }

    @Test
    void delete_liveLink_removesItOnce() {
        create(link("c1", 60));

        assertThat(delete("c1")).isTrue();

        assertThat(get("c1")).isEmpty();
        assertThat(delete("c1")).isFalse();
        assertThat(create(link("c1", 60))).as("the code is free again").isTrue();
    }

    @Test
    void delete_expiredOrUnknownLink_returnsFalseAndKeepsTheArchivesCopy() {
        LinkRecord expired = link("c1", 60);
        create(expired);
        clock.advance(Duration.ofSeconds(60));

        assertThat(delete("c1")).isFalse();
        assertThat(delete("never")).isFalse();

        assertThat(new EmbeddedArchive(storage).get("c1").toCompletableFuture().join()).contains(expired);
        assertThat(new EmbeddedArchive(storage).get("never").toCompletableFuture().join()).isEmpty();
    }

    @Test
    void delete_liveLink_theArchiveAnswersEmptyUntilTheCodeIsTakenAgain() {
        EmbeddedArchive archive = new EmbeddedArchive(storage);
        create(link("c1", 60));
        delete("c1");
        assertThat(archive.get("c1").toCompletableFuture().join()).as("the removal masks the link").isEmpty();

        clock.advance(Duration.ofSeconds(1));
        LinkRecord again = link("c1", 60);
        create(again);

        assertThat(archive.get("c1").toCompletableFuture().join()).as("a later link masks the removal").contains(again);
    }


    @Test
    void reopen_keepsLiveLinksAndForgetsExpiredOnes() {
        List<LinkRecord> lasting = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            LinkRecord l = link("keep" + i, 1000);
            lasting.add(l);
            create(l);
            create(link("gone" + i, 10));
        }
        LinkRecord updated = lasting.get(0).updated("https://updated.example/", 1000, false);
        update(updated);
        lasting.set(0, updated);
        delete("keep1");
        lasting.remove(1);

        reopen();
        clock.advance(Duration.ofSeconds(11));

        for (LinkRecord l : lasting) {
            assertThat(get(l.code())).contains(l);
        }
        assertThat(get("keep1")).isEmpty();
        EmbeddedArchive archive = new EmbeddedArchive(storage);
        assertThat(archive.get("keep1").toCompletableFuture().join()).as("deleted before the reopen").isEmpty();
        for (int i = 0; i < 100; i++) {
            assertThat(get("gone" + i)).isEmpty();
            assertThat(archive.get("gone" + i).toCompletableFuture().join()).as("expired, still archived").isPresent();
        }
    }

    @Test
    void get_extensionWrittenBeforeACleanClose_survivesReopen() {
        long created = clock.millis();
        create(link("x", 100));
        clock.advance(Duration.ofSeconds(50));
        get("x"); // lags 50 s > 10 s window: rewrites the expiry to 150 s, unsynced

        reopen();

        assertThat(HotEntry.expiresAt(stored("x"))).isEqualTo(created + 150_000);
        clock.advance(Duration.ofSeconds(60)); // 110 s: past the first expiry
        assertThat(get("x")).isPresent();
    }

    @Test
    void create_raceOnOneCode_hasExactlyOneWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 50; round++) {
                String code = "race" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Boolean>> results = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    LinkRecord mine = new LinkRecord(code, "https://t" + t + ".example/", "short", 60, false, clock.millis(), "k" + t, 1);
                    results.add(pool.submit(() -> {
                        start.await();
                        return create(mine);
                    }));
                }
                start.countDown();
                int winners = 0;
                for (Future<Boolean> f : results) {
                    winners += f.get(10, TimeUnit.SECONDS) ? 1 : 0;
                }
                assertThat(winners).as("round %d", round).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void get_racingADelete_neverBringsTheLinkBack() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 200; round++) {
                String code = "del" + round;
                create(link(code, 100));
                clock.advance(Duration.ofSeconds(50)); // every read now wants to extend
                CountDownLatch start = new CountDownLatch(1);
                Callable<Object> reader = () -> {
                    start.await();
                    for (int i = 0; i < 5; i++) {
                        get(code);
                    }
                    return null;
                };
                Future<Object> reading = pool.submit(reader);
                Future<Boolean> deleting = pool.submit(() -> {
                    start.await();
                    return delete(code);
                });
                start.countDown();
                reading.get(10, TimeUnit.SECONDS);
                assertThat(deleting.get(10, TimeUnit.SECONDS)).isTrue();
                assertThat(get(code)).as("round %d", round).isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void operations_afterTheStorageClosed_failTheStageInsteadOfCrashing() {
        create(link("c1", 60));
        storage.close();

        assertThat(store.get("c1").toCompletableFuture()).isCompletedExceptionally();
        assertThat(store.create(link("c2", 60)).toCompletableFuture())
                .failsWithin(Duration.ZERO).withThrowableThat().withCauseInstanceOf(EmbeddedStorageException.class);
        storage.close(); // idempotent
    }
}
