package dev.shortcode.core.redis;

import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * API keys in two hashes sharing one slot ({@code <ns>:{keys}:byid}, {@code <ns>:{keys}:byhash}),
 * changed together by scripts so an id and its hash never disagree.
 */
public final class RedisApiKeyStore implements ApiKeyStore {

    private static final String CREATE = """
            if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then
              return 0
            end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
            redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
            return 1
            """;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final String byId;
    private final String byHash;

    public RedisApiKeyStore(RedisClusterAsyncCommands<String, String> redis, String namespace) {
        this.redis = redis;
        this.byId = namespace + ":{keys}:byid";
        this.byHash = namespace + ":{keys}:byhash";
    }

    @Override
    public CompletionStage<Boolean> create(ApiKey key) {
        return redis.<Long>eval(CREATE, ScriptOutputType.INTEGER, new String[] {byId, byHash}, key.id(), key.secretHash(), key.encode())
                .thenApply(created -> created == 1);
    }

    @Override
    public CompletionStage<Optional<ApiKey>> findByHash(String secretHash) {
        return redis.hget(byHash, secretHash).thenCompose(id -> id == null
                ? java.util.concurrent.CompletableFuture.completedFuture(Optional.<ApiKey>empty())
                : redis.hget(byId, id).thenApply(v -> Optional.ofNullable(v).map(ApiKey::decode)));
    }

    @Override
    public CompletionStage<List<ApiKey>> list() {
        return redis.hvals(byId).thenApply(values -> values.stream().map(ApiKey::decode).toList());
    }

    @Override
    public CompletionStage<Boolean> revoke(String id) {
        return redis.hget(byId, id).thenCompose(value -> {
            if (value == null || ApiKey.decode(value).revoked()) {
                return java.util.concurrent.CompletableFuture.completedFuture(false);
            }
            return redis.hset(byId, id, ApiKey.decode(value).revokedCopy().encode()).thenApply(ignored -> true);
        });
    }
}
