package dev.shortcode.core.redis;

import io.lettuce.core.KeyValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One string key per link, {@code <ns>:l:{code}}, holding the record and expiring with the link by
 * Redis's own TTL. The hash tag is the code, so links spread over every slot of a Cluster.
 * Simple and the cheapest in Redis CPU; about 160 bytes per link beyond the URL, most of it the
 * key's own entries in Redis's two tables (see docs/BENCHMARKS.md, Redis bytes per link).
 */
final class KeyPerLink implements LinkSlots {

    /*
     * The scripts read fields 2 to 4 of LinkRecordCodec's formats 1, 2 (with device targets) and 3 (with metadata):
     * "1\t<version>\t<createdAt>\t<ttl>\t...", "2\t..." or "3\t...", the same in all three, numbers in base 36
     * (RedisHotStoreUnitTests pins that layout).
     */

    /** GET and, if present, EXPIRE by the record's own TTL: the first read of a code on a node. */
    static final LuaScript READ_AND_EXTEND = new LuaScript("""
            local v = redis.call('GET', KEYS[1])
            if v then
              local ttl = string.match(v, '^[1234]\\t[^\\t]*\\t[^\\t]*\\t([0-9a-z]+)\\t')
              if ttl then
                redis.call('EXPIRE', KEYS[1], tonumber(ttl, 36))
              end
            end
            return v
            """, ScriptOutputType.VALUE);

    /** ARGV: record, TTL, version, creation time; as {@link LinkSlots#update}. */
    private static final LuaScript UPDATE = new LuaScript("""
            local v = redis.call('GET', KEYS[1])
            if not v then
              return 0
            end
            local version, created = string.match(v, '^[1234]\\t([^\\t]*)\\t([^\\t]*)\\t')
            if not version then
              return 0
            end
            if version ~= ARGV[3] or created ~= ARGV[4] then
              return -1
            end
            redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            return 1
            """, ScriptOutputType.INTEGER);

    /** ARGV: the removal marker; as {@link LinkSlots#remove}. */
    private static final LuaScript REMOVE = new LuaScript("""
            local v = redis.call('GET', KEYS[1])
            if not v or v == ARGV[1] then
              return false
            end
            redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
            return v
            """, ScriptOutputType.VALUE);

    /** ARGV: expected, replacement, [TTL]; as {@link LinkSlots#replaceIfSame}. */
    private static final LuaScript REPLACE_IF_SAME = new LuaScript("""
            if redis.call('GET', KEYS[1]) ~= ARGV[1] then
              return 0
            end
            if ARGV[3] then
              redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
            else
              redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
            end
            return 1
            """, ScriptOutputType.INTEGER);

    private static final String LUA_FUNCTIONS = """
            local function claim(key, code, record, ttl)
              if redis.call('SET', key, record, 'NX', 'EX', ttl) then
                return true
              end
              if redis.call('GET', key) ~= '%1$s' then
                return false
              end
              redis.call('SET', key, record, 'EX', ttl)
              return true
            end
            local function take_back(key, code, record)
              if redis.call('GET', key) ~= record then
                return false
              end
              redis.call('SET', key, '%1$s', 'KEEPTTL')
              return true
            end
            """.formatted(REMOVED);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;

    KeyPerLink(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /**
     * {@code SET NX EX}, and only when that is refused and {@code overRemoved}, the same over a
     * {@link #REMOVED} marker.
     */
    @Override
    public CompletableFuture<Boolean> claim(String code, String record, long ttlSeconds, boolean overRemoved) {
        String key = keys.link(code);
        CompletableFuture<Boolean> set = redis.set(key, record, SetArgs.Builder.nx().ex(ttlSeconds)).toCompletableFuture()
                .thenApply("OK"::equals);
        return !overRemoved ? set : set.thenCompose(ok -> ok
                ? CompletableFuture.completedFuture(Boolean.TRUE)
                : REPLACE_IF_SAME.<Long>runAsync(redis, new String[] {key}, REMOVED, record, Long.toString(ttlSeconds))
                        .thenApply(taken -> taken != null && taken == 1L));
    }

    @Override
    public CompletableFuture<String> readAndExtend(String code) {
        return READ_AND_EXTEND.runAsync(redis, new String[] {keys.link(code)});
    }

    @Override
    public CompletableFuture<String> get(String code) {
        return redis.get(keys.link(code)).toCompletableFuture();
    }

    /** One {@code MGET} (on a Cluster, Lettuce splits it per slot). */
    @Override
    public CompletableFuture<List<String>> getAll(List<String> codes) {
        String[] linkKeys = new String[codes.size()];
        for (int i = 0; i < linkKeys.length; i++) {
            linkKeys[i] = keys.link(codes.get(i));
        }
        return redis.mget(linkKeys).toCompletableFuture().thenApply(values -> {
            if (values == null || values.size() != codes.size()) {
                throw new IllegalStateException("MGET of " + codes.size() + " keys answered " + (values == null ? 0 : values.size()));
            }
            List<String> out = new ArrayList<>(values.size());
            for (KeyValue<String, String> value : values) {
                out.add(value.hasValue() ? value.getValue() : null);
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<Long> update(String code, String record, long ttlSeconds, String version, String created) {
        return UPDATE.runAsync(redis, new String[] {keys.link(code)}, record, Long.toString(ttlSeconds), version, created);
    }

    @Override
    public CompletableFuture<String> remove(String code) {
        return REMOVE.runAsync(redis, new String[] {keys.link(code)}, REMOVED);
    }

    @Override
    public CompletableFuture<Long> replaceIfSame(String code, String expected, String replacement, Long ttlSeconds) {
        String[] key = {keys.link(code)};
        return ttlSeconds == null
                ? REPLACE_IF_SAME.runAsync(redis, key, expected, replacement)
                : REPLACE_IF_SAME.runAsync(redis, key, expected, replacement, Long.toString(ttlSeconds));
    }

    /** A plain {@code EXPIRE}: pipelined by the caller, the cheapest extension there is. */
    @Override
    public CompletableFuture<Boolean> extend(String code, long ttlSeconds) {
        return redis.expire(keys.link(code), ttlSeconds).toCompletableFuture();
    }

    @Override
    public String key(String code) {
        return keys.link(code);
    }

    @Override
    public String luaFunctions() {
        return LUA_FUNCTIONS;
    }
}
