package dev.shortcode.api.storage;

import dev.shortcode.api.config.ServiceSettings;
import dev.shortcode.api.link.ArchiveFallbackResolver;
import dev.shortcode.api.link.LinkResolver;
import dev.shortcode.core.embedded.EmbeddedApiKeyStore;
import dev.shortcode.core.embedded.EmbeddedArchive;
import dev.shortcode.core.embedded.EmbeddedHotStore;
import dev.shortcode.core.embedded.EmbeddedIdempotencyStore;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.embedded.RocksDbWatermarkStore;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** One RocksDB under the data directory holds everything: the single-node default. */
final class EmbeddedBackend implements StorageBackend {

    private final EmbeddedStorage storage;
    private final EmbeddedHotStore hot;
    private final EmbeddedArchive archive;
    private final BlockSource blocks;
    private final LinkResolver resolver;
    private final ApiKeyStore keys;
    private final IdempotencyStore idempotency;

    private EmbeddedBackend(EmbeddedStorage storage) {
        Clock clock = Clock.systemUTC();
        this.storage = storage;
        this.hot = new EmbeddedHotStore(storage, clock);
        this.archive = new EmbeddedArchive(storage);
        this.blocks = new EmbeddedBlockSource(new RocksDbWatermarkStore(storage));
        this.resolver = new ArchiveFallbackResolver(hot, archive);
        this.keys = new EmbeddedApiKeyStore(storage);
        this.idempotency = new EmbeddedIdempotencyStore(storage, clock);
    }

    static EmbeddedBackend open(ServiceSettings settings) {
        return new EmbeddedBackend(EmbeddedStorage.open(EmbeddedOptions.defaults(settings.dataDir())));
    }

    @Override
    public String kind() {
        return "embedded";
    }

    @Override
    public BlockSource blockSource() {
        return blocks;
    }

    @Override
    public HotStore hotStore() {
        return hot;
    }

    @Override
    public Archive archive() {
        return archive;
    }

    @Override
    public LinkResolver resolver() {
        return resolver;
    }

    @Override
    public ApiKeyStore apiKeys() {
        return keys;
    }

    @Override
    public IdempotencyStore idempotency() {
        return idempotency;
    }

    @Override
    public CompletionStage<Map<String, Boolean>> probe() {
        boolean up;
        try {
            storage.latestSequenceNumber();
            up = true;
        } catch (RuntimeException e) {
            up = false;
        }
        return CompletableFuture.completedFuture(Map.of("rocksdb", up));
    }

    @Override
    public void close() {
        storage.close();
    }
}
