package dev.shortcode.core.redis;

import dev.shortcode.core.code.Base62;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntUnaryOperator;

/**
 * Weighs ways of laying links out in Redis against each other on a private redis-server: bytes
 * per link beyond the URL ({@code used_memory} delta), before and after half the links died at
 * random (what a sliding TTL leaves at steady state), and Redis' own CPU per operation
 * ({@code used_cpu_user + used_cpu_sys} deltas over pipelined calls): create, the first read of a
 * code on a node (which extends its expiry), and a later extension.
 *
 * <p>The layouts:
 * <ul>
 *   <li>{@code string+EX}: what {@link RedisHotStore} stores today, one string key per link with
 *       the record of {@link LinkRecordCodec} and the link's TTL as the key's.
 *   <li>{@code string+EX, lean}: the same with a leaner record (no pool, which the code's length
 *       names; no TTL when it is the pool's; the format digit gone).
 *   <li>{@code string, expiry in value}: no Redis TTL; the record starts with its expiry time,
 *       which reads check and extensions overwrite in place ({@code SETRANGE}); memory of a dead
 *       link comes back only when a sweep deletes it.
 *   <li>{@code hash of 64 by id}: links issued one after the other share a hash (the issued id
 *       without its last six bits names the hash, the six bits the field; an id comes back from a
 *       code by undoing the code permutation), each field the lean record behind its own expiry
 *       time, the hash expiring with its longest-lived link ({@code EXPIRE ... GT}). Small hashes
 *       are listpacks only while every value is at most {@code hash-max-listpack-value} bytes
 *       (64 by default): run once with the default and once raised to 1024.
 * </ul>
 *
 * <pre>
 * mvn -B -o -q -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-Xmx3g -cp %classpath dev.shortcode.core.redis.LinkLayoutFootprint [links] [operations] [inFlight] [urlSpread]"
 * </pre>
 * Defaults: 1,000,000 links, 200,000 operations of each kind, 2,000 in flight, every URL 80
 * characters ({@code urlSpread} 0); with a spread s, URL lengths run evenly over 80 ± s, so that
 * where one length happens to fall among the allocator's size classes does not decide. Needs
 * {@code redis-server} on the PATH (10 million links: {@code -Xmx4g}, and about 2.5 GB for Redis).
 * Before measuring a layout's operations it checks that a second create of a live id is refused
 * and that a read answers the link, so the figures are of scripts that do their job.
 */
public final class LinkLayoutFootprint {

    /** Mean URL length; each link's is {@code URL_LENGTH ± spread}, evenly over the links. */
    private static final int URL_LENGTH = 80;
    /** Set once by {@link #main} before any link is made; read by {@link #url}. */
    private static int urlSpread;
    private static final long TTL_SECONDS = Duration.ofDays(30).toSeconds();
    private static final String OWNER = "k7Qz2p9A";
    private static final long CREATED = 1_764_000_000_000L;
    /** Base36 of a non-negative integer, for scripts that write an expiry time. */
    private static final String LUA_B36 = """
            local function b36(n)
              local s = ''
              repeat
                local d = n % 36
                s = string.sub('0123456789abcdefghijklmnopqrstuvwxyz', d + 1, d + 1) .. s
                n = math.floor(n / 36)
              until n == 0
              return s
            end
            """;

    /** The link's TTL from a lean record behind its expiry: its own after the flag digit, else the pool's. */
    private static final String LUA_TTL = """
            local function ttl(v, poolTtl)
              local own = string.match(v, '^[^\\t]*\\t[^\\t]*\\t[^\\t]*\\t[01]([0-9a-z]*)\\t')
              return (own and own ~= '') and tonumber(own, 36) or tonumber(poolTtl)
            end
            """;

    private LinkLayoutFootprint() {}

