package dev.shortcode.api.storage;

import dev.shortcode.api.link.LinkResolver;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Every storage concern of one node, from one backend: embedded (RocksDB in the data directory)
 * or distributed (Redis + HBase). Chosen once at start by configuration.
 */
public interface StorageBackend extends AutoCloseable {

    /** {@code embedded} or {@code redis+hbase}, for logs and health. */
    String kind();

    BlockSource blockSource();

    HotStore hotStore();

    Archive archive();

    LinkResolver resolver();

    ApiKeyStore apiKeys();

    IdempotencyStore idempotency();

    /** Readiness: each dependency's name and whether it answers now. */
    CompletionStage<Map<String, Boolean>> probe();

    @Override
    void close();
}
