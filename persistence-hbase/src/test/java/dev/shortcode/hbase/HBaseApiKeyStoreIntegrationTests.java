package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HBaseApiKeyStoreIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final AtomicLong CLOCK = new AtomicLong(1_760_000_000_000L);
    /** Two storages on two connections to one namespace: two nodes of one cluster. */
    private static HBaseStorage nodeA;
    private static HBaseStorage nodeB;

    @BeforeAll
    static void open() {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().build();
        nodeA = HBaseStorage.open(config);
        nodeB = HBaseStorage.open(config);
    }

    @AfterAll
    static void close() {
        nodeA.close();
        nodeB.close();
    }

    @Test
    void create_thenFindByHash_returnsIt_onAnotherNodeToo() {
        ApiKey key = key();
        assertThat(await(nodeA.apiKeys().create(key))).isTrue();
        assertThat(await(nodeA.apiKeys().findByHash(key.secretHash()))).contains(key);
        assertThat(await(nodeB.apiKeys().findByHash(key.secretHash()))).contains(key);
    }

    @Test
    void create_withAnExistingHash_isFalse_andKeepsTheFirstKey() {
        ApiKey first = key();
        ApiKey sameHash = new ApiKey(id(), "other", Set.of(Scope.ADMIN), first.secretHash(), first.createdAtMillis() + 1, false);
        assertThat(await(nodeA.apiKeys().create(first))).isTrue();
        assertThat(await(nodeB.apiKeys().create(sameHash))).isFalse();
        assertThat(await(nodeB.apiKeys().findByHash(first.secretHash()))).contains(first);
    }

    @Test
    void create_withAnExistingIdButAnotherHash_isFalse() {
        ApiKey first = key();
        ApiKey sameId = new ApiKey(first.id(), "other", Set.of(Scope.LINKS_READ), hash(), first.createdAtMillis() + 1, false);
        assertThat(await(nodeA.apiKeys().create(first))).isTrue();
        assertThat(await(nodeB.apiKeys().create(sameId))).isFalse();
        assertThat(await(nodeA.apiKeys().findByHash(sameId.secretHash()))).isEmpty();
        assertThat(await(nodeA.apiKeys().findByHash(first.secretHash()))).contains(first);
    }

    @Test
    void findByHash_ofAnUnknownHash_isEmpty() {
        assertThat(await(nodeA.apiKeys().findByHash(hash()))).isEmpty();
        assertThat(await(nodeA.apiKeys().findByHash(""))).isEmpty();
    }

    @Test
    void list_returnsEveryKeyInIdOrder_revokedOnesIncluded_andNothingElse() {
        // A namespace of its own: the other tests' keys would be listed too.
        try (HBaseStorage storage = HBaseStorage.open(CLUSTER.archiveConfig().build())) {
            assertThat(await(storage.apiKeys().list())).isEmpty();
            List<ApiKey> keys = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ApiKey key = key();
                assertThat(await(storage.apiKeys().create(key))).isTrue();
                keys.add(key);
            }
            // Refused creates add nothing.
            assertThat(await(storage.apiKeys().create(keys.get(0)))).isFalse();
            assertThat(await(storage.apiKeys().revoke(keys.get(1).id()))).isTrue();
            keys.set(1, keys.get(1).revokedCopy());

            List<ApiKey> listed = await(storage.apiKeys().list());
            assertThat(listed).containsExactlyInAnyOrderElementsOf(keys);
            assertThat(listed).extracting(ApiKey::id).isSorted();
        }
    }

    @Test
    void revoke_marksTheKeyRevoked_onceOnly() {
        ApiKey key = key();
        assertThat(await(nodeA.apiKeys().create(key))).isTrue();
        assertThat(await(nodeA.apiKeys().revoke(key.id()))).isTrue();
        assertThat(await(nodeB.apiKeys().findByHash(key.secretHash()))).contains(key.revokedCopy());
        assertThat(await(nodeA.apiKeys().revoke(key.id()))).isFalse();
        assertThat(await(nodeB.apiKeys().revoke(key.id()))).isFalse();
        assertThat(await(nodeA.apiKeys().findByHash(key.secretHash()))).contains(key.revokedCopy());
    }

    @Test
    void revoke_ofAnUnknownId_isFalse() {
        assertThat(await(nodeA.apiKeys().revoke(id()))).isFalse();
    }

    @Test
    void revoke_leavesOtherKeysAlone_evenOnesWhoseIdStartsWithTheRevokedId() {
        ApiKey key = key();
        ApiKey longerId = new ApiKey(key.id() + "x", "longer", Set.of(Scope.LINKS_READ), hash(), CLOCK.addAndGet(7), false);
        assertThat(await(nodeA.apiKeys().create(key))).isTrue();
        assertThat(await(nodeA.apiKeys().create(longerId))).isTrue();
        assertThat(await(nodeA.apiKeys().revoke(key.id()))).isTrue();
        assertThat(await(nodeA.apiKeys().findByHash(longerId.secretHash()))).contains(longerId);
    }

    @Test
    void keys_surviveANewOpenOnTheSameConfig() {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().build();
        ApiKey kept = key();
        ApiKey revoked = key();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            assertThat(await(storage.apiKeys().create(kept))).isTrue();
            assertThat(await(storage.apiKeys().create(revoked))).isTrue();
            assertThat(await(storage.apiKeys().revoke(revoked.id()))).isTrue();
        }
        // A client restart: a new connection, the tables found as they are.
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            assertThat(await(storage.apiKeys().findByHash(kept.secretHash()))).contains(kept);
            assertThat(await(storage.apiKeys().findByHash(revoked.secretHash()))).contains(revoked.revokedCopy());
            assertThat(await(storage.apiKeys().list())).containsExactlyInAnyOrder(kept, revoked.revokedCopy());
            assertThat(await(storage.apiKeys().create(kept))).isFalse();
        }
    }

    @Test
    void create_ofOneKey20TimesAtOnceOnTwoNodes_succeedsExactlyOnce() throws Exception {
        ApiKey key = key();
        List<Boolean> answers = concurrently(20, i -> (i % 2 == 0 ? nodeA : nodeB).apiKeys().create(key).toCompletableFuture());
        assertThat(answers).hasSize(20).containsOnlyOnce(true);
        assertThat(await(nodeA.apiKeys().findByHash(key.secretHash()))).contains(key);
    }

    @Test
    void revoke_ofOneKey20TimesAtOnceOnTwoNodes_succeedsExactlyOnce() throws Exception {
        ApiKey key = key();
        assertThat(await(nodeA.apiKeys().create(key))).isTrue();
        List<Boolean> answers = concurrently(20, i -> (i % 2 == 0 ? nodeA : nodeB).apiKeys().revoke(key.id()).toCompletableFuture());
        assertThat(answers).hasSize(20).containsOnlyOnce(true);
        assertThat(await(nodeB.apiKeys().findByHash(key.secretHash()))).contains(key.revokedCopy());
    }

    @Test
    void update_racingOnTwoNodes_losesNoChange_andOldRecordsStayReadable() throws Exception {
        ApiKey key = key();
        assertThat(await(nodeA.apiKeys().create(key))).isTrue();
        // Ten nodes' last-use records and one limit change at once: each compare-and-set that loses derives its change again.
        List<Boolean> answers = concurrently(11, i -> (i % 2 == 0 ? nodeA : nodeB).apiKeys().update(key.id(), current -> i == 10
                ? current.withSettings(OptionalLong.of(120), OptionalLong.of(50), current.expiresAtMillis())
                : current.usedAt(1_000L + i)).toCompletableFuture().thenApply(Optional::isPresent));
        assertThat(answers).containsOnly(true);
        ApiKey stored = await(nodeB.apiKeys().findByHash(key.secretHash())).orElseThrow();
        assertThat(stored.lastUsedMillis()).isEqualTo(1_009L);
        assertThat(stored.requestsPerMinute()).hasValue(120);
        assertThat(stored.linksPerDay()).hasValue(50);
        assertThat(await(nodeA.apiKeys().update("no-such-id", current -> current.usedAt(5)))).isEmpty();
        assertThat(await(nodeA.apiKeys().list())).contains(stored);
    }

    /** Starts {@code n} operations from {@code n} threads released together; their answers. */
    private static List<Boolean> concurrently(int n, IntFunction<CompletableFuture<Boolean>> operation)
            throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<CompletableFuture<Boolean>>> started = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                started.add(threads.submit(() -> {
                    start.await();
                    return operation.apply(index);
                }));
            }
            start.countDown();
            List<Boolean> answers = new ArrayList<>();
            for (var f : started) {
                answers.add(await(f.get()));
            }
            return answers;
        } finally {
            threads.shutdownNow();
        }
    }

    /** A new key as the service makes them: 12 random base62 characters of id, SHA-256 of a random secret. */
    private static ApiKey key() {
        return new ApiKey(id(), "test key", Set.of(Scope.LINKS_READ, Scope.LINKS_WRITE), hash(), CLOCK.addAndGet(7), false);
    }

    private static String id() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] chars = new char[12];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = BASE62.charAt(random.nextInt(BASE62.length()));
        }
        return new String(chars);
    }

    private static String hash() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(("sk_" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
