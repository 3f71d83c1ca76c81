package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.StorageUnavailableException;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.testing.redis.ReplicatedCluster;
import dev.shortcode.testing.redis.ReplicatedStandalone;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * {@code shortcode.redis.wait-replicas} against real replicas: a change is acknowledged once its
 * replica has it, and fails (a storage outage, 503 in the service) while the replica is frozen,
 * though the master serves. A WAIT sent on any connection but the one that carried the writes
 * would answer at once and acknowledge what no replica has: freezing the replica tells the two apart.
 */
class ReplicaWaitIntegrationTests {

    private static final HotStoreOptions WAITING = HotStoreOptions.DEFAULTS.toBuilder().waitReplicas(1)
            .waitTimeout(Duration.ofMillis(300)).build();

    @Test
    void standalone_aChangeIsAcknowledgedOnlyWhenItsReplicaHasIt() {
        try (ReplicatedStandalone redis = ReplicatedStandalone.start(); RedisConnection connection = redis.connect()) {
            exercise(connection, redis::pauseReplica, redis::resumeReplica);
        }
    }

    @Test
    void cluster_aChangeWaitsOnTheMastersItWroteTo_andIsAcknowledgedOnlyWhenTheirReplicasHaveIt() {
        try (ReplicatedCluster redis = ReplicatedCluster.start(3); RedisConnection connection = redis.connect()) {
            exercise(connection, redis::pauseReplicas, redis::resumeReplicas);
        }
    }

    private static void exercise(RedisConnection connection, Runnable pause, Runnable resume) {
        StoreKeys keys = new StoreKeys("w" + UUID.randomUUID().toString().substring(0, 8), 4, 0);
        try (RedisHotStore waiting = new RedisHotStore(connection, keys, WAITING);
                RedisHotStore plain = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS)) {
            LinkRecord first = link();
            assertThat(waiting.create(first).toCompletableFuture().join()).isTrue();
            List<LinkRecord> batch = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                batch.add(link());
            }
            assertThat(waiting.createAll(batch).toCompletableFuture().join()).containsOnly(true);

            pause.run();
            try {
                long began = System.nanoTime();
                assertThatThrownBy(() -> waiting.create(link()).toCompletableFuture().join()).isInstanceOf(CompletionException.class)
                        .hasCauseInstanceOf(StorageUnavailableException.class).cause().hasMessageContaining("0 of 1 replicas");
                assertThat(Duration.ofNanos(System.nanoTime() - began)).as("the wait's timeout, not the command timeout")
                        .isLessThan(Duration.ofSeconds(2));
                LinkRecord next = first.updated("https://example.com/next", first.ttlSeconds(), false);
                assertThatThrownBy(() -> waiting.update(next).toCompletableFuture().join()).hasCauseInstanceOf(StorageUnavailableException.class);
                assertThat(plain.create(link()).toCompletableFuture().join()).as("the master serves; only the replica is frozen").isTrue();
            } finally {
                resume.run();
            }

            LinkRecord after = link();
            assertThat(waiting.create(after).toCompletableFuture().join()).isTrue();
            LinkRecord changed = after.updated("https://example.com/changed", after.ttlSeconds(), false);
            assertThat(waiting.update(changed).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
            assertThat(waiting.delete(after.code()).toCompletableFuture().join()).isTrue();
            assertThat(waiting.create(first).toCompletableFuture().join()).as("a refused create waits for nothing").isFalse();
        }
    }

    private static LinkRecord link() {
        String code = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        return new LinkRecord(code, "https://example.com/" + code, "short", 600, false, System.currentTimeMillis(), "k", 1);
    }
}
