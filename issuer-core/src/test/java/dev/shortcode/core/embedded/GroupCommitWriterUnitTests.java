package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.core.store.WriterStats;
import dev.shortcode.testing.time.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupCommitWriterUnitTests {

    private static final Duration NO_BACKGROUND_SWEEP = Duration.ofHours(1);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private EmbeddedDatabase storage;
    private EmbeddedHotStore store;

    private void open(int queueCapacity, int batchMax) {
        open(EmbeddedOptions.builder(dir).writeQueueCapacity(queueCapacity).writeBatchMax(batchMax).build());
    }

    private void open(EmbeddedOptions options) {
        storage = EmbeddedDatabase.open(options.toBuilder().sweepInterval(NO_BACKGROUND_SWEEP).sweepBatch(1000).build());
        store = new EmbeddedHotStore(storage, clock);
    }

    @AfterEach
    void close() {
        if (storage != null) {
            storage.close();
        }
    }

    private LinkRecord link(String code, String url) {
        return new LinkRecord(code, url, "short", 60, false, clock.millis(), "key-1", 1);
    }

    private static CompletionStage<Boolean> updated(CompletionStage<UpdateResult> update) {
        return update.thenApply(result -> result == UpdateResult.UPDATED);
    }

    private static <T> T join(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    /** Whether a completed stage failed because the writer's queue was full. */
    private static boolean refusedAsFull(CompletionStage<?> stage) {
        try {
            join(stage);
            return false;
        } catch (CompletionException e) {
            return e.getCause() instanceof WriteQueueFullException;
        }
    }

    @Test
    void oneBatch_severalOperationsOnOneCode_seeEachOtherInOrderAndShareOneSync() throws Exception {
        open(1024, 1024);
        LinkRecord v1 = link("c1", "https://one.example/");
        LinkRecord v2 = v1.updated("https://two.example/", 60, false);
        // A new link on a freed code is created later than the removal (the archive keeps the newest cell).
        LinkRecord again = new LinkRecord("c1", "https://again.example/", "short", 60, false, clock.millis() + 1, "key-2", 1);
        WriterStats before;
        List<CompletionStage<Boolean>> results = new ArrayList<>();

        try (WriterPause pause = WriterPause.of(storage)) {
            before = storage.writer().stats();
            results.add(store.create(v1));                                      // free: stored
            results.add(store.create(link("c1", "https://other.example/")));   // live in this batch: refused
            results.add(updated(store.update(v2)));                             // v1 -> v2
            results.add(updated(store.update(v2)));                             // v2 is stored now: refused
            results.add(store.delete("c1"));                                    // removes v2
            results.add(store.delete("c1"));                                    // gone: false
            results.add(updated(store.update(v2.updated("https://three.example/", 60, false)))); // gone: refused
            results.add(store.create(again));                                   // free again: stored
            assertThat(storage.writer().queued()).isEqualTo(8);
        }

        assertThat(results).extracting(GroupCommitWriterUnitTests::join).containsExactly(true, false, true, false, true, false, false, true);
        assertThat(join(store.get("c1"))).contains(again);
        assertThat(join(new EmbeddedArchive(storage).get("c1"))).contains(again);
        WriterStats after = storage.writer().stats();
        assertThat(after.batches() - before.batches()).as("the burst in one batch").isEqualTo(1);
        assertThat(after.syncs() - before.syncs()).as("one sync for eight operations").isEqualTo(1);
    }

    @Test
    void oneBatch_manyKeysChangedInAnyOrder_endAsTheirOperationsInOrderLeaveThem() throws Exception {
        open(4096, 4096);
        Map<String, String> expected = new HashMap<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            keys.add(Integer.toString(i * 7919 % 1000, 36)); // not in key order
        }
        WriterStats before;
        List<CompletionStage<Object>> writes = new ArrayList<>();
        try (WriterPause pause = WriterPause.of(storage)) {
            before = storage.writer().stats();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < keys.size(); i++) {
                    String key = keys.get(i);
                    byte[] raw = key.getBytes(StandardCharsets.UTF_8);
                    if ((i + round) % 3 == 2) {
                        writes.add(storage.writer().submit(staging -> {
                            staging.delete(storage.links(), raw);
                            return null;
                        }));
                        expected.remove(key);
                    } else {
                        String value = key + "@" + round;
                        writes.add(storage.writer().submit(staging -> {
                            staging.put(storage.links(), raw, value.getBytes(StandardCharsets.UTF_8));
                            return null;
                        }));
                        expected.put(key, value);
                    }
                }
            }
        }
        writes.forEach(GroupCommitWriterUnitTests::join);
        assertThat(storage.writer().stats().batches() - before.batches()).as("the 900 changes in one batch").isEqualTo(1);
        Map<String, String> stored = new HashMap<>();
        for (String key : keys) {
            byte[] value = join(storage.writer().submit(staging -> staging.get(storage.links(), key.getBytes(StandardCharsets.UTF_8))));
            if (value != null) {
                stored.put(key, new String(value, StandardCharsets.UTF_8));
            }
        }
        assertThat(stored).isEqualTo(expected);
    }

    @Test
    void oneBatch_apiKeysWithTheSameHash_onlyTheFirstIsCreated() throws Exception {
        open(1024, 1024);
        EmbeddedApiKeyStore keys = new EmbeddedApiKeyStore(storage);
        ApiKey first = new ApiKey("k1", "first", Set.of(ApiKey.Scope.LINKS_READ), "hash-a", 1, false);
        ApiKey sameHash = new ApiKey("k2", "second", Set.of(ApiKey.Scope.ADMIN), "hash-a", 2, false);
        ApiKey sameId = new ApiKey("k1", "third", Set.of(ApiKey.Scope.ADMIN), "hash-b", 3, false);
        CompletionStage<Boolean> a;
        CompletionStage<Boolean> b;
        CompletionStage<Boolean> c;

        try (WriterPause pause = WriterPause.of(storage)) {
            a = keys.create(first);
            b = keys.create(sameHash);
            c = keys.create(sameId);
        }

        assertThat(List.of(join(a), join(b), join(c))).containsExactly(true, false, false);
        assertThat(join(keys.list())).containsExactly(first);
        assertThat(join(keys.findByHash("hash-b"))).isEmpty();
    }

    @Test
    void batchMax_boundsTheOperationsPerSync() throws Exception {
        open(4096, 100);
        List<CompletionStage<Boolean>> creates = new ArrayList<>();
        WriterStats before;

        try (WriterPause pause = WriterPause.of(storage)) {
            before = storage.writer().stats();
            for (int i = 0; i < 1000; i++) {
                creates.add(store.create(link("c" + i, "https://example.com/" + i)));
            }
        }

        assertThat(creates).extracting(GroupCommitWriterUnitTests::join).containsOnly(true).hasSize(1000);
        WriterStats after = storage.writer().stats();
        assertThat(after.syncs() - before.syncs()).isEqualTo(10);
        assertThat(after.operations() - before.operations()).isEqualTo(1000);
    }

    @Test
    void fullQueue_failsTheStageAtOnceAndHousekeepingStopsAtHalf() throws Exception {
        open(8, 1024);
        List<CompletionStage<Boolean>> accepted = new ArrayList<>();
        CompletionStage<Boolean> refused;

        try (WriterPause pause = WriterPause.of(storage)) {
            for (int i = 0; i < 4; i++) {
                accepted.add(store.create(link("c" + i, "https://example.com/" + i)));
            }
            assertThat(storage.writer().trySubmitHousekeeping(staging -> null)).as("half full: no housekeeping").isNull();
            for (int i = 4; i < 8; i++) {
                accepted.add(store.create(link("c" + i, "https://example.com/" + i)));
            }
            refused = store.create(link("c8", "https://example.com/8"));

            assertThat(refused.toCompletableFuture()).isCompletedExceptionally();
            assertThat(accepted).allSatisfy(stage -> assertThat(stage.toCompletableFuture()).isNotDone());
        }

        assertThat(refused.toCompletableFuture()).failsWithin(Duration.ZERO).withThrowableThat()
                .withCauseInstanceOf(WriteQueueFullException.class).withMessageContaining("queue is full (8 operations");
        assertThat(accepted).extracting(GroupCommitWriterUnitTests::join).containsOnly(true).hasSize(8);
        assertThat(join(store.get("c8"))).isEmpty();
        assertThat(join(store.create(link("c8", "https://example.com/8")))).as("accepted again once drained").isTrue();
    }

    @Test
    void failingOperation_failsAloneAndItsStagedChangesAreDiscarded() throws Exception {
        open(1024, 1024);
        byte[] key = storage.linkKeys().keyOf("c1");
        CompletionStage<Object> failing;
        CompletionStage<byte[]> readAfter;
        CompletionStage<Boolean> create;

        try (WriterPause pause = WriterPause.of(storage)) {
            failing = storage.writer().submit(staging -> {
                staging.put(storage.links(), key, HotEntry.encode(Long.MAX_VALUE, link("c1", "https://ghost.example/")));
                throw new IllegalStateException("check failed");
            });
            readAfter = storage.writer().submit(staging -> staging.get(storage.links(), key));
            create = store.create(link("c2", "https://two.example/"));
        }

        assertThat(failing.toCompletableFuture()).failsWithin(Duration.ofSeconds(10)).withThrowableThat()
                .withCauseInstanceOf(IllegalStateException.class).withMessageContaining("check failed");
        assertThat(join(readAfter)).as("the failed operation's put is not visible").isNull();
        assertThat(join(create)).isTrue();
        assertThat(join(store.get("c1"))).isEmpty();
    }

    @Test
    void submitAll_groupLargerThanBatchMaxAndQueue_isOneEntryWrittenAloneWithOneSync() throws Exception {
        open(8, 100);
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            links.add(link("g" + i, "https://example.com/" + i));
        }
        WriterStats before;
        CompletionStage<Boolean> ahead;
        CompletionStage<List<Boolean>> group;
        CompletionStage<Boolean> behind;

        try (WriterPause pause = WriterPause.of(storage)) {
            before = storage.writer().stats();
            ahead = store.create(link("ahead", "https://example.com/ahead"));
            group = store.createAll(links);
            assertThat(group.toCompletableFuture()).as("admitted although larger than the queue").isNotDone();
            assertThat(storage.writer().queued()).as("operations, not entries").isEqualTo(1_001);
            behind = store.create(link("behind", "https://example.com/behind"));
            assertThat(behind.toCompletableFuture()).as("the queue is full now").isCompletedExceptionally();
        }

        assertThat(join(ahead)).isTrue();
        assertThat(join(group)).hasSize(1_000).containsOnly(true);
        WriterStats after = storage.writer().stats();
        assertThat(after.batches() - before.batches()).as("the single create, then the group alone").isEqualTo(2);
        assertThat(after.syncs() - before.syncs()).isEqualTo(2);
        assertThat(after.operations() - before.operations()).isEqualTo(1_001);
        assertThat(join(store.get("g999"))).isPresent();
    }

    @Test
    void submitAll_smallGroupsAndSingles_shareABatchUpToBatchMax() throws Exception {
        open(4096, 100);
        WriterStats before;
        List<CompletionStage<List<Boolean>>> groups = new ArrayList<>();

        try (WriterPause pause = WriterPause.of(storage)) {
            before = storage.writer().stats();
            for (int g = 0; g < 5; g++) {
                List<LinkRecord> links = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    links.add(link("s" + g + "-" + i, "https://example.com/" + i));
                }
                groups.add(store.createAll(links));
            }
        }

        assertThat(groups).extracting(GroupCommitWriterUnitTests::join).allSatisfy(answers -> assertThat(answers).containsOnly(true));
        WriterStats after = storage.writer().stats();
        assertThat(after.syncs() - before.syncs()).as("40 + 40, 40 + 40, 40: groups are never split").isEqualTo(3);
    }

    @Test
    void createAll_afterChangesEarlierInTheSameBatch_seesThemNotTheDatabase() throws Exception {
        open(1024, 1024);
        join(store.create(link("gone", "https://gone.example/")));
        List<Boolean> answers;
        CompletionStage<List<Boolean>> group;

        try (WriterPause pause = WriterPause.of(storage)) {
            store.create(link("early", "https://early.example/"));   // not in the database yet
            store.delete("gone");                                    // still in the database
            group = store.createAll(List.of(link("early", "https://late.example/"), link("gone", "https://again.example/")));
        }

        answers = join(group);
        assertThat(answers).containsExactly(false, true);
        assertThat(join(store.get("early"))).map(LinkRecord::url).contains("https://early.example/");
        assertThat(join(store.get("gone"))).map(LinkRecord::url).contains("https://again.example/");
    }

    @Test
    void oneBatch_groupsOfTwoColumnFamilies_eachReadsItsOwnKeysAhead() throws Exception {
        open(1024, 1024);
        EmbeddedIdempotencyStore refs = new EmbeddedIdempotencyStore(storage, clock);
        join(store.create(link("taken", "https://taken.example/")));
        join(refs.claim("k1/bulk", "done", Duration.ofDays(1)));
        join(refs.complete("k1/bulk", "done", "c0de fp", Duration.ofDays(1)));
        join(refs.claim("k1/bulk", "pending", Duration.ofDays(1)));
        CompletionStage<List<Boolean>> links;
        List<CompletionStage<IdempotencyStore.Claim>> claims;

        try (WriterPause pause = WriterPause.of(storage)) {
            links = store.createAll(List.of(link("taken", "https://again.example/"), link("free", "https://free.example/")));
            claims = refs.claimAll("k1/bulk", List.of("done", "pending", "free"), Duration.ofDays(1));
        }

        assertThat(join(links)).containsExactly(false, true);
        assertThat(claims).extracting(GroupCommitWriterUnitTests::join).containsExactly(
                new IdempotencyStore.Claim.Done("c0de fp"), new IdempotencyStore.Claim.Pending(), new IdempotencyStore.Claim.Won());
    }

    @Test
    void submitAll_oneFailingOperation_failsTheStageWhileTheOthersAreWritten() {
        open(1024, 1024);
        byte[] ghost = storage.linkKeys().keyOf("ghost");
        byte[] kept = storage.linkKeys().keyOf("kept");
        List<GroupCommitWriter.Operation<Boolean>> operations = List.of(
                staging -> {
                    staging.put(storage.links(), kept, HotEntry.encode(Long.MAX_VALUE, link("kept", "https://kept.example/")));
                    return true;
                },
                staging -> {
                    staging.put(storage.links(), ghost, HotEntry.encode(Long.MAX_VALUE, link("ghost", "https://ghost.example/")));
                    throw new IllegalStateException("check failed");
                });

        CompletionStage<List<Boolean>> group = storage.writer().submitAll(operations);

        assertThat(group.toCompletableFuture()).failsWithin(Duration.ofSeconds(10)).withThrowableThat()
                .withCauseInstanceOf(IllegalStateException.class);
        assertThat(join(store.get("kept"))).isPresent();
        assertThat(join(store.get("ghost"))).isEmpty();
    }

    @Test
    void refusedOperations_writeNothingAndSyncNothing() {
        open(1024, 1024);
        join(store.create(link("c1", "https://one.example/")));
        long sequence = storage.latestSequenceNumber();
        WriterStats before = storage.writer().stats();

        assertThat(join(store.create(link("c1", "https://other.example/")))).isFalse();
        assertThat(join(store.delete("never"))).isFalse();

        assertThat(storage.latestSequenceNumber()).isEqualTo(sequence);
        assertThat(storage.writer().stats().syncs()).isEqualTo(before.syncs());
    }

    @Test
    void close_writesEveryQueuedOperationRefusesNewOnesAndStopsTheThread() throws Exception {
        open(4096, 64);
        List<CompletionStage<Boolean>> queued = new ArrayList<>();
        WriterPause pause = WriterPause.of(storage);
        for (int i = 0; i < 500; i++) {
            queued.add(store.create(link("c" + i, "https://example.com/" + i)));
        }
        CompletableFuture<Void> closing = CompletableFuture.runAsync(storage::close);

        CompletionStage<Boolean> late = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (late == null && System.nanoTime() < deadline) { // accepted until close() reaches the writer
            CompletionStage<Boolean> attempt = store.create(link("late" + queued.size(), "https://late.example/"));
            if (!attempt.toCompletableFuture().isCompletedExceptionally()) {
                queued.add(attempt);
            } else if (refusedAsFull(attempt)) {
                // the paused writer's queue filled before close() got there (a slow box): refused, nothing written
                Thread.sleep(1);
            } else {
                late = attempt;
            }
        }
        assertThat(closing).isNotDone();
        pause.release();
        closing.get(30, TimeUnit.SECONDS);

        assertThat(late).isNotNull();
        assertThat(late.toCompletableFuture()).failsWithin(Duration.ZERO).withThrowableThat()
                .withCauseInstanceOf(EmbeddedStorageException.class).withMessageContaining("closed");
        assertThat(queued).extracting(GroupCommitWriterUnitTests::join).containsOnly(true);
        assertThat(storage.writer().isAlive()).isFalse();

        storage = EmbeddedDatabase.open(EmbeddedOptions.builder(dir).sweepInterval(NO_BACKGROUND_SWEEP).sweepBatch(1000).build());
        store = new EmbeddedHotStore(storage, clock);
        for (int i = 0; i < 500; i++) {
            assertThat(join(store.get("c" + i))).as("c%d", i).map(LinkRecord::url).contains("https://example.com/" + i);
        }
    }

    @Test
    void housekeepingOnly_isWrittenWithoutASync() {
        open(1024, 1024);
        join(store.create(link("c1", "https://one.example/")));
        clock.advance(Duration.ofSeconds(30)); // lags 30 s behind now + ttl: past the 6 s window
        long sequence = storage.latestSequenceNumber();
        long syncs = storage.writer().stats().syncs();

        assertThat(join(store.get("c1"))).isPresent();
        await(() -> store.stats().extensionWrites() == 1);

        assertThat(storage.latestSequenceNumber()).isEqualTo(sequence + 1);
        assertThat(storage.writer().stats().syncs()).isEqualTo(syncs);
        assertThat(HotEntry.expiresAt(storage.call(db -> db.get(storage.links(), storage.linkKeys().keyOf("c1")))))
                .isEqualTo(clock.millis() + 60_000);
    }

    private static void await(Callable<Boolean> condition) {
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(condition);
    }

    @Test
    void completion_runsAfterTheBatchIsReadable() {
        open(1024, 1024);
        List<CompletableFuture<Optional<LinkRecord>>> seen = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String code = "c" + i;
            seen.add(store.create(link(code, "https://example.com/" + i)).toCompletableFuture()
                    .thenCompose(ok -> store.get(code)));
        }

        assertThat(seen).extracting(CompletableFuture::join).allSatisfy(link -> assertThat(link).isPresent());
    }

    @Test
    void commitDelay_steadyStreamOfCreates_shareSyncs() throws Exception {
        Duration delay = Duration.ofMillis(20);
        open(EmbeddedOptions.builder(dir).commitDelay(delay).build());
        WriterStats before = storage.writer().stats();
        List<CompletableFuture<Long>> latencies = new ArrayList<>();

        // One create every millisecond, without waiting for the previous ones: a sync takes less
        // than that on an idle disk, so without the delay almost every create is synced alone.
        long start = System.nanoTime();
        for (int i = 0; i < 500; i++) {
            long due = start + TimeUnit.MILLISECONDS.toNanos(i);
            while (System.nanoTime() < due) {
                Thread.onSpinWait();
            }
            long sent = System.nanoTime();
            latencies.add(store.create(link("c" + i, "https://example.com/" + i)).toCompletableFuture()
                    .thenApply(ok -> TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent)));
        }

        List<Long> millis = latencies.stream().map(CompletableFuture::join).toList();
        WriterStats after = storage.writer().stats();
        assertThat(after.delayed() - before.delayed()).isPositive();
        assertThat(after.syncs() - before.syncs()).as("syncs for 500 creates").isLessThan(500 / 4);
        // Held at most the delay; the margin is for a slow disk, not for the wait.
        assertThat(millis).allSatisfy(ms -> assertThat(ms).isLessThan(delay.toMillis() + 500));
        assertThat(join(store.get("c499"))).isPresent();
    }

    @Test
    void commitDelay_loneCreates_areNotHeld() throws Exception {
        Duration delay = EmbeddedOptions.MAX_COMMIT_DELAY;
        open(EmbeddedOptions.builder(dir).commitDelay(delay).build());

        // Four times the delay apart, no company can be expected: each is synced at once.
        for (int i = 0; i < 5; i++) {
            Thread.sleep(4 * delay.toMillis());
            long sent = System.nanoTime();
            join(store.create(link("c" + i, "https://example.com/" + i)));
            assertThat(Duration.ofNanos(System.nanoTime() - sent)).as("create %d", i).isLessThan(delay);
        }
        assertThat(storage.writer().stats().delayed()).isZero();
    }

    @Test
    void commitDelay_callersAllWaiting_isCutShortWhenArrivalsStop() throws Exception {
        Duration delay = EmbeddedOptions.MAX_COMMIT_DELAY;
        open(EmbeddedOptions.builder(dir).commitDelay(delay).build());
        int callers = 4;
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.MILLISECONDS.toNanos(100); // past the first rate windows
        long end = start + TimeUnit.MILLISECONDS.toNanos(600);
        List<CompletableFuture<List<Long>>> threads = new ArrayList<>();

        // A client with four connections: each sends its next create once the last one is answered.
        // Arrivals are frequent enough to hold batches for company, but once all four wait in the
        // queue no more can come: the writer must stop waiting instead of holding them 100 ms.
        for (int t = 0; t < callers; t++) {
            int caller = t;
            threads.add(CompletableFuture.supplyAsync(() -> {
                List<Long> micros = new ArrayList<>();
                for (int i = 0; System.nanoTime() < end; i++) {
                    long sent = System.nanoTime();
                    join(store.create(link("c" + caller + "-" + i, "https://example.com/" + i)));
                    if (sent >= measureFrom) {
                        micros.add(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent));
                    }
                }
                return micros;
            }));
        }

        List<Long> micros = threads.stream().flatMap(f -> f.join().stream()).sorted().toList();
        assertThat(micros).isNotEmpty();
        long median = micros.get(micros.size() / 2);
        assertThat(Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(median))).as("median create").isLessThan(delay.dividedBy(4));
        assertThat(storage.writer().stats().delayed()).isPositive();
    }
}
