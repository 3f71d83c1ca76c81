package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
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

class EmbeddedApiKeyStoreUnitTests {

    @TempDir
    Path dir;

    private EmbeddedDatabase storage;
    private EmbeddedApiKeyStore keys;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        keys = new EmbeddedApiKeyStore(storage);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private static ApiKey key(String id, String hash, Scope... scopes) {
        return new ApiKey(id, "name of " + id, Set.of(scopes), hash, 1_700_000_000_000L, false);
    }

    private boolean create(ApiKey key) {
        return keys.create(key).toCompletableFuture().join();
    }

    private Optional<ApiKey> findByHash(String hash) {
        return keys.findByHash(hash).toCompletableFuture().join();
    }

    private List<ApiKey> list() {
        return keys.list().toCompletableFuture().join();
    }

    private boolean revoke(String id) {
        return keys.revoke(id).toCompletableFuture().join();
    }

    @Test
    void create_newKey_isFoundByItsHashAndListedWithEveryField() {
        ApiKey k = new ApiKey("k1", "CI pipeline ü", Set.of(Scope.LINKS_READ, Scope.LINKS_WRITE), "ab12", 1234, false);

        assertThat(create(k)).isTrue();

        assertThat(findByHash("ab12")).contains(k);
        assertThat(findByHash("ab13")).isEmpty();
        assertThat(list()).containsExactly(k);
    }

    @Test
    void create_duplicateIdOrHash_isRefusedAndKeepsTheFirst() {
        ApiKey first = key("k1", "h1", Scope.LINKS_READ);
        create(first);

        assertThat(create(key("k1", "h2", Scope.ADMIN))).as("same id").isFalse();
        assertThat(create(key("k2", "h1", Scope.ADMIN))).as("same hash").isFalse();

        assertThat(list()).containsExactly(first);
        assertThat(findByHash("h1")).contains(first);
        assertThat(findByHash("h2")).as("the refused key's hash was not recorded").isEmpty();
    }

    @Test
    void list_returnsEveryKeyInIdOrder() {
        ApiKey b = key("b", "hb", Scope.ADMIN);
        ApiKey a = key("a", "ha", Scope.LINKS_READ);
        ApiKey c = key("c", "hc");
        create(b);
        create(a);
        create(c);

        assertThat(list()).containsExactly(a, b, c);
    }

    @Test
    void list_ofAnEmptyStore_isEmpty() {
        assertThat(list()).isEmpty();
    }

    @Test
    void revoke_knownKey_marksItRevokedOnce() {
        ApiKey k = key("k1", "h1", Scope.ADMIN);
        create(k);

        assertThat(revoke("k1")).isTrue();
        assertThat(revoke("k1")).as("already revoked").isFalse();
        assertThat(revoke("unknown")).isFalse();

        ApiKey found = findByHash("h1").orElseThrow();
        assertThat(found).isEqualTo(k.revokedCopy());
        assertThat(found.allows(Scope.LINKS_READ)).isFalse();
        assertThat(list()).containsExactly(k.revokedCopy());
        assertThat(create(key("k1", "h9"))).as("a revoked id stays taken").isFalse();
    }

    @Test
    void update_changesLimitsAndLastUse_keepsTheHashLookup_andAnUnknownIdIsEmpty() {
        ApiKey k = key("k1", "h1", Scope.LINKS_WRITE);
        create(k);

        Optional<ApiKey> changed = keys.update("k1", current -> current.withSettings(OptionalLong.of(60), OptionalLong.of(500),
                OptionalLong.of(1_900_000_000_000L))).toCompletableFuture().join();
        Optional<ApiKey> used = keys.update("k1", current -> current.usedAt(1_800_000_000_000L)).toCompletableFuture().join();

        assertThat(changed.orElseThrow().requestsPerMinute()).hasValue(60);
        assertThat(used.orElseThrow().linksPerDay()).as("the second change applies to the first's result").hasValue(500);
        ApiKey stored = findByHash("h1").orElseThrow();
        assertThat(stored).isEqualTo(used.get());
        assertThat(stored.lastUsedMillis()).isEqualTo(1_800_000_000_000L);
        assertThat(stored.expiresAtMillis()).hasValue(1_900_000_000_000L);
        assertThat(keys.update("unknown", current -> current.usedAt(1)).toCompletableFuture().join()).isEmpty();
        assertThat(keys.update("k1", current -> current).toCompletableFuture().join()).contains(stored);
    }

    @Test
    void reopen_keepsKeysAndRevocations() {
        ApiKey kept = key("k1", "h1", Scope.LINKS_WRITE);
        ApiKey revoked = key("k2", "h2", Scope.ADMIN);
        create(kept);
        create(revoked);
        revoke("k2");

        storage.close();
        open();

        assertThat(findByHash("h1")).contains(kept);
        assertThat(findByHash("h2")).contains(revoked.revokedCopy());
        assertThat(list()).containsExactly(kept, revoked.revokedCopy());
    }

    @Test
    void create_raceOnOneHash_hasExactlyOneWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<CompletableFuture<Boolean>>> attempts = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                ApiKey mine = key("k" + i, "shared-hash", Scope.LINKS_READ);
                attempts.add(pool.submit(() -> {
                    start.await();
                    return keys.create(mine).toCompletableFuture(); // in flight, not joined: many share a batch
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<CompletableFuture<Boolean>> a : attempts) {
                winners += a.get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS) ? 1 : 0;
            }

            assertThat(winners).isEqualTo(1);
            assertThat(list()).hasSize(1);
            assertThat(findByHash("shared-hash")).contains(list().get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void operations_afterTheStorageClosed_failTheStage() {
        storage.close();

        assertThat(keys.create(key("k1", "h1")).toCompletableFuture()).isCompletedExceptionally();
        assertThat(keys.findByHash("h1").toCompletableFuture()).isCompletedExceptionally();
        assertThat(keys.list().toCompletableFuture()).isCompletedExceptionally();
        assertThat(keys.revoke("k1").toCompletableFuture()).isCompletedExceptionally();
    }
}
