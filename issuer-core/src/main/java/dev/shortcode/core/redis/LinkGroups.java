package dev.shortcode.core.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Links kept in a fixed number of small Redis hashes: about a third of the memory of a key per link.
 *
 * <h2>Design note</h2>
 * A Redis key costs about 105 bytes on Redis 7.0 before its value: its entries in the main and the
 * expiry tables, their bucket pointers, the key, the value's object. A link in a hash field costs
 * only its field and value: about 35 bytes beyond the URL when the hash is a listpack (Redis's
 * compact encoding, kept while every value is at most {@code hash-max-listpack-value} bytes and
 * there are at most {@code hash-max-listpack-entries} fields), about 88 when it is a hash table.
 * So links go into {@link StoreKeys#linkGroups()} hashes, {@code <ns>:h:{<group>}}, the group a
 * mix of the code ({@link StoreKeys#linkGroupOf}): a read finds a link's hash from the code alone,
 * for issued codes of every epoch and custom aliases alike, and the groups fill evenly. Sized so
 * that a group holds some tens of live links, the hash's own key is shared by all of them.
 *
 * <p>Redis 7.0 has no expiry per hash field (7.4 has), so each field's value starts with the link's
 * expiry: six base-36 digits of seconds since 2025-01-01 UTC ({@link #EPOCH_SECONDS}; enough until
 * December 2093, where longer TTLs stop), then the record or {@link #REMOVED}. An expiry is
 * rounded up to the next whole second, so a link lives its TTL and at most a second more. Every
 * operation is a script that compares that expiry
 * with Redis's own clock ({@code TIME}), so a link is gone at the same moment for every node, as a
 * key's TTL would be: an expired field is absent to every operation, and a claim overwrites it.
 * Extending rewrites the expiry in place. The hash itself expires with its longest-lived field
 * ({@code EXPIRE NX}, then {@code EXPIRE GT}), so a group whose links all died goes away by itself.
 *
 * <p>What the layout costs: a hash lives while any of its links lives, so expired fields stay in
 * it until a read of that code or the {@link LinkGroupSweeper} deletes them; the sweep walks every
 * group once per period. Each operation is a script (a few microseconds more of Redis CPU than a
 * plain command), and an extension is a script instead of an {@code EXPIRE}: a node extends a code
 * at most once per extension window, so extensions stay off the hot path. Measured in
 * docs/BENCHMARKS.md (Redis bytes per link).
 *
 * <p>A namespace's layout and group count are fixed once links exist: a code's hash depends on the
 * count. {@link LinkLayoutGuard} makes every node check that it agrees.
 */
final class LinkGroups implements LinkSlots {

    /** 2025-01-01T00:00:00Z: field expiries count seconds from here. */
    static final long EPOCH_SECONDS = Instant.parse("2025-01-01T00:00:00Z").getEpochSecond();
    /** Base-36 digits of a field's expiry. */
    static final int STAMP_DIGITS = 6;
    /** The last expiry six digits hold (December 2093): a longer TTL is cut to it, not wrapped. */
    static final long LAST_STAMP = 36L * 36 * 36 * 36 * 36 * 36 - 1;

    /**
     * The Lua every script starts with. {@code alive(v, t)} is the record or marker of a field's
     * value {@code v} while it has not expired at {@code t}, else nil; {@code put} writes a value
     * with its expiry and keeps the hash's TTL at least that long; {@code claim} and
     * {@code take_back} are {@link LinkSlots#luaFunctions()}'s ({@code claim}'s fifth argument, true
     * for a restore, leaves a removal marker in place).
     */
    private static final String LIBRARY = """
            local REMOVED = '%1$s'
            local EPOCH = %2$d
            local DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz'
            local function now()
              local time = redis.call('TIME')
              return tonumber(time[1]) - EPOCH + tonumber(time[2]) / 1000000
            end
            local function stamp(s)
              local out = {}
              for i = %3$d, 1, -1 do
                local d = s %% 36
                out[i] = string.sub(DIGITS, d + 1, d + 1)
                s = (s - d) / 36
              end
              return table.concat(out)
            end
            local function alive(v, t)
              if v and tonumber(string.sub(v, 1, %3$d), 36) > t then
                return string.sub(v, %4$d)
              end
              return nil
            end
            local function put(key, code, value, t, expires)
              expires = math.min(math.ceil(expires), %5$d)
              redis.call('HSET', key, code, stamp(expires) .. value)
              local ttl = math.max(1, math.ceil(expires - t))
              if redis.call('EXPIRE', key, ttl, 'NX') == 0 then
                redis.call('EXPIRE', key, ttl, 'GT')
              end
            end
            local function claim(key, code, record, ttl, restoring)
              local t = now()
              local r = alive(redis.call('HGET', key, code), t)
              if r and (restoring or r ~= REMOVED) then
                return false
              end
              put(key, code, record, t, t + tonumber(ttl))
              return true
            end
            local function take_back(key, code, record)
              local v = redis.call('HGET', key, code)
              if alive(v, now()) ~= record then
                return false
              end
              redis.call('HSET', key, code, string.sub(v, 1, %3$d) .. REMOVED)
              return true
            end
            """.formatted(REMOVED, EPOCH_SECONDS, STAMP_DIGITS, STAMP_DIGITS + 1, LAST_STAMP);

    /** The TTL in a record, LinkRecordCodec's formats 1, 2 and 3: "1\t<version>\t<createdAt>\t<ttl>\t...". */
    private static final String RECORD_TTL = "'^[1234]\\t[^\\t]*\\t[^\\t]*\\t([0-9a-z]+)\\t'";

    /** ARGV: code, record, TTL, '1' to claim over a removal marker (a create), '0' not (a restore). */
    private static final LuaScript CLAIM = new LuaScript(LIBRARY + """
            return claim(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4] ~= '1') and 1 or 0
            """, ScriptOutputType.INTEGER);

    /** ARGV: code. An expired field found here is deleted, as Redis deletes an expired key it meets. */
    static final LuaScript READ_AND_EXTEND = new LuaScript(LIBRARY + """
            local t = now()
            local v = redis.call('HGET', KEYS[1], ARGV[1])
            local r = alive(v, t)
            if not r then
              if v then
                redis.call('HDEL', KEYS[1], ARGV[1])
              end
              return false
            end
            local ttl = string.match(r, %s)
            if ttl then
              put(KEYS[1], ARGV[1], r, t, t + tonumber(ttl, 36))
            end
            return r
            """.formatted(RECORD_TTL), ScriptOutputType.VALUE);

    /** ARGV: code. */
    private static final LuaScript GET = new LuaScript(LIBRARY + """
            return alive(redis.call('HGET', KEYS[1], ARGV[1]), now()) or false
            """, ScriptOutputType.VALUE);

    /** ARGV: code, record, TTL, version, creation time. */
    private static final LuaScript UPDATE = new LuaScript(LIBRARY + """
            local t = now()
            local r = alive(redis.call('HGET', KEYS[1], ARGV[1]), t)
            if not r then
              return 0
            end
            local version, created = string.match(r, '^[1234]\\t([^\\t]*)\\t([^\\t]*)\\t')
            if not version then
              return 0
            end
            if version ~= ARGV[4] or created ~= ARGV[5] then
              return -1
            end
            put(KEYS[1], ARGV[1], ARGV[2], t, t + tonumber(ARGV[3]))
            return 1
            """, ScriptOutputType.INTEGER);

    /** ARGV: code. */
    private static final LuaScript REMOVE = new LuaScript(LIBRARY + """
            local v = redis.call('HGET', KEYS[1], ARGV[1])
            local r = alive(v, now())
            if not r or r == REMOVED then
              return false
            end
            redis.call('HSET', KEYS[1], ARGV[1], string.sub(v, 1, %d) .. REMOVED)
            return r
            """.formatted(STAMP_DIGITS), ScriptOutputType.VALUE);

    /** ARGV: code, expected, replacement, [TTL]. */
    private static final LuaScript REPLACE_IF_SAME = new LuaScript(LIBRARY + """
            local t = now()
            local v = redis.call('HGET', KEYS[1], ARGV[1])
            if alive(v, t) ~= ARGV[2] then
              return 0
            end
            if ARGV[4] then
              put(KEYS[1], ARGV[1], ARGV[3], t, t + tonumber(ARGV[4]))
            else
              redis.call('HSET', KEYS[1], ARGV[1], string.sub(v, 1, %d) .. ARGV[3])
            end
            return 1
            """.formatted(STAMP_DIGITS), ScriptOutputType.INTEGER);

    /** ARGV: code, TTL. */
    private static final LuaScript EXTEND = new LuaScript(LIBRARY + """
            local t = now()
            local r = alive(redis.call('HGET', KEYS[1], ARGV[1]), t)
            if not r or r == REMOVED then
              return 0
            end
            put(KEYS[1], ARGV[1], r, t, t + tonumber(ARGV[2]))
            return 1
            """, ScriptOutputType.INTEGER);

    /** Deletes a group's expired fields; returns how many. */
    static final LuaScript SWEEP = new LuaScript(LIBRARY + """
            local t = now()
            local all = redis.call('HGETALL', KEYS[1])
            local dead = {}
            for i = 1, #all, 2 do
              if not alive(all[i + 1], t) then
                dead[#dead + 1] = all[i]
              end
            end
            if #dead > 0 then
              redis.call('HDEL', KEYS[1], unpack(dead))
            end
            return #dead
            """, ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;

    LinkGroups(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        if (keys.linkGroups() < 1) {
            throw new IllegalArgumentException("links are kept one key per link in " + keys.namespace());
        }
        this.redis = redis;
        this.keys = keys;
    }

    /** A field's value as the scripts write it: the expiry (epoch seconds), then the record; for tests and tools. */
    static String fieldValue(long expiresAtEpochSeconds, String record) {
        String digits = Long.toString(expiresAtEpochSeconds - EPOCH_SECONDS, 36);
        return "0".repeat(Math.max(0, STAMP_DIGITS - digits.length())) + digits + record;
    }

    /** The expiry (epoch seconds) of a field's value. */
    static long expiresAt(String fieldValue) {
        return Long.parseLong(fieldValue, 0, STAMP_DIGITS, 36) + EPOCH_SECONDS;
    }

    /** Epoch seconds of a {@code TIME} reply, with its microseconds, as the scripts' {@code now()} counts them. */
    static double secondsOf(List<String> time) {
        return Long.parseLong(time.get(0)) + Long.parseLong(time.get(1)) / 1e6;
    }

    /** The record (or marker) of a field's value. */
    static String recordOf(String fieldValue) {
        return fieldValue.substring(STAMP_DIGITS);
    }

    /**
     * The record (or marker) of a field's value while it has not expired at {@code now} (epoch
     * seconds, as {@link #secondsOf} reads Redis's clock), else null: the scripts' {@code alive}.
     */
    static String aliveAt(String fieldValue, double now) {
        return fieldValue == null || expiresAt(fieldValue) <= now ? null : recordOf(fieldValue);
    }

    @Override
    public CompletableFuture<Boolean> claim(String code, String record, long ttlSeconds, boolean overRemoved) {
        return CLAIM.<Long>runAsync(redis, keysOf(code), code, record, Long.toString(ttlSeconds), overRemoved ? "1" : "0")
                .thenApply(stored -> stored != null && stored == 1L);
    }

    @Override
    public CompletableFuture<String> readAndExtend(String code) {
        return READ_AND_EXTEND.runAsync(redis, keysOf(code), code);
    }

    @Override
    public CompletableFuture<String> get(String code) {
        return GET.runAsync(redis, keysOf(code), code);
    }

    /**
     * The near cache's reloads, the one read that comes in bulk: a plain {@code HGET} per code and one
     * {@code TIME}, all sent before any reply is read (Lettuce pipelines them), each value judged by
     * that clock here instead of in a script per code (5 µs of Redis CPU per code against about 1;
     * docs/BENCHMARKS.md). On a Cluster the clock is one master's, as NTP keeps them.
     */
    @Override
    public CompletableFuture<List<String>> getAll(List<String> codes) {
        CompletableFuture<List<String>> time = redis.time().toCompletableFuture();
        List<CompletableFuture<String>> replies = new ArrayList<>(codes.size());
        for (String code : codes) {
            replies.add(redis.hget(key(code), code).toCompletableFuture());
        }
        return CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).thenCombine(time, (v, clock) -> {
            double now = secondsOf(clock);
            List<String> values = new ArrayList<>(replies.size());
            for (CompletableFuture<String> reply : replies) {
                values.add(aliveAt(reply.join(), now));
            }
            return values;
        });
    }

    @Override
    public CompletableFuture<Long> update(String code, String record, long ttlSeconds, String version, String created) {
        return UPDATE.runAsync(redis, keysOf(code), code, record, Long.toString(ttlSeconds), version, created);
    }

    @Override
    public CompletableFuture<String> remove(String code) {
        return REMOVE.runAsync(redis, keysOf(code), code);
    }

    @Override
    public CompletableFuture<Long> replaceIfSame(String code, String expected, String replacement, Long ttlSeconds) {
        return ttlSeconds == null
                ? REPLACE_IF_SAME.runAsync(redis, keysOf(code), code, expected, replacement)
                : REPLACE_IF_SAME.runAsync(redis, keysOf(code), code, expected, replacement, Long.toString(ttlSeconds));
    }

    @Override
    public CompletableFuture<Boolean> extend(String code, long ttlSeconds) {
        return EXTEND.<Long>runAsync(redis, keysOf(code), code, Long.toString(ttlSeconds)).thenApply(n -> n != null && n == 1L);
    }

    @Override
    public String key(String code) {
        return keys.linkGroup(keys.linkGroupOf(code));
    }

    @Override
    public String luaFunctions() {
        return LIBRARY;
    }

    private String[] keysOf(String code) {
        return new String[] {key(code)};
    }
}
