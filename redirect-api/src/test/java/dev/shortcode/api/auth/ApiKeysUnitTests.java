package dev.shortcode.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class ApiKeysUnitTests {

    private final OutageStore store = new OutageStore();
    private final MutableClock clock = new MutableClock();
    private final ApiKeys keys = new ApiKeys(store, clock);

    @Test
    void storeDown_aKeyVerifiedRecently_isStillAccepted_untilTheStaleLimit() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_WRITE)).toCompletableFuture().join();
        assertThat(authenticate(created.secret())).isPresent();

        store.down = true;
        clock.advance(Duration.ofMillis(ApiKeys.CACHE_MILLIS + 1)); // the cache entry is due for a re-check
        assertThat(authenticate(created.secret())).as("verified moments ago, store unreachable").isPresent();
        clock.advance(Duration.ofMillis(ApiKeys.STALE_MILLIS));
        assertThatThrownBy(() -> authenticate(created.secret())).as("too long since the store confirmed it")
                .hasCauseInstanceOf(UncheckedIOException.class);

        store.down = false;
        assertThat(authenticate(created.secret())).isPresent();
    }

    @Test
    void storeDown_aKeyNeverVerifiedHere_failsAsAnOutage_notAsUnknown() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_READ)).toCompletableFuture().join();
        store.down = true;
        assertThatThrownBy(() -> authenticate(created.secret())).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(UncheckedIOException.class);
    }

    @Test
    void revokedKey_isRefusedOnceTheCacheRechecks_evenIfTheStoreFailsLater() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_READ)).toCompletableFuture().join();
        assertThat(authenticate(created.secret())).isPresent();
        store.revoke(created.key().id()).toCompletableFuture().join(); // on another node: this node's cache does not know
        clock.advance(Duration.ofMillis(ApiKeys.CACHE_MILLIS + 1));
        assertThat(authenticate(created.secret())).isEmpty();
        store.down = true;
        assertThat(authenticate(created.secret())).as("the cached copy is the revoked one").isEmpty();
    }

    /** HBase frozen: its calls neither answer nor fail until its timeout. No request with a known key may wait for that. */
    @Test
    void storeHanging_aKnownKeyIsAnsweredAtOnce_andOneRecheckIsUnderWay() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_WRITE)).toCompletableFuture().join();
        assertThat(authenticate(created.secret())).isPresent();
        store.hanging = true;
        clock.advance(Duration.ofMillis(ApiKeys.CACHE_MILLIS + 1));
        for (int i = 0; i < 10; i++) {
            CompletableFuture<Optional<ApiKey>> answer = keys.authenticate(created.secret()).toCompletableFuture();
            assertThat(answer).as("request %d while the store hangs", i).isCompletedWithValueMatching(Optional::isPresent);
        }
        assertThat(store.lookups.get()).as("lookups: the first verification, then one re-check").isEqualTo(2);
    }

    @Test
    void update_onAnotherNode_isSeenOnceTheCacheRechecks() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_WRITE)).toCompletableFuture().join();
        assertThat(authenticate(created.secret()).orElseThrow().requestsPerMinute()).isEmpty();
        store.update(created.key().id(), k -> k.withSettings(OptionalLong.of(5), OptionalLong.empty(), OptionalLong.empty()))
                .toCompletableFuture().join(); // on another node: this node's cache does not know
        assertThat(authenticate(created.secret()).orElseThrow().requestsPerMinute()).as("within the cache's time").isEmpty();
        clock.advance(Duration.ofMillis(ApiKeys.CACHE_MILLIS + 1));
        assertThat(authenticate(created.secret()).orElseThrow().requestsPerMinute()).hasValue(5);
    }

    @Test
    void update_onThisNode_winsOverARecheckOfTheOldCopyUnderWay() {
        ApiKeys.Created created = keys.create("client", EnumSet.of(ApiKey.Scope.LINKS_WRITE)).toCompletableFuture().join();
        assertThat(authenticate(created.secret())).isPresent();
        store.holding = true;
        clock.advance(Duration.ofMillis(ApiKeys.CACHE_MILLIS + 1));
        assertThat(authenticate(created.secret())).as("answered from the cache, a re-check under way").isPresent();
        store.holding = false;
        keys.update(created.key().id(), k -> k.withSettings(OptionalLong.of(7), OptionalLong.empty(), OptionalLong.empty()))
                .toCompletableFuture().join();
        store.release(); // the re-check answers with what the store held when it was asked: the old copy

        assertThat(authenticate(created.secret()).orElseThrow().requestsPerMinute()).hasValue(7);
    }

    private Optional<ApiKey> authenticate(String secret) {
        return keys.authenticate(secret).toCompletableFuture().join();
    }

    /** Keys in memory; {@link #down} makes every call fail as an unreachable store would. */
    private static final class OutageStore implements ApiKeyStore {
        final Map<String, ApiKey> byHash = new ConcurrentHashMap<>();
        final java.util.concurrent.atomic.AtomicInteger lookups = new java.util.concurrent.atomic.AtomicInteger();
        volatile boolean down;
        /** Calls never complete, as with a frozen HBase before its timeout. */
        volatile boolean hanging;
        /** Lookups answer with what the store holds now, but only at {@link #release}: a slow store. */
        volatile boolean holding;
        final List<Runnable> held = new java.util.concurrent.CopyOnWriteArrayList<>();

        void release() {
            held.forEach(Runnable::run);
            held.clear();
        }

        private <T> CompletionStage<T> answer(java.util.function.Supplier<T> value) {
            return down ? CompletableFuture.failedFuture(new UncheckedIOException(new java.io.IOException("store unreachable")))
                    : CompletableFuture.completedFuture(value.get());
        }

        @Override
        public CompletionStage<Boolean> create(ApiKey key) {
            return answer(() -> byHash.putIfAbsent(key.secretHash(), key) == null);
        }

        @Override
        public CompletionStage<Optional<ApiKey>> findByHash(String secretHash) {
            lookups.incrementAndGet();
            if (hanging) {
                return new CompletableFuture<>();
            }
            if (holding) {
                Optional<ApiKey> now = Optional.ofNullable(byHash.get(secretHash));
                CompletableFuture<Optional<ApiKey>> later = new CompletableFuture<>();
                held.add(() -> later.complete(now));
                return later;
            }
            return answer(() -> Optional.ofNullable(byHash.get(secretHash)));
        }

        @Override
        public CompletionStage<List<ApiKey>> list() {
            return answer(() -> List.copyOf(byHash.values()));
        }

        @Override
        public CompletionStage<Boolean> revoke(String id) {
            return answer(() -> byHash.values().stream().filter(k -> k.id().equals(id) && !k.revoked()).findFirst()
                    .map(k -> byHash.replace(k.secretHash(), k, k.revokedCopy())).orElse(false));
        }

        @Override
        public CompletionStage<Optional<ApiKey>> update(String id, java.util.function.UnaryOperator<ApiKey> change) {
            return answer(() -> byHash.values().stream().filter(k -> k.id().equals(id)).findFirst()
                    .map(k -> byHash.computeIfPresent(k.secretHash(), (hash, current) -> change.apply(current))));
        }
    }

    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-11-30T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
