package dev.shortcode.hbase;

import dev.shortcode.core.store.StorageUnavailableException;
import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * HBase stopped under a connected archive: every operation fails with a clear exception within a
 * bounded time, none hangs; once HBase is back the same connection works again and nothing that
 * was acknowledged before the outage is lost. One outage for all checks (a restart costs ~8 s).
 */
class HBaseOutageIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(3);
    /** What a caller may wait beyond the operation timeout: the archive's own slack and a busy box. */
    private static final Duration SLACK = Duration.ofSeconds(4);
    private static final int LENGTH = 9;

    @Test
    void hbaseDown_everyOperationFailsWithinTheTimeout_thenTheSameConnectionRecovers() throws Exception {
        // Batches of 4 mutations: a write of 9 is sent directly in chunks of 4, 4 and 1; a write of 1 goes through the buffer.
        HBaseArchiveOptions config = CLUSTER.archiveConfig().operationTimeout(OPERATION_TIMEOUT).rpcTimeout(Duration.ofSeconds(1))
                .writeBatchSize(4).build();
        LinkRecord before = TestLinks.link();
        LinkRecord during = TestLinks.link();
        List<ArchiveMutation> batch = List.of(TestLinks.put(during));
        List<LinkRecord> many = Stream.generate(TestLinks::link).limit(9).toList();
        List<ArchiveMutation> largeBatch = many.stream().<ArchiveMutation>map(TestLinks::put).toList();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            HBaseArchive archive = storage.archive();
            await(archive.write(List.of(TestLinks.put(before))));
            storage.watermarks().advance(LENGTH, new Watermark(0, 1_000));
            ApiKey key = new ApiKey("outagekey001", "outage", Set.of(ApiKey.Scope.LINKS_READ), "ab".repeat(32), 1_760_000_000_000L, false);
            assertThat(await(storage.apiKeys().create(key))).isTrue();
            try {
                CLUSTER.stopHBase();

                long started = System.nanoTime();
                CompletableFuture<Void> write = archive.write(batch).toCompletableFuture();
                CompletableFuture<Void> largeWrite = archive.write(largeBatch).toCompletableFuture();
                CompletableFuture<?> read = archive.get(before.code()).toCompletableFuture();
                CompletableFuture<?> count = archive.addIssued("long", LocalDate.of(2025, 1, 1), 1).toCompletableFuture();
                CompletableFuture<?> findKey = storage.apiKeys().findByHash(key.secretHash()).toCompletableFuture();
                CompletableFuture<?> listKeys = storage.apiKeys().list().toCompletableFuture();
                CompletableFuture<?> createKey = storage.apiKeys().create(key).toCompletableFuture();
                CompletableFuture<?> revokeKey = storage.apiKeys().revoke(key.id()).toCompletableFuture();
                CompletableFuture<HBaseStorage> open = CompletableFuture.supplyAsync(() -> HBaseStorage.open(config));
                assertThatThrownBy(() -> storage.watermarks().advance(LENGTH, new Watermark(0, 2_000)))
                        .isInstanceOf(StorageUnavailableException.class).isInstanceOf(HBaseArchiveException.class)
                        .hasMessageContaining("watermark " + LENGTH);
                assertThat(elapsed(started)).isLessThan(OPERATION_TIMEOUT.plus(SLACK));

                failsWithin(write, OPERATION_TIMEOUT, started)
                        .hasMessageContaining("archive write of 1 mutations to " + config.linksTableName());
                failsWithin(largeWrite, OPERATION_TIMEOUT, started)
                        .hasMessageContaining("archive write of 9 mutations to " + config.linksTableName());
                failsWithin(read, OPERATION_TIMEOUT, started).hasMessageContaining("archive read of " + before.code());
                failsWithin(count, OPERATION_TIMEOUT, started).hasMessageContaining("count of long on 2025-01-01");
                failsWithin(findKey, OPERATION_TIMEOUT, started).hasMessageContaining("lookup of an API key by hash in " + config.keysTableName());
                failsWithin(listKeys, OPERATION_TIMEOUT, started).hasMessageContaining("listing of API keys in " + config.keysTableName());
                failsWithin(createKey, OPERATION_TIMEOUT, started).hasMessageContaining("create of API key outagekey001 in " + config.keysTableName());
                failsWithin(revokeKey, OPERATION_TIMEOUT, started).hasMessageContaining("revoke of API key outagekey001 in " + config.keysTableName());
                // A node starting during the outage: open() allows three operation timeouts (connect, look up, create).
                failsWithin(open, OPERATION_TIMEOUT.multipliedBy(3), started);
            } finally {
                CLUSTER.startHBase();
            }

            // The outbox retries the failed batch; the same connection finds the new region server.
            await(archive.write(batch));
            await(archive.write(largeBatch));
            assertThat(await(archive.get(during.code()))).contains(during);
            for (LinkRecord link : many) {
                assertThat(await(archive.get(link.code()))).contains(link);
            }
            assertThat(await(archive.get(before.code()))).contains(before);
            assertThat(storage.watermarks().read(LENGTH)).contains(new Watermark(0, 1_000));
            storage.watermarks().advance(LENGTH, new Watermark(0, 2_000));
            assertThat(storage.watermarks().read(LENGTH)).contains(new Watermark(0, 2_000));
            assertThat(await(storage.apiKeys().findByHash(key.secretHash()))).contains(key);
            assertThat(await(storage.apiKeys().revoke(key.id()))).isTrue();
        }
    }

    /** Asserts that {@code stage} failed with an {@link HBaseArchiveException}, at most {@code timeout} + slack after {@code startedNanos}. */
    private static AbstractThrowableAssert<?, ? extends Throwable> failsWithin(CompletionStage<?> stage, Duration timeout,
            long startedNanos) {
        Throwable failure = null;
        try {
            stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            failure = e.getCause();
        } catch (Exception e) {
            throw new AssertionError("no answer within 60 s: the operation hangs", e);
        }
        assertThat(elapsed(startedNanos)).isLessThan(timeout.plus(SLACK));
        return assertThat(failure).isInstanceOf(HBaseArchiveException.class);
    }

    private static Duration elapsed(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }
}
