package dev.shortcode.api.storage;

import dev.shortcode.api.config.ServiceSettings;
import dev.shortcode.api.link.ArchiveFallbackResolver;
import dev.shortcode.core.embedded.EmbeddedApiKeyStore;
import dev.shortcode.core.embedded.EmbeddedArchive;
import dev.shortcode.core.embedded.EmbeddedFootprints;
import dev.shortcode.core.embedded.EmbeddedHotStore;
import dev.shortcode.core.embedded.EmbeddedIdempotencyStore;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.embedded.RocksDbWatermarkStore;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** One RocksDB under the data directory holds everything: the single-node default. */
final class EmbeddedBackend {

    private EmbeddedBackend() {}

    static StorageBackend open(ServiceSettings settings, ServiceMetrics metrics) {
        Clock clock = Clock.systemUTC();
        EmbeddedStorage storage = EmbeddedStorage.open(settings.embeddedOptions());
        metrics.bind(storage);
        EmbeddedHotStore hot = new EmbeddedHotStore(storage, clock);
        EmbeddedArchive archive = new EmbeddedArchive(storage);
        return new StorageBackend("embedded", new EmbeddedBlockSource(new RocksDbWatermarkStore(storage)), hot, archive,
                new ArchiveFallbackResolver(hot, archive, clock), new EmbeddedApiKeyStore(storage),
                new EmbeddedIdempotencyStore(storage, clock), () -> CompletableFuture.completedFuture(Map.of("rocksdb", isOpen(storage))),
                storage::close, options -> EmbeddedFootprints.of(storage, options, clock));
    }

    private static boolean isOpen(EmbeddedStorage storage) {
        try {
            storage.latestSequenceNumber();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
