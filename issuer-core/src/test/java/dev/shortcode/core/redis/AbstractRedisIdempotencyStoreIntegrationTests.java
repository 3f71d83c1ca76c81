package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.IdempotencyStore.Claim;
import dev.shortcode.core.store.IdempotencyStore.Completion;
import dev.shortcode.testing.redis.RedisDeployment;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The idempotency keys on a real Redis, one key at a time and in batches: a batch answers each
 * key as its single operation would, in order, and what one writes the other reads.
 */
abstract class AbstractRedisIdempotencyStoreIntegrationTests {

    private static final Duration DAY = Duration.ofDays(1);

    protected abstract RedisDeployment redis();

    private RedisConnection connection;
    private RedisIdempotencyStore store;
    private String scope;

    @BeforeEach
    void open() {
        connection = redis().connect();
        store = new RedisIdempotencyStore(connection.async(), "idemtest");
        scope = "k_" + UUID.randomUUID().toString().substring(0, 12) + "/bulk";
    }

    @AfterEach
    void close() {
        connection.close();
    }

    private static <T> List<T> joined(List<CompletionStage<T>> stages) {
        return stages.stream().map(s -> s.toCompletableFuture().join()).toList();
    }

    private List<Claim> claimAll(String... keys) {
        return joined(store.claimAll(scope, List.of(keys), DAY));
    }

    private Claim claim(String key) {
        return store.claim(scope, key, DAY).toCompletableFuture().join();
    }

    @Test
    void claimAll_freeKeys_winsEachAndLaterClaimsArePending() {
        assertThat(claimAll("r1", "r2", "r3")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Won());

        assertThat(claim("r2")).isEqualTo(new Claim.Pending());
        assertThat(claimAll("r3", "r1")).containsExactly(new Claim.Pending(), new Claim.Pending());
    }

    @Test
    void claimAll_answersEachKeyAsItsOwnClaimWould() {
        claim("done");
        store.complete(scope, "done", "code1 fp", DAY).toCompletableFuture().join();
        claim("pending");

        assertThat(claimAll("done", "pending", "free")).containsExactly(new Claim.Done("code1 fp"), new Claim.Pending(), new Claim.Won());
        assertThat(connection.sync().ttl("idemtest:idem:{" + scope + "}:free"))
                .as("a won claim is pending for the pending TTL only").isBetween(1L, RedisIdempotencyStore.PENDING_TTL.toSeconds());
    }

    @Test
    void claimAll_sameKeyTwice_theFirstWinsTheSecondIsPending() {
        assertThat(claimAll("r1", "r2", "r1")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Pending());
    }

    @Test
    void completeAll_recordsEachOutcomeForItsTtl() {
        claimAll("r1", "r2");

        joined(store.completeAll(scope, List.of(new Completion("r1", "code1 fp1"), new Completion("r2", "code2 fp2")),
                Duration.ofHours(2)));

        assertThat(claimAll("r1", "r2")).containsExactly(new Claim.Done("code1 fp1"), new Claim.Done("code2 fp2"));
        assertThat(connection.sync().ttl("idemtest:idem:{" + scope + "}:r2")).isBetween(7_000L, 7_200L);
    }

    @Test
    void releaseAll_freesEachKeyForTheNextClaim() {
        claimAll("r1", "r2", "kept");

        joined(store.releaseAll(scope, List.of("r1", "r2")));

        assertThat(claimAll("r1", "r2", "kept")).containsExactly(new Claim.Won(), new Claim.Won(), new Claim.Pending());
    }
}
