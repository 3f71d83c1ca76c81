package dev.shortcode.core.redis;

import dev.shortcode.core.store.IdempotencyStore;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Idempotency keys as {@code <ns>:idem:{scope}:<key>} strings: {@code SET NX EX} claims one with
 * a pending marker; completion overwrites it with the outcome. A winner that dies leaves the marker
 * until it expires: the pending TTL is short so clients can retry, the done TTL is the full one.
 */
final class RedisIdempotencyStore implements IdempotencyStore {

    /** How long a claim may stay pending before another request may take over. */
    static final Duration PENDING_TTL = Duration.ofSeconds(30);
    private static final String PENDING = "pending";
    /** Marks a finished request (named when outcomes were bare codes; kept so stored keys stay readable). */
    private static final String DONE_PREFIX = "code:";

    private final RedisClusterAsyncCommands<String, String> redis;
    private final String namespace;

    RedisIdempotencyStore(RedisClusterAsyncCommands<String, String> redis, String namespace) {
        this.redis = redis;
        this.namespace = namespace;
    }

    private String key(String scope, String idempotencyKey) {
        return namespace + ":idem:{" + scope + "}:" + idempotencyKey;
    }

    @Override
    public CompletionStage<Claim> claim(String scope, String idempotencyKey, Duration ttl) {
        String key = key(scope, idempotencyKey);
        return RedisFailures.translated(redis.set(key, PENDING, SetArgs.Builder.nx().ex(PENDING_TTL.toSeconds())).thenCompose(ok -> {
            if ("OK".equals(ok)) {
                return java.util.concurrent.CompletableFuture.completedFuture((Claim) new Claim.Won());
            }
            return redis.get(key).thenApply(value -> value != null && value.startsWith(DONE_PREFIX)
                    ? new Claim.Done(value.substring(DONE_PREFIX.length()))
                    : (Claim) new Claim.Pending());
        }));
    }

    @Override
    public CompletionStage<Void> complete(String scope, String idempotencyKey, String outcome, Duration ttl) {
        return RedisFailures.translated(redis.set(key(scope, idempotencyKey), DONE_PREFIX + outcome, SetArgs.Builder.ex(ttl.toSeconds()))
                .thenApply(ok -> null));
    }

    @Override
    public CompletionStage<Void> release(String scope, String idempotencyKey) {
        return RedisFailures.translated(redis.del(key(scope, idempotencyKey)).thenApply(n -> null));
    }
}
