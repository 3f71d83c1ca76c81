package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * API keys in two column families of the {@link EmbeddedDatabase}: {@code api_keys} maps an id to
 * its {@link ApiKey#encode() encoded} key, {@code api_key_hashes} a secret hash to its id. Creates
 * revokes and updates are acknowledged operations of the {@link GroupCommitWriter}, which writes both
 * families in one atomic batch and is their only writer, so the duplicate check and the write
 * cannot race and an id and its hash never disagree. Reads run on the caller's thread.
 */
final class EmbeddedApiKeyStore implements ApiKeyStore {

    private final EmbeddedDatabase storage;

    EmbeddedApiKeyStore(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    @Override
    public CompletionStage<Boolean> create(ApiKey key) {
        byte[] id = EmbeddedDatabase.bytes(key.id());
        byte[] hash = EmbeddedDatabase.bytes(key.secretHash());
        byte[] value = EmbeddedDatabase.bytes(key.encode());
        return storage.writer().submit(staging -> {
            if (staging.get(storage.apiKeys(), id) != null || staging.get(storage.apiKeyHashes(), hash) != null) {
                return false;
            }
            staging.put(storage.apiKeys(), id, value);
            staging.put(storage.apiKeyHashes(), hash, id);
            return true;
        });
    }

    @Override
    public CompletionStage<Optional<ApiKey>> findByHash(String secretHash) {
        try {
            return CompletableFuture.completedFuture(storage.call(db -> {
                byte[] id = db.get(storage.apiKeyHashes(), EmbeddedDatabase.bytes(secretHash));
                if (id == null) {
                    return Optional.empty();
                }
                // Written in the same batch as the hash, so present unless the database is corrupt.
                byte[] value = db.get(storage.apiKeys(), id);
                return Optional.ofNullable(value).map(EmbeddedApiKeyStore::decode);
            }));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Every key, revoked ones included, in id order. */
    @Override
    public CompletionStage<List<ApiKey>> list() {
        try {
            return CompletableFuture.completedFuture(storage.call(db -> {
                List<ApiKey> keys = new ArrayList<>();
                try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.apiKeys(), read)) {
                    for (it.seekToFirst(); it.isValid(); it.next()) {
                        keys.add(decode(it.value()));
                    }
                    it.status();
                }
                return List.copyOf(keys);
            }));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletionStage<Boolean> revoke(String id) {
        byte[] key = EmbeddedDatabase.bytes(id);
        return storage.writer().submit(staging -> {
            byte[] value = staging.get(storage.apiKeys(), key);
            if (value == null) {
                return false;
            }
            ApiKey current = decode(value);
            if (current.revoked()) {
                return false;
            }
            staging.put(storage.apiKeys(), key, EmbeddedDatabase.bytes(current.revokedCopy().encode()));
            return true;
        });
    }

    /** The writer is the families' only writer, so reading and writing in one operation is the compare-and-set. */
    @Override
    public CompletionStage<Optional<ApiKey>> update(String id, UnaryOperator<ApiKey> change) {
        byte[] key = EmbeddedDatabase.bytes(id);
        return storage.writer().submit(staging -> {
            byte[] value = staging.get(storage.apiKeys(), key);
            if (value == null) {
                return Optional.<ApiKey>empty();
            }
            ApiKey current = decode(value);
            ApiKey changed = change.apply(current);
            if (changed == current) {
                return Optional.of(current);
            }
            if (!changed.id().equals(current.id()) || !changed.secretHash().equals(current.secretHash())) {
                throw new IllegalArgumentException("an update may not change a key's id or secret hash");
            }
            staging.put(storage.apiKeys(), key, EmbeddedDatabase.bytes(changed.encode()));
            return Optional.of(changed);
        });
    }

    private static ApiKey decode(byte[] value) {
        return ApiKey.decode(new String(value, StandardCharsets.UTF_8));
    }
}
