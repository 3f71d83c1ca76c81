package dev.shortcode.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.testing.time.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Last use is written at once the first time, then at most once per interval per key, and what is pending at the stop. */
class LastUseRecorderUnitTests {

    private static final Instant START = Instant.parse("2026-06-01T10:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final CountingStore store = new CountingStore();
    private final ApiKeys keys = new ApiKeys(store, clock);
    private final ApiKey key = new ApiKey("k_1", "client", Set.of(ApiKey.Scope.LINKS_READ), "h1", 0, false);
    private LastUseRecorder recorder;

    @AfterEach
    void close() {
        if (recorder != null) {
            recorder.close();
        }
    }

    @Test
    void record_manyUses_writeOnceAtFirstThenOncePerInterval() {
        store.create(key);
        recorder = new LastUseRecorder(keys, clock, Duration.ofMinutes(5), Duration.ofMillis(20));
        for (int i = 0; i < 1_000; i++) {
            recorder.record(key);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> store.updates.get() == 1);
        assertThat(store.get("k_1").lastUsedMillis()).isEqualTo(START.toEpochMilli());

        clock.advance(Duration.ofMinutes(1));
        recorder.record(key);
        sleep(200); // many sweeps
        assertThat(store.updates.get()).as("within the interval nothing more is written").isEqualTo(1);

        clock.advance(Duration.ofMinutes(4));
        await().atMost(Duration.ofSeconds(5)).until(() -> store.updates.get() == 2);
        assertThat(store.get("k_1").lastUsedMillis()).as("the latest use, written by a sweep")
                .isEqualTo(START.plus(Duration.ofMinutes(1)).toEpochMilli());
        clock.advance(Duration.ofMinutes(10));
        sleep(200);
        assertThat(store.updates.get()).as("no use since: nothing to write").isEqualTo(2);
    }

    @Test
    void close_writesTheUsePending() {
        store.create(key);
        recorder = new LastUseRecorder(keys, clock, Duration.ofMinutes(5), Duration.ofMinutes(5));
        recorder.record(key);
        await().atMost(Duration.ofSeconds(5)).until(() -> store.updates.get() == 1);
        clock.advance(Duration.ofSeconds(30));
        recorder.record(key);
        recorder.close();
        recorder = null;
        assertThat(store.get("k_1").lastUsedMillis()).isEqualTo(START.plusSeconds(30).toEpochMilli());
    }

    @Test
    void record_storeFailing_isTriedAgainAtTheNextSweep() {
        store.create(key);
        store.failing = true;
        recorder = new LastUseRecorder(keys, clock, Duration.ofMinutes(5), Duration.ofMillis(20));
        recorder.record(key);
        await().atMost(Duration.ofSeconds(5)).until(() -> store.failures.get() >= 1);
        store.failing = false;
        await().atMost(Duration.ofSeconds(5)).until(() -> store.get("k_1").lastUsedMillis() == START.toEpochMilli());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Keys in memory, counting the updates that reach it. */
    private static final class CountingStore implements ApiKeyStore {
        final Map<String, ApiKey> byId = new ConcurrentHashMap<>();
        final AtomicInteger updates = new AtomicInteger();
        final AtomicInteger failures = new AtomicInteger();
        volatile boolean failing;

        ApiKey get(String id) {
            return byId.get(id);
        }

        @Override
        public CompletionStage<Boolean> create(ApiKey key) {
            return CompletableFuture.completedFuture(byId.putIfAbsent(key.id(), key) == null);
        }

        @Override
        public CompletionStage<Optional<ApiKey>> findByHash(String secretHash) {
            return CompletableFuture.completedFuture(byId.values().stream().filter(k -> k.secretHash().equals(secretHash)).findFirst());
        }

        @Override
        public CompletionStage<List<ApiKey>> list() {
            return CompletableFuture.completedFuture(List.copyOf(byId.values()));
        }

        @Override
        public CompletionStage<Boolean> revoke(String id) {
            return CompletableFuture.completedFuture(false);
        }

        @Override
        public CompletionStage<Optional<ApiKey>> update(String id, UnaryOperator<ApiKey> change) {
            if (failing) {
                failures.incrementAndGet();
                return CompletableFuture.failedFuture(new IllegalStateException("store down"));
            }
            updates.incrementAndGet();
            return CompletableFuture.completedFuture(Optional.ofNullable(byId.computeIfPresent(id, (i, current) -> change.apply(current))));
        }
    }
}