    public static void main(String[] args) throws Exception {
        int links = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int operations = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        urlSpread = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        try (RedisDeployment redis = RedisServers.standalone(); RedisConnection connection = redis.connect()) {
            RedisClusterCommands<String, String> sync = connection.sync();
            String version = sync.info("server").lines().filter(l -> l.startsWith("redis_version:")).findFirst().orElse("?");
            System.out.printf("redis-server %s on a free loopback port; %,d links, URLs of %d ± %d characters (mean %d), "
                    + "%,d operations of each kind, %,d in flight%n", version, links, URL_LENGTH, urlSpread, URL_LENGTH, operations, inFlight);
            List<Layout> layouts = List.of(new StringWithTtl(false), new StringWithTtl(true), new StringExpiryInValue(),
                    new HashesById(64), new HashesById(1024));
            System.out.println("| layout | encoding | bytes per link beyond the URL | after half died | MEMORY USAGE of one key "
                    + "| Redis CPU µs per create | per first read + extend | per extension |");
            System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
            for (Layout layout : layouts) {
                redis.flushAll();
                sync.configSet("hash-max-listpack-value", Integer.toString(layout.listpackValueBytes()));
                RedisClusterAsyncCommands<String, String> async = connection.async();
                long now = System.currentTimeMillis() / 1000;
                long empty = HotStoreFootprint.usedMemory(connection);
                double create = RedisCpuMeter.microsPerCall(sync, links, inFlight, i -> layout.create(async, i, now));
                long full = HotStoreFootprint.usedMemory(connection);
                check(layout, async, now);
                String sample = layout.key(7);
                String encoding = sync.objectEncoding(sample);
                Long sampleBytes = sync.memoryUsage(sample);
                IntUnaryOperator spread = n -> (int) Math.floorMod(n * 0x9E3779B97F4A7C15L, links);
                double read = RedisCpuMeter.microsPerCall(sync, operations, inFlight, n -> layout.readAndExtend(async, spread.applyAsInt(n), now + 60));
                double extend = RedisCpuMeter.microsPerCall(sync, operations, inFlight, n -> layout.extend(async, spread.applyAsInt(n), now + 120));
                RedisCpuMeter.microsPerCall(sync, links / 2, inFlight, n -> layout.remove(async, spread.applyAsInt(n)));
                long live = countLive(links, spread);
                long half = HotStoreFootprint.usedMemory(connection);
                System.out.printf("| %s | %s | %.1f | %.1f | %d | %.2f | %.2f | %.2f |%n", layout.name(), encoding,
                        (double) (full - empty) / links - URL_LENGTH, (double) (half - empty) / live - URL_LENGTH, sampleBytes,
                        create, read, extend);
            }
        }
    }

    /**
     * The layout's scripts do what the figures assume: a live link refuses a second create of its
     * id, and a read answers its record.
     */
    private static void check(Layout layout, RedisClusterAsyncCommands<String, String> async, long now) throws Exception {
        Object again = layout.create(async, 7, now).get();
        if (!(again == null || Long.valueOf(0).equals(again))) {
            throw new IllegalStateException(layout.name() + ": a second create of a live id answered " + again);
        }
        Object read = layout.readAndExtend(async, 7, now).get();
        if (!(read instanceof String value) || !value.endsWith(url(7))) {
            throw new IllegalStateException(layout.name() + ": a read of a live link answered " + read);
        }
    }

    /** Links left after removing the ids {@code spread} hit over links / 2 calls (some twice). */
    private static long countLive(int links, IntUnaryOperator spread) {
        BitSet removed = new BitSet(links);
        for (int n = 0; n < links / 2; n++) {
            removed.set(spread.applyAsInt(n));
        }
        return links - removed.cardinality();
    }

    static String url(int i) {
        int length = URL_LENGTH - urlSpread + Math.floorMod(i, 2 * urlSpread + 1);
        StringBuilder url = new StringBuilder(length).append("https://www.example.com/campaign/").append(HotStoreFootprint.code(i)).append('/');
        long bits = i * 0xC2B2AE3D27D4EB4FL;
        while (url.length() < length) {
            url.append(Base62.ALPHABET.charAt((int) Math.floorMod(bits, 62L)));
            bits = bits * 6364136223846793005L + 1442695040888963407L;
        }
        return url.toString();
    }

    /**
     * Version, creation time, flags (permanent) followed by the TTL only when it is not the pool's,
     * owner, URL: no format field, no pool (named by the code's length). 22 bytes beyond the URL
     * here, against 35 of {@link LinkRecordCodec}'s format 1.
     */
    static String leanRecord(int i) {
        return "1\t" + Long.toString(CREATED + i, 36) + "\t1\t" + OWNER + "\t" + url(i);
    }

    static String b36(long n) {
        return Long.toString(n, 36);
    }

    interface Layout {
        String name();

        String key(int id);

        default int listpackValueBytes() {
            return 64;
        }

