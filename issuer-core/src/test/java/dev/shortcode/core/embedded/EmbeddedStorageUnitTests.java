package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedStorageUnitTests {

    @TempDir
    Path dir;

    @Test
    void open_createsOneDatabaseUnderTheDataDirectory() {
        try (EmbeddedStorage storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir.resolve("data")))) {
            assertThat(storage.latestSequenceNumber()).isZero();
        }
        assertThat(dir.resolve("data/rocksdb/CURRENT")).exists();
    }

    @Test
    void open_whileAnotherInstanceHoldsTheDatabase_failsClearly() {
        try (EmbeddedStorage first = EmbeddedStorage.open(EmbeddedOptions.defaults(dir))) {
            assertThatThrownBy(() -> EmbeddedStorage.open(EmbeddedOptions.defaults(dir)))
                    .isInstanceOf(EmbeddedStorageException.class).hasMessageContaining("cannot open").hasMessageContaining("lock");
        }
        EmbeddedStorage.open(EmbeddedOptions.defaults(dir)).close(); // released on close
    }

    @Test
    void open_onAFileWhereTheDirectoryShouldBe_failsClearly() throws Exception {
        Files.writeString(dir.resolve("data"), "not a directory");

        assertThatThrownBy(() -> EmbeddedStorage.open(EmbeddedOptions.defaults(dir.resolve("data")))).hasMessageContaining("data");
    }

    @Test
    void close_stopsTheStoresBackgroundWorkAndTheWriter() {
        EmbeddedStorage storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir).withSweep(Duration.ofMillis(5), 100));
        new EmbeddedHotStore(storage, Clock.systemUTC());
        assertThat(threadsAlive("shortcode-embedded-sweep")).isPositive();
        assertThat(storage.writer().isAlive()).isTrue();

        storage.close();

        assertThat(storage.writer().isAlive()).isFalse();
        await().atMost(Duration.ofSeconds(5)).until(() -> threadsAlive("shortcode-embedded-sweep") == 0);
    }

    private static long threadsAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name)).count();
    }

    @Test
    void options_badValues_stopTheStartNamingTheKey() {
        EmbeddedOptions ok = EmbeddedOptions.defaults(dir);
        expectKey(() -> EmbeddedOptions.defaults(null), "shortcode.embedded.data-dir");
        expectKey(() -> ok.withBlockCacheBytes(1024), "shortcode.embedded.block-cache-size");
        expectKey(() -> ok.withExtension(0, Duration.ofHours(1)), "shortcode.embedded.extension-slack");
        expectKey(() -> ok.withExtension(1, Duration.ofHours(1)), "shortcode.embedded.extension-slack");
        expectKey(() -> ok.withExtension(0.1, Duration.ZERO), "shortcode.embedded.max-extension-window");
        expectKey(() -> ok.withSweep(Duration.ofSeconds(-1), 10), "shortcode.embedded.sweep-interval");
        expectKey(() -> ok.withSweep(Duration.ofSeconds(1), 0), "shortcode.embedded.sweep-batch");
        expectKey(() -> ok.withWriter(1, 10), "shortcode.embedded.write-queue-capacity");
        expectKey(() -> ok.withWriter(100, 0), "shortcode.embedded.write-batch-max");
    }

    @Test
    void extensionWindow_isTheSmallerOfSlackAndCap_andAtLeastOneMillisecond() {
        EmbeddedOptions options = EmbeddedOptions.defaults(dir); // 10%, 1 h

        assertThat(options.extensionWindowMillis(60)).isEqualTo(6_000);
        assertThat(options.extensionWindowMillis(Duration.ofDays(100).toSeconds())).isEqualTo(3_600_000);
        assertThat(options.withExtension(0.0001, Duration.ofHours(1)).extensionWindowMillis(1)).isEqualTo(1);
    }

    private static void expectKey(ThrowingCallable call, String key) {
        assertThatThrownBy(call).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).key()).isEqualTo(key));
    }
}
