package dev.shortcode.api.storage;

import dev.shortcode.api.link.LinkResolver;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Every storage concern of one node, from one backend: embedded (RocksDB in the data directory,
 * {@link EmbeddedBackend}) or distributed (Redis + HBase, {@link DistributedBackend}). Chosen
 * once at start by configuration.
 *
 * @param kind   {@code embedded} or {@code redis+hbase}, for logs and health
 * @param probe  readiness: each dependency's name and whether it answers now
 * @param closer stops what the backend started, in order
 * @param footprint measures the stores for capacity planning, within the given bounds
 */
public record StorageBackend(String kind, BlockSource blockSource, HotStore hotStore, Archive archive, LinkResolver resolver,
        ApiKeyStore apiKeys, IdempotencyStore idempotency, Supplier<CompletionStage<Map<String, Boolean>>> probe,
        AutoCloseable closer, Function<SamplingOptions, StorageFootprint> footprint) implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(StorageBackend.class.getName());

    @Override
    public void close() {
        try {
            closer.close();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "closing the " + kind + " storage failed", e);
        }
    }
}