        CompletableFuture<?> create(RedisClusterAsyncCommands<String, String> redis, int id, long now);

        CompletableFuture<?> readAndExtend(RedisClusterAsyncCommands<String, String> redis, int id, long now);

        CompletableFuture<?> extend(RedisClusterAsyncCommands<String, String> redis, int id, long now);

        CompletableFuture<?> remove(RedisClusterAsyncCommands<String, String> redis, int id);
    }

    /** One string key per link with the key's TTL: the record of today, or a lean one. */
    record StringWithTtl(boolean lean) implements Layout {
        /** {@link KeyPerLink.READ_AND_EXTEND} for the lean record: its own TTL after the flag digit, else the pool's. */
        private static final LuaScript LEAN_READ_AND_EXTEND = new LuaScript("""
                local v = redis.call('GET', KEYS[1])
                if v then
                  local ttl = string.match(v, '^[^\t]*\t[^\t]*\t[01]([0-9a-z]*)\t')
                  redis.call('EXPIRE', KEYS[1], (ttl and ttl ~= '') and tonumber(ttl, 36) or tonumber(ARGV[1]))
                end
                return v
                """, ScriptOutputType.VALUE);

        @Override
        public String name() {
            return lean ? "string+EX, lean record" : "string+EX (today)";
        }

        @Override
        public String key(int id) {
            return StoreKeys.DEFAULTS.link(HotStoreFootprint.code(id));
        }

        @Override
        public CompletableFuture<?> create(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            String value = lean ? leanRecord(id)
                    : LinkRecordCodec.encode(
                            new LinkRecord(HotStoreFootprint.code(id), url(id), "long", TTL_SECONDS, true, CREATED + id, OWNER, 1));
            return redis.set(key(id), value, SetArgs.Builder.nx().ex(TTL_SECONDS)).toCompletableFuture();
        }

        @Override
        public CompletableFuture<?> readAndExtend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return lean ? LEAN_READ_AND_EXTEND.runAsync(redis, new String[] {key(id)}, Long.toString(TTL_SECONDS))
                    : KeyPerLink.READ_AND_EXTEND.runAsync(redis, new String[] {key(id)});
        }

