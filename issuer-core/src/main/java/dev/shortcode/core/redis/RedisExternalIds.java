package dev.shortcode.core.redis;

import dev.shortcode.core.index.ExternalIds;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * External id claims as {@code <ns>:xid:{owner}:<externalId>} strings holding {@code code:claimedAt}, without
 * expiry: {@code SET NX} claims, and compare-and-set scripts move or release a claim only while
 * the expected code holds it. Shared by every node. A lost Redis loses the claims (not the links,
 * whose external ids stay in the archive's index): until they are claimed again, the same
 * external id may be given to a second link.
 */
final class RedisExternalIds implements ExternalIds {

    private static final LuaScript REPLACE = new LuaScript("""
            local held = redis.call('GET', KEYS[1])
            if held == false or held == ARGV[1] then
              redis.call('SET', KEYS[1], ARGV[2])
              return 1
            end
            return 0
            """, ScriptOutputType.INTEGER);
    /** Deletes the claim when it names the code ({@code code:claimedAt}). */
    private static final LuaScript RELEASE = new LuaScript("""
            local held = redis.call('GET', KEYS[1])
            if held and string.sub(held, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. ':' then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """, ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final String namespace;

    RedisExternalIds(RedisClusterAsyncCommands<String, String> redis, String namespace) {
        this.redis = redis;
        this.namespace = namespace;
    }

    private String key(String owner, String externalId) {
        return namespace + ":xid:{" + owner + "}:" + externalId;
    }

    @Override
    public CompletionStage<Optional<Claim>> claim(String owner, String externalId, Claim claim) {
        String key = key(owner, externalId);
        return RedisFailures.translated(redis.set(key, claim.value(), SetArgs.Builder.nx()).thenCompose(ok -> {
            if ("OK".equals(ok)) {
                return CompletableFuture.completedFuture(Optional.<Claim>empty());
            }
            return redis.get(key).thenApply(held -> {
                Claim holder = held == null ? null : Claim.parse(held);
                return holder == null || holder.code().equals(claim.code()) ? Optional.<Claim>empty() : Optional.of(holder);
            });
        }));
    }

    @Override
    public CompletionStage<Boolean> replace(String owner, String externalId, Claim holder, Claim claim) {
        return RedisFailures.translated(REPLACE.<Long>runAsync(redis, new String[] {key(owner, externalId)}, holder.value(), claim.value())
                .thenApply(n -> n == 1L));
    }

    @Override
    public CompletionStage<Void> release(String owner, String externalId, String code) {
        return RedisFailures.translated(RELEASE.<Long>runAsync(redis, new String[] {key(owner, externalId)}, code).thenApply(n -> null));
    }
}
