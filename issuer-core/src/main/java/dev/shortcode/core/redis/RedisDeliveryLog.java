package dev.shortcode.core.redis;

import dev.shortcode.core.store.DeliveryLog;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A webhook's deliveries in two keys of one slot: a hash of entries by delivery id and a sorted
 * set of the ids by creation time. One script records an entry and trims the oldest beyond what
 * is kept, one reads them newest first; a webhook keeps at most a hundred or so, a few kilobytes.
 * Lost with Redis, like the deliveries' queue itself. Retries asked on one node for a delivery
 * another sends wait in a set until the delivering node takes them.
 */
final class RedisDeliveryLog implements DeliveryLog {

    private static final LuaScript RECORD = new LuaScript("""
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
            redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
            local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
            if extra > 0 then
              local old = redis.call('ZRANGE', KEYS[2], 0, extra - 1)
              redis.call('HDEL', KEYS[1], unpack(old))
              redis.call('ZREMRANGEBYRANK', KEYS[2], 0, extra - 1)
            end
            return 1
            """, ScriptOutputType.INTEGER);

    private static final LuaScript RECENT = new LuaScript("""
            local ids = redis.call('ZREVRANGE', KEYS[2], 0, -1)
            if #ids == 0 then
              return {}
            end
            return redis.call('HMGET', KEYS[1], unpack(ids))
            """, ScriptOutputType.MULTI);

    private static final LuaScript TAKE = new LuaScript("""
            local ids = redis.call('SMEMBERS', KEYS[1])
            if #ids > 0 then
              redis.call('DEL', KEYS[1])
            end
            return ids
            """, ScriptOutputType.MULTI);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    /** A retry nobody took within this long (no node delivers to the webhook) is dropped. */
    private static final long RETRY_REQUEST_SECONDS = 3_600;

    RedisDeliveryLog(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    private String[] keysOf(String webhookId) {
        return new String[] {keys.webhookDeliveries(webhookId), keys.webhookDeliveryOrder(webhookId)};
    }

    @Override
    public CompletionStage<Void> record(String webhookId, String deliveryId, long createdAtMillis, String entry, int keep) {
        return RECORD.<Long>runAsync(redis, keysOf(webhookId), deliveryId, Long.toString(createdAtMillis), entry, Integer.toString(keep))
                .thenApply(done -> null);
    }

    @Override
    public CompletionStage<List<String>> recent(String webhookId) {
        return RECENT.<List<Object>>runAsync(redis, keysOf(webhookId)).thenApply(values -> {
            List<String> entries = new ArrayList<>(values.size());
            for (Object value : values) {
                if (value != null) {
                    entries.add((String) value);
                }
            }
            return entries;
        });
    }

    @Override
    public CompletionStage<Void> forget(String webhookId) {
        String[] k = keysOf(webhookId);
        return redis.del(k[0], k[1], keys.webhookRetries(webhookId)).thenApply(n -> null);
    }

    @Override
    public CompletionStage<Void> requestRetry(String webhookId, String deliveryId) {
        String key = keys.webhookRetries(webhookId);
        return redis.sadd(key, deliveryId).thenCompose(n -> redis.expire(key, RETRY_REQUEST_SECONDS)).thenApply(ok -> null);
    }

    @Override
    public CompletionStage<List<String>> takeRetries(String webhookId) {
        return TAKE.<List<Object>>runAsync(redis, new String[] {keys.webhookRetries(webhookId)})
                .thenApply(ids -> ids.stream().map(String.class::cast).toList());
    }
}
