package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.LinkRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

class EmbeddedDatabaseUnitTests {

    @TempDir
    Path dir;

    @Test
    void open_createsOneDatabaseUnderTheDataDirectory() {
        try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir.resolve("data")))) {
            assertThat(storage.latestSequenceNumber()).as("the links' key order and the mark that no link needs moving").isEqualTo(2);
        }
        assertThat(dir.resolve("data/rocksdb/CURRENT")).exists();
    }

    @Test
    void open_whileAnotherInstanceHoldsTheDatabase_failsClearly() {
        try (EmbeddedDatabase first = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            assertThatThrownBy(() -> EmbeddedDatabase.open(EmbeddedOptions.defaults(dir)))
                    .isInstanceOf(EmbeddedStorageException.class).hasMessageContaining("cannot open").hasMessageContaining("lock");
        }
        EmbeddedDatabase.open(EmbeddedOptions.defaults(dir)).close(); // released on close
    }

    @Test
    void open_onAFileWhereTheDirectoryShouldBe_failsClearly() throws Exception {
        Files.writeString(dir.resolve("data"), "not a directory");

        assertThatThrownBy(() -> EmbeddedDatabase.open(EmbeddedOptions.defaults(dir.resolve("data")))).hasMessageContaining("data");
    }

    @Test
    void close_stopsTheStoresBackgroundWorkAndTheWriter() {
        EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.builder(dir).sweepInterval(Duration.ofMillis(5)).sweepBatch(100).build());
        new EmbeddedIdempotencyStore(storage, Clock.systemUTC());
        assertThat(threadsAlive("shortcode-embedded-idempotency-sweep")).isPositive();
        assertThat(storage.writer().isAlive()).isTrue();

        storage.close();

        assertThat(storage.writer().isAlive()).isFalse();
        await().atMost(Duration.ofSeconds(5)).until(() -> threadsAlive("shortcode-embedded-idempotency-sweep") == 0);
    }

    private static long threadsAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name)).count();
    }

    @Test
    void open_databaseOfAnEarlierVersion_keepsItsDataAndAddsTheMissingColumnFamilies() throws Exception {
        Path db = dir.resolve("rocksdb");
        LinkRecord old = new LinkRecord("old1", "https://old.example/", "short", 3600, false, 1000, "k", 1);
        long expiresAt = System.currentTimeMillis() + 3_600_000;
        List<String> earlierFamilies = List.of("default", "links", "archive", "watermarks", "issued");
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)) {
            List<ColumnFamilyDescriptor> descriptors = earlierFamilies.stream()
                    .map(name -> new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8))).toList();
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            try (RocksDB rocks = RocksDB.open(options, db.toString(), descriptors, handles)) {
                rocks.put(handles.get(1), EmbeddedDatabase.bytes("old1"), HotEntry.encode(expiresAt, old));
                handles.forEach(ColumnFamilyHandle::close);
            }
        }

        try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            assertThat(new EmbeddedHotStore(storage, Clock.systemUTC()).get("old1").toCompletableFuture().join()).contains(old);
            ApiKey key = new ApiKey("k1", "ops", Set.of(ApiKey.Scope.ADMIN), "hash-1", 1, false);
            assertThat(new EmbeddedApiKeyStore(storage).create(key).toCompletableFuture().join()).isTrue();
        }

        try (Options options = new Options()) {
            assertThat(RocksDB.listColumnFamilies(options, db.toString())).extracting(b -> new String(b, StandardCharsets.UTF_8))
                    .containsExactlyInAnyOrder("default", "links", "archive", "watermarks", "issued", "api_keys", "api_key_hashes", "idempotency",
                            "moderation", "clicks", "link_index", "webhook_events", "click_caps", "reserved_codes", "webhook_deliveries");
        }
        try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            assertThat(new EmbeddedApiKeyStore(storage).findByHash("hash-1").toCompletableFuture().join()).isPresent();
        }
    }

    @Test
    void options_badValues_stopTheStartNamingTheKey() {
        expectKey(() -> EmbeddedOptions.defaults(null), "shortcode.data-dir");
        expectKey(() -> EmbeddedOptions.builder(dir).blockCacheBytes(1024).build(), "shortcode.embedded.block-cache-size");
        expectKey(() -> EmbeddedOptions.builder(dir).extensionSlack(0).build(), "shortcode.embedded.extension-slack");
        expectKey(() -> EmbeddedOptions.builder(dir).extensionSlack(1).build(), "shortcode.embedded.extension-slack");
        expectKey(() -> EmbeddedOptions.builder(dir).maxExtensionWindow(Duration.ZERO).build(), "shortcode.embedded.max-extension-window");
        expectKey(() -> EmbeddedOptions.builder(dir).sweepInterval(Duration.ofSeconds(-1)).build(), "shortcode.embedded.sweep-interval");
        expectKey(() -> EmbeddedOptions.builder(dir).sweepBatch(0).build(), "shortcode.embedded.sweep-batch");
        expectKey(() -> EmbeddedOptions.builder(dir).writeQueueCapacity(1).build(), "shortcode.embedded.write-queue-capacity");
        expectKey(() -> EmbeddedOptions.builder(dir).writeBatchMax(0).build(), "shortcode.embedded.write-batch-max");
        expectKey(() -> EmbeddedOptions.builder(dir).commitDelay(Duration.ofMillis(-1)).build(), "shortcode.embedded.commit-delay");
        expectKey(() -> EmbeddedOptions.builder(dir).commitDelay(Duration.ofMillis(101)).build(), "shortcode.embedded.commit-delay");
        expectKey(() -> EmbeddedOptions.builder(dir).commitDelay(null).build(), "shortcode.embedded.commit-delay");
    }

    @Test
    void extensionWindow_isTheSmallerOfSlackAndCap_andAtLeastOneMillisecond() {
        EmbeddedOptions options = EmbeddedOptions.builder(dir).extensionSlack(0.1).maxExtensionWindow(Duration.ofHours(1)).build();

        assertThat(options.extensionWindowMillis(60)).isEqualTo(6_000);
        assertThat(options.extensionWindowMillis(Duration.ofDays(100).toSeconds())).isEqualTo(3_600_000);
        assertThat(options.toBuilder().extensionSlack(0.0001).build().extensionWindowMillis(1)).isEqualTo(1);
    }

    private static void expectKey(ThrowingCallable call, String key) {
        assertThatThrownBy(call).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).key()).isEqualTo(key));
    }
}
