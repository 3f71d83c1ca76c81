package dev.shortcode.core.redis;

import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where and how Redis keeps each link's record and its sliding expiry: the one place that knows
 * the layout. {@link RedisHotStore}, {@link OneScriptCreates}, {@link TtlExtender} and the
 * take-backs work through it, so every operation keeps its meaning whichever layout holds the links.
 *
 * <p>Two layouts ({@link StoreKeys#linkGroups()} picks one, and every node of a namespace must agree):
 * <ul>
 *   <li>{@link KeyPerLink}: a string key per link, {@code <ns>:l:{code}}, expiring with the link
 *       (Redis's own TTL). About 160 bytes of Redis per link beyond its URL.
 *   <li>{@link LinkGroups}: links spread by their code over a fixed number of small hashes, each
 *       field the link's expiry followed by its record; every operation checks that expiry against
 *       Redis's clock, and a sweep deletes expired fields. About 70 bytes per link beyond its URL
 *       (113 where Redis keeps the hashes as tables), for more Redis CPU per operation.
 * </ul>
 *
 * <p>Values handed in and out are {@code LinkRecordCodec}'s records, or {@link #REMOVED}, which a
 * deleted link leaves in its place until its expiry. A value past its expiry is never returned: to
 * every operation it is absent. All methods are non-blocking and complete on Lettuce's event loop.
 */
interface LinkSlots {

    /**
     * What a deleted link's place holds until the link's own expiry runs out. No record starts
     * with it (records start with their format, "1\t", "2\t" or "3\t"), so every reader, script or not,
     * tells it apart.
     */
    String REMOVED = "0";

    /** The layout {@code keys} names, on {@code redis}. */
    static LinkSlots of(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        return keys.linkGroups() == 0 ? new KeyPerLink(redis, keys) : new LinkGroups(redis, keys);
    }

    /**
     * Stores {@code record} for {@code ttlSeconds} if the code is free: absent, expired, or (when
     * {@code overRemoved}) holding {@link #REMOVED}. True when stored. Creates claim over the marker:
     * a deleted code (an alias, or any code after a wrap) can be taken again at once, while a live one
     * cannot, and the new link's archive {@code Put} is newer (creation time) than the old link's
     * pending {@code Remove}, so the archive ends with the new link whatever order they reach it.
     * Restores from the archive do not: the marker of a link deleted while its removal waits in the
     * outbox must keep the link from coming back.
     */
    CompletableFuture<Boolean> claim(String code, String record, long ttlSeconds, boolean overRemoved);

    /** The value, and when it holds a record, its expiry pushed to the record's own TTL from now. */
    CompletableFuture<String> readAndExtend(String code);

    /** The value as it is, nothing changed. */
    CompletableFuture<String> get(String code);

    /** {@link #get} of many codes, in their order (null where absent), pipelined. */
    CompletableFuture<List<String>> getAll(List<String> codes);

    /**
     * Replaces the record iff the stored one has {@code version} and {@code created} (base 36, as
     * the record holds them), expiring {@code ttlSeconds} from now: 1 replaced, 0 no live record
     * (absent, or {@link #REMOVED}), -1 another version or another link.
     */
    CompletableFuture<Long> update(String code, String record, long ttlSeconds, String version, String created);

    /** Replaces a live record by {@link #REMOVED}, keeping its expiry; the record, or null when there was none. */
    CompletableFuture<String> remove(String code);

    /**
     * Compare-and-set: {@code replacement} iff the code holds exactly {@code expected}, expiring in
     * {@code ttlSeconds}, or keeping its expiry when that is null. 1 replaced, 0 not.
     */
    CompletableFuture<Long> replaceIfSame(String code, String expected, String replacement, Long ttlSeconds);

    /** Pushes a live record's expiry to {@code ttlSeconds} from now; true when a record was there. */
    CompletableFuture<Boolean> extend(String code, long ttlSeconds);

    /** The key that holds the code's link: what a script touching the link names. */
    String key(String code);

    /**
     * Lua that defines, for scripts that also touch other keys ({@link OneScriptCreates}):
     * {@code claim(key, code, record, ttl)}, as {@link #claim} with {@code overRemoved}, returning
     * true when stored; and {@code take_back(key, code, record)}, replacing exactly that record by
     * {@link #REMOVED} with its expiry kept, returning true when it did.
     */
    String luaFunctions();
}
