package dev.shortcode.core.redis;

import dev.shortcode.core.store.ClickCaps;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.concurrent.CompletionStage;

/**
 * Click counts as {@code <ns>:cap:<code>:<createdAt>} integers, shared by every node: one script
 * compares and increments, so the count is exact however many nodes serve the link, and lives as
 * long as the link would idle (its TTL, renewed by each click). A Redis that loses its data loses
 * the counts: each limited link may then serve up to its limit again.
 */
final class RedisClickCaps implements ClickCaps {

    /** KEYS[1] the count; ARGV[1] the limit, ARGV[2] the TTL in seconds (0: none). 1 taken, 0 at the limit. */
    private static final LuaScript TAKE = new LuaScript("""
            local served = tonumber(redis.call('GET', KEYS[1]) or '0')
            if served >= tonumber(ARGV[1]) then
              return 0
            end
            redis.call('INCR', KEYS[1])
            if tonumber(ARGV[2]) > 0 then
              redis.call('EXPIRE', KEYS[1], ARGV[2])
            end
            return 1
            """, ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final String namespace;

    RedisClickCaps(RedisClusterAsyncCommands<String, String> redis, String namespace) {
        this.redis = redis;
        this.namespace = namespace;
    }

    private String key(String code, long createdAt) {
        return namespace + ":cap:" + code + ":" + createdAt;
    }

    @Override
    public CompletionStage<Boolean> take(String code, long createdAt, long max, long ttlSeconds) {
        return RedisFailures.translated(TAKE.<Long>runAsync(redis, new String[] {key(code, createdAt)}, Long.toString(max),
                Long.toString(ttlSeconds)).thenApply(n -> n == 1L));
    }

    @Override
    public CompletionStage<Long> served(String code, long createdAt) {
        return RedisFailures.translated(redis.get(key(code, createdAt)).thenApply(v -> v == null ? 0L : Long.parseLong(v)));
    }
}
