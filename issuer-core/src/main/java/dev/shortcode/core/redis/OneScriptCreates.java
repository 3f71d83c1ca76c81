package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecordCodec;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.concurrent.CompletableFuture;

/**
 * Creates on a standalone Redis in one round trip: one script claims the link's key and appends
 * its {@code Put} to the code's outbox stream, or does neither.
 *
 * <p>Design note. {@link RedisHotStore}'s general create waits for two replies in a row: its
 * {@code SET NX}, then the group-committed {@code XADD} that may go out only once the {@code SET}
 * succeeded (a {@code Put} for a refused create would overwrite the live link's archive row). On
 * a Cluster that order is the price of spreading links over every slot: a link's key and its
 * outbox stream live in different slots, and no script may touch both. A standalone server has no
 * slots, so one script does both in order, atomically: {@code SET NX EX} (or the take-over of a
 * {@link RedisHotStore#REMOVED} marker), and only when that took the code, {@code XADD} of the
 * {@code Put}. The create is acknowledged with the script's reply, one round trip after it left.
 *
 * <p>All or nothing. Redis runs a script to its end before anything else, so no reader sees the
 * link without its outbox entry. Out of memory, Redis refuses a script's first write and allows
 * the writes after it (it cannot stop half-way), so the script fails before the {@code SET} or
 * completes both. A reply that never came (a timeout, a dropped connection) leaves the outcome
 * unknown: the caller takes the link back with {@link #takeBack}, which replaces exactly this
 * create's value by the removal marker and appends a {@code Remove} to the same stream in one
 * script, so that the archive, which may already hold the {@code Put}, ends with the link gone
 * too.
 *
 * <p>What it costs Redis: one outbox entry per create instead of one per group, about twice the
 * Redis CPU of the group-committed path per create (a script call, a {@code SET}, an
 * {@code XADD}), for one round trip less on every create.
 */
final class OneScriptCreates {

    /**
     * KEYS: link, outbox stream. ARGV: record, TTL seconds, code. Returns 1 when the link was stored
     * and its Put appended, 0 when the code is live. The record goes over the wire once: the script
     * makes the Put from it, with {@link MutationCodec#encodePut}'s prefix and the removal marker
     * written into its source.
     */
    static final LuaScript CREATE = new LuaScript("""
            if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then
              if redis.call('GET', KEYS[1]) ~= '%s' then
                return 0
              end
              redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            end
            redis.call('XADD', KEYS[2], '*', ARGV[3], '%s' .. ARGV[1])
            return 1
            """.formatted(RedisHotStore.REMOVED, MutationCodec.encodePut("").replace("\t", "\\t")), ScriptOutputType.INTEGER);

    /**
     * KEYS: link, outbox stream. ARGV: the record a create stored, code, encoded Remove. Replaces
     * exactly that record by the removal marker (keeping its TTL) and appends the Remove; returns
     * 1, or 0 when the key holds anything else (the create never ran, or a later one did).
     */
    static final LuaScript TAKE_BACK = new LuaScript("""
            if redis.call('GET', KEYS[1]) ~= ARGV[1] then
              return 0
            end
            redis.call('SET', KEYS[1], '%s', 'KEEPTTL')
            redis.call('XADD', KEYS[2], '*', ARGV[2], ARGV[3])
            return 1
            """.formatted(RedisHotStore.REMOVED), ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;

    OneScriptCreates(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Completes with true when the link is stored and its Put is in the outbox, false when the code is live. */
    CompletableFuture<Boolean> create(String code, String record, long ttlSeconds) {
        return CREATE.<Long>runAsync(redis, new String[] {keys.link(code), keys.outbox(keys.shardOf(code))}, record,
                Long.toString(ttlSeconds), code).thenApply(stored -> stored != null && stored == 1L);
    }

    /** Undoes the create that stored {@code record} under {@code linkKey}: 1 taken back, 0 not there. */
    CompletableFuture<Long> takeBack(String linkKey, String record) {
        String code = keys.codeOfLink(linkKey);
        var link = LinkRecordCodec.decode(code, record);
        String remove = MutationCodec.encode(new ArchiveMutation.Remove(code, link.createdAtMillis(), link.version() + 1));
        return TAKE_BACK.runAsync(redis, new String[] {linkKey, keys.outbox(keys.shardOf(code))}, record, code, remove);
    }
}