        @Override
        public CompletableFuture<?> extend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return redis.expire(key(id), TTL_SECONDS).toCompletableFuture();
        }

        @Override
        public CompletableFuture<?> remove(RedisClusterAsyncCommands<String, String> redis, int id) {
            return redis.del(key(id)).toCompletableFuture();
        }
    }

    /**
     * One string key per link without a Redis TTL: the value starts with the link's expiry time
     * (six base-36 digits of epoch seconds), which a read checks and an extension overwrites.
     */
    static final class StringExpiryInValue implements Layout {
        private static final LuaScript CREATE = new LuaScript("""
                local v = redis.call('GET', KEYS[1])
                if v and tonumber(string.sub(v, 1, 6), 36) > tonumber(ARGV[2]) then
                  return 0
                end
                redis.call('SET', KEYS[1], ARGV[1])
                return 1
                """, ScriptOutputType.INTEGER);
        private static final LuaScript READ_AND_EXTEND = new LuaScript(LUA_B36 + LUA_TTL + """
                local v = redis.call('GET', KEYS[1])
                if not v or tonumber(string.sub(v, 1, 6), 36) <= tonumber(ARGV[1]) then
                  return false
                end
                redis.call('SETRANGE', KEYS[1], 0, b36(tonumber(ARGV[1]) + ttl(v, ARGV[2])))
                return v
                """, ScriptOutputType.VALUE);
        private static final LuaScript EXTEND = new LuaScript("""
                local v = redis.call('GETRANGE', KEYS[1], 0, 5)
                if v == '' or tonumber(v, 36) <= tonumber(ARGV[2]) then
                  return 0
                end
                redis.call('SETRANGE', KEYS[1], 0, ARGV[1])
                return 1
                """, ScriptOutputType.INTEGER);

        @Override
        public String name() {
            return "string, expiry in value, lean record";
        }

        @Override
        public String key(int id) {
            return StoreKeys.DEFAULTS.link(HotStoreFootprint.code(id));
        }

        @Override
        public CompletableFuture<?> create(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return CREATE.runAsync(redis, new String[] {key(id)}, b36(now + TTL_SECONDS) + "\t" + leanRecord(id), Long.toString(now));
        }

        @Override
        public CompletableFuture<?> readAndExtend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return READ_AND_EXTEND.runAsync(redis, new String[] {key(id)}, Long.toString(now), Long.toString(TTL_SECONDS));
        }

        @Override
        public CompletableFuture<?> extend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return EXTEND.runAsync(redis, new String[] {key(id)}, b36(now + TTL_SECONDS), Long.toString(now));
        }

        @Override
        public CompletableFuture<?> remove(RedisClusterAsyncCommands<String, String> redis, int id) {
            return redis.del(key(id)).toCompletableFuture();
        }
    }

    /**
     * Links of 64 consecutive ids in one hash: field = the id's low six bits as one character,
     * value = the link's expiry (six base-36 digits) and its lean record; the hash expires with its
     * longest-lived field. A dead field in a live hash is skipped by reads and left for a sweep.
     */
    record HashesById(int listpackValueBytes) implements Layout {
        private static final String FIELDS = Base62.ALPHABET + "-_";
        /**
         * Expiry: only ever pushed later ({@code GT}, which treats a key without a TTL as
         * expiring never), so set with {@code NX} when the hash has none yet. {@code GT} first:
         * one call for all but a hash's first link.
         */
        private static final String LUA_EXPIRE = """
                local function expire(key, seconds)
                  if redis.call('EXPIRE', key, seconds, 'GT') == 0 then
                    redis.call('EXPIRE', key, seconds, 'NX')
                  end
                end
                """;
        private static final LuaScript CREATE = new LuaScript(LUA_EXPIRE + """
                local v = redis.call('HGET', KEYS[1], ARGV[1])
                if v and tonumber(string.sub(v, 1, 6), 36) > tonumber(ARGV[3]) then
                  return 0
                end
                redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
                expire(KEYS[1], ARGV[4])
                return 1
                """, ScriptOutputType.INTEGER);
        private static final LuaScript READ_AND_EXTEND = new LuaScript(LUA_B36 + LUA_EXPIRE + LUA_TTL + """
                local v = redis.call('HGET', KEYS[1], ARGV[1])
                if not v or tonumber(string.sub(v, 1, 6), 36) <= tonumber(ARGV[2]) then
                  return false
                end
                local seconds = ttl(v, ARGV[3])
                redis.call('HSET', KEYS[1], ARGV[1], b36(tonumber(ARGV[2]) + seconds) .. string.sub(v, 7))
                expire(KEYS[1], seconds)
                return v
                """, ScriptOutputType.VALUE);
        private static final LuaScript EXTEND = new LuaScript(LUA_EXPIRE + """
                local v = redis.call('HGET', KEYS[1], ARGV[1])
                if not v or tonumber(string.sub(v, 1, 6), 36) <= tonumber(ARGV[3]) then
                  return 0
                end
                redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. string.sub(v, 7))
                expire(KEYS[1], ARGV[4])
                return 1
                """, ScriptOutputType.INTEGER);

        @Override
        public String name() {
            return "hash of 64 by id, expiry in value, lean record (hash-max-listpack-value " + listpackValueBytes + ")";
        }

        @Override
        public String key(int id) {
            return "sc:h:{" + Base62.encode(id >>> 6, 5) + "}";
        }

        private static String field(int id) {
            return String.valueOf(FIELDS.charAt(id & 63));
        }

        @Override
        public CompletableFuture<?> create(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return CREATE.runAsync(redis, new String[] {key(id)}, field(id), b36(now + TTL_SECONDS) + "\t" + leanRecord(id),
                    Long.toString(now), Long.toString(TTL_SECONDS));
        }

        @Override
        public CompletableFuture<?> readAndExtend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return READ_AND_EXTEND.runAsync(redis, new String[] {key(id)}, field(id), Long.toString(now), Long.toString(TTL_SECONDS));
        }

        @Override
        public CompletableFuture<?> extend(RedisClusterAsyncCommands<String, String> redis, int id, long now) {
            return EXTEND.runAsync(redis, new String[] {key(id)}, field(id), b36(now + TTL_SECONDS), Long.toString(now),
                    Long.toString(TTL_SECONDS));
        }

        @Override
        public CompletableFuture<?> remove(RedisClusterAsyncCommands<String, String> redis, int id) {
            return redis.hdel(key(id), field(id)).toCompletableFuture();
        }
    }
}
