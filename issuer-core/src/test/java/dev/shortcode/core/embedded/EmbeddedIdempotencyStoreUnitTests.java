package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.IdempotencyStore.Claim;
import dev.shortcode.core.store.IdempotencyStore.Completion;
import dev.shortcode.core.store.WriterStats;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedIdempotencyStoreUnitTests {

    private static final Duration DAY = Duration.ofDays(1);
    private static final Duration NO_BACKGROUND_SWEEP = Duration.ofHours(1);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private EmbeddedDatabase storage;
    private EmbeddedIdempotencyStore store;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.builder(dir).sweepInterval(NO_BACKGROUND_SWEEP).sweepBatch(1000).build());
        store = new EmbeddedIdempotencyStore(storage, clock);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void reopen() {
        storage.close();
        open();
    }

    private Claim claim(String scope, String key) {
        return store.claim(scope, key, DAY).toCompletableFuture().join();
    }

    private void complete(String scope, String key, String code, Duration ttl) {
        store.complete(scope, key, code, ttl).toCompletableFuture().join();
    }

    private void release(String scope, String key) {
        store.release(scope, key).toCompletableFuture().join();
    }

    private byte[] stored(String scope, String key) {
        return storage.call(db -> db.get(storage.idempotency(), IdempotencyEntry.key(scope, key)));
    }

    @Test
    void claim_freeKey_winsAndLaterClaimsArePending() {
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Won());

        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Pending());
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Pending());
    }

    @Test
    void complete_thenClaim_isDoneWithTheCode() {
        claim("k1", "req-1");

        complete("k1", "req-1", "aB3xYz9", DAY);

        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Done("aB3xYz9"));
    }

    @Test
    void release_freesTheKeyForTheNextClaim() {
        claim("k1", "req-1");

        release("k1", "req-1");

        assertThat(stored("k1", "req-1")).isNull();
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Won());
    }

    @Test
    void claim_sameKeyUnderAnotherScope_isAnotherRequest() {
        claim("k1", "req-1");
        complete("k1", "req-1", "code1", DAY);

        assertThat(claim("k2", "req-1")).isEqualTo(new Claim.Won());
        assertThat(claim("k", "1\0req-1")).as("the separator keeps scope and key apart").isEqualTo(new Claim.Won());
        assertThat(claim("k1", "req-2")).isEqualTo(new Claim.Won());
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Done("code1"));
    }

    @Test
    void claim_fiftyConcurrent_exactlyOneWinsTheRestArePendingThenAllSeeTheCode() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<CompletableFuture<Claim>>> attempts = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                attempts.add(pool.submit(() -> {
                    start.await();
                    return store.claim("k1", "retry-storm", DAY).toCompletableFuture();
                }));
            }
            start.countDown();
            List<Claim> claims = new ArrayList<>();
            for (Future<CompletableFuture<Claim>> a : attempts) {
                claims.add(a.get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS));
            }

            Map<Claim, Long> counts = claims.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(counts).containsExactlyInAnyOrderEntriesOf(Map.of(new Claim.Won(), 1L, new Claim.Pending(), 49L));

            complete("k1", "retry-storm", "won1234", DAY);
            List<CompletableFuture<Claim>> after = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                after.add(store.claim("k1", "retry-storm", DAY).toCompletableFuture());
            }
            assertThat(after).extracting(CompletableFuture::join).containsOnly(new Claim.Done("won1234")).hasSize(50);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void claim_pendingPastItsTtl_canBeClaimedAgain() {
        claim("k1", "req-1"); // the winner dies without completing or releasing
        clock.advance(EmbeddedIdempotencyStore.PENDING_TTL.minusMillis(1));
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Pending());

        clock.advance(Duration.ofMillis(1));

        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Won());
        assertThat(claim("k1", "req-1")).as("the new claim is pending for its own 30 s").isEqualTo(new Claim.Pending());
    }

    @Test
    void done_keepsTheCodeForItsTtlOnly() {
        claim("k1", "req-1");
        complete("k1", "req-1", "code1", Duration.ofHours(2));

        clock.advance(Duration.ofHours(2).minusMillis(1));
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Done("code1"));
        clock.advance(Duration.ofMillis(1));
        assertThat(claim("k1", "req-1")).isEqualTo(new Claim.Won());
    }

    @Test
    void reopen_keepsDoneAndPendingEntries() {
        claim("k1", "done");
        complete("k1", "done", "code1", DAY);
        claim("k1", "pending");

        reopen();

        assertThat(claim("k1", "done")).isEqualTo(new Claim.Done("code1"));
        assertThat(claim("k1", "pending")).isEqualTo(new Claim.Pending());
    }

    @Test
    void sweepOnce_removesOnlyExpiredEntries() {
        for (int i = 0; i < 10; i++) {
            claim("k1", "abandoned" + i);           // pending: 30 s
            claim("k1", "finished" + i);
            complete("k1", "finished" + i, "c" + i, DAY);
        }
        clock.advance(Duration.ofMinutes(1));

        assertThat(store.sweepOnce()).isEqualTo(10);

        assertThat(store.sweepOnce()).isZero();
        for (int i = 0; i < 10; i++) {
            assertThat(stored("k1", "abandoned" + i)).isNull();
            assertThat(claim("k1", "finished" + i)).isEqualTo(new Claim.Done("c" + i));
        }
    }

    @Test
    void claim_scopeWithNul_failsTheStage() {
        assertThat(store.claim("a\0b", "req", DAY).toCompletableFuture()).isCompletedExceptionally();
        assertThat(store.complete("k1", "req", "c", Duration.ZERO).toCompletableFuture()).isCompletedExceptionally();
    }

    private static <T> List<T> joined(List<CompletionStage<T>> stages) {
        return stages.stream().map(s -> s.toCompletableFuture().join()).toList();
    }

    private List<Claim> claimAll(String scope, String... keys) {
        return joined(store.claimAll(scope, List.of(keys), DAY));
    }

    @Test
    void claimAll_freeKeys_winsEachInOneWriterTaskAndLaterClaimsArePending() {
        WriterStats before = storage.writer().stats();

        assertThat(claimAll("k1", "r1", "r2", "r3")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Won());

        WriterStats after = storage.writer().stats();
        assertThat(after.batches() - before.batches()).as("one batch").isEqualTo(1);
        assertThat(after.syncs() - before.syncs()).as("one sync").isEqualTo(1);
        assertThat(after.operations() - before.operations()).as("one operation per key").isEqualTo(3);
        assertThat(claim("k1", "r2")).isEqualTo(new Claim.Pending());
        assertThat(claimAll("k1", "r3", "r1")).containsExactly(new Claim.Pending(), new Claim.Pending());
    }

    @Test
    void claimAll_answersEachKeyAsItsOwnClaimWould() {
        claim("k1", "done");
        complete("k1", "done", "code1 fp", DAY);
        claim("k1", "pending");
        claim("k1", "lapsed");
        clock.advance(EmbeddedIdempotencyStore.PENDING_TTL.minusMillis(1));
        claim("k1", "recent");
        clock.advance(Duration.ofMillis(1)); // "lapsed" and "pending" are 30 s old now: free again

        assertThat(claimAll("k1", "done", "recent", "lapsed", "free"))
                .containsExactly(new Claim.Done("code1 fp"), new Claim.Pending(), new Claim.Won(), new Claim.Won());
    }

    @Test
    void claimAll_sameKeyTwice_theFirstWinsTheSecondIsPending() {
        assertThat(claimAll("k1", "r1", "r2", "r1")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Pending());
    }

    @Test
    void claimAll_corruptEntry_failsThatKeyAloneAndTheOthersAreClaimed() {
        storage.call(db -> {
            // live for ages, in state 9, which no version wrote
            db.put(storage.idempotency(), IdempotencyEntry.key("k1", "broken"), new byte[] {0x7f, 0, 0, 0, 0, 0, 0, 0, 9});
            return null;
        });

        List<CompletableFuture<Claim>> claims = store.claimAll("k1", List.of("r1", "broken", "r2"), DAY).stream()
                .map(CompletionStage::toCompletableFuture).toList();

        assertThat(claims.get(0).join()).isEqualTo(new Claim.Won());
        assertThat(claims.get(1)).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(IllegalArgumentException.class);
        assertThat(claims.get(2).join()).isEqualTo(new Claim.Won());
        assertThat(claim("k1", "r2")).isEqualTo(new Claim.Pending());
    }

    @Test
    void completeAll_recordsEachOutcomeForItsTtlAndSurvivesReopen() {
        claimAll("k1", "r1", "r2");

        joined(store.completeAll("k1", List.of(new Completion("r1", "code1 fp1"), new Completion("r2", "code2 fp2")),
                Duration.ofHours(2)));
        reopen();

        assertThat(claimAll("k1", "r1", "r2")).containsExactly(new Claim.Done("code1 fp1"), new Claim.Done("code2 fp2"));
        clock.advance(Duration.ofHours(2).minusMillis(1));
        assertThat(claim("k1", "r1")).isEqualTo(new Claim.Done("code1 fp1"));
        clock.advance(Duration.ofMillis(1));
        assertThat(claimAll("k1", "r1", "r2")).containsExactly(new Claim.Won(), new Claim.Won());
    }

    @Test
    void releaseAll_freesEachKeyForTheNextClaim() {
        claimAll("k1", "r1", "r2", "kept");

        joined(store.releaseAll("k1", List.of("r1", "r2")));

        assertThat(stored("k1", "r1")).isNull();
        assertThat(stored("k1", "r2")).isNull();
        assertThat(claimAll("k1", "r1", "r2", "kept")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Pending());
    }

    @Test
    void batches_ofABadScopeOrTtl_failEveryStage() {
        assertThat(store.claimAll("a\0b", List.of("r1", "r2"), DAY)).hasSize(2)
                .allSatisfy(s -> assertThat(s.toCompletableFuture()).isCompletedExceptionally());
        assertThat(store.completeAll("k1", List.of(new Completion("r1", "c")), Duration.ZERO)).hasSize(1)
                .allSatisfy(s -> assertThat(s.toCompletableFuture()).isCompletedExceptionally());
        assertThat(store.releaseAll("a\0b", List.of("r1"))).hasSize(1)
                .allSatisfy(s -> assertThat(s.toCompletableFuture()).isCompletedExceptionally());
    }

    @Test
    void batches_ofNoKeys_answerNothing() {
        assertThat(store.claimAll("k1", List.of(), DAY)).isEmpty();
        assertThat(store.completeAll("k1", List.of(), DAY)).isEmpty();
        assertThat(store.releaseAll("k1", List.of())).isEmpty();
    }
}
