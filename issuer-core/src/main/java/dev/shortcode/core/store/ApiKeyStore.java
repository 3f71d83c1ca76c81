package dev.shortcode.core.store;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** API keys by id and by secret hash. Few, rarely written, read on every request (callers cache). */
public interface ApiKeyStore extends AutoCloseable {

    /** Stores a new key; false when its id or hash exists already. */
    CompletionStage<Boolean> create(ApiKey key);

    CompletionStage<Optional<ApiKey>> findByHash(String secretHash);

    CompletionStage<List<ApiKey>> list();

    /** Marks the key revoked; false when unknown or already revoked. */
    CompletionStage<Boolean> revoke(String id);

    @Override
    default void close() {}
}
