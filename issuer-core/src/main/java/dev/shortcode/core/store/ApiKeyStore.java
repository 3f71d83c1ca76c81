package dev.shortcode.core.store;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/** API keys by id and by secret hash. Few, rarely written, read on every request (callers cache). */
public interface ApiKeyStore extends AutoCloseable {

    /** Stores a new key; false when its id or hash exists already. */
    CompletionStage<Boolean> create(ApiKey key);

    CompletionStage<Optional<ApiKey>> findByHash(String secretHash);

    CompletionStage<List<ApiKey>> list();

    /** Marks the key revoked; false when unknown or already revoked. */
    CompletionStage<Boolean> revoke(String id);

    /**
     * Changes the key with {@code id} to {@code change} applied to its stored value, as a
     * compare-and-set: when the stored value changed meanwhile (a concurrent revoke or update),
     * {@code change} is applied again to the new value. A {@code change} that answers its argument
     * itself writes nothing. {@code change} may not alter the id or the secret hash.
     *
     * @return the key as stored now; empty when no key has this id
     */
    CompletionStage<Optional<ApiKey>> update(String id, UnaryOperator<ApiKey> change);

    @Override
    default void close() {}
}
