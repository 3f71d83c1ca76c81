package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * Creates on a standalone Redis in one round trip: one script claims the link's key and appends
 * its {@code Put} to the code's outbox stream, or does neither.
 *
 * <p>Design note. {@link RedisHotStore}'s general create waits for two replies in a row: its
 * {@code SET NX}, then the group-committed {@code XADD} that may go out only once the {@code SET}
 * succeeded (a {@code Put} for a refused create would overwrite the live link's archive row). On
 * a Cluster that order is the price of spreading links over every slot: a link's key and its
 * outbox stream live in different slots, and no script may touch both. A standalone server has no
 * slots, so one script does both in order, atomically: the layout's claim of the link (a free
 * code, or the take-over of a {@link LinkSlots#REMOVED} marker), and only when that took the code,
 * {@code XADD} of the {@code Put}. The create is acknowledged with the script's reply, one round
 * trip after it left.
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
 * <p>What it costs Redis: one outbox entry per create instead of one per group, 2.3 times the
 * Redis CPU of the group-committed path per create (a script call, a {@code SET}, an
 * {@code XADD}; {@code HotStoreFootprint}), for one round trip less on every create.
 *
 * <p>Batches ({@link #createAll}) go the same way, one call per outbox shard and up to a batch of
 * links, each call storing its links and appending their Puts as one entry: a command per call
 * instead of one per link, and one round trip for the lot. A call is all or nothing like a single
 * create; a batch whose calls partly failed leaves the answered calls' links stored and archived,
 * as the two-step batch leaves the links whose {@code SET} answered.
 */
final class OneScriptCreates {

    /**
     * Links per {@link #CREATE_ALL} call at most, whatever the outbox batch: the script unpacks two
     * values per stored link for its {@code XADD}, and Lua's stack holds about 8,000 (past it the
     * script would fail after its writes); a thousand links also keep a call near a millisecond of
     * Redis, so that other clients' commands run between calls.
     */
    static final int MAX_LINKS_PER_CALL = 1_000;

    /**
     * What every script here starts with: the layout's {@code claim} and {@code take_back}
     * ({@link LinkSlots#luaFunctions()}) and {@code PUT}, {@link MutationCodec#encodePut}'s prefix,
     * which the scripts put before the record to make its outbox entry (the record goes over the
     * wire once).
     */
    private static String prelude(LinkSlots slots) {
        return slots.luaFunctions() + "local PUT = '%s'\n".formatted(MutationCodec.encodePut("").replace("\t", "\\t"));
    }

    /**
     * KEYS: link, outbox stream. ARGV: record, TTL seconds, code. Returns 1 when the link was stored
     * and its Put appended, 0 when the code is live.
     */
    private static final String CREATE = """
            if not claim(KEYS[1], ARGV[3], ARGV[1], ARGV[2]) then
              return 0
            end
            redis.call('XADD', KEYS[2], '*', ARGV[3], PUT .. ARGV[1])
            return 1
            """;

    /**
     * Many creates of one outbox shard. KEYS: the shard's stream, then the links. ARGV per link:
     * record, TTL seconds, code. Each link as in {@link #CREATE}; the Puts of the links stored go to
     * the stream as one entry. Returns per link 1 (stored) or 0 (live). Links of one call share a
     * shard, so a code's mutations stay in its stream; a code given twice stores once (the second
     * finds it live), so no entry holds a code twice.
     */
    private static final String CREATE_ALL = """
            local puts, stored = {}, {}
            for i = 2, #KEYS do
              local record = ARGV[3 * i - 5]
              if claim(KEYS[i], ARGV[3 * i - 3], record, ARGV[3 * i - 4]) then
                puts[#puts + 1] = ARGV[3 * i - 3]
                puts[#puts + 1] = PUT .. record
                stored[i - 1] = 1
              else
                stored[i - 1] = 0
              end
            end
            if #puts > 0 then
              redis.call('XADD', KEYS[1], '*', unpack(puts))
            end
            return stored
            """;

    /**
     * Creates of any outbox shards in one call, for {@link CoalescingCreates}. KEYS: the streams
     * the call touches, then the links. ARGV: the number of streams, then per link: record, TTL
     * seconds, code, the 1-based index of its stream among KEYS. Each link as in {@link #CREATE}; the
     * Puts of the links stored go to their streams, one entry per stream. Returns per link 1 or 0.
     */
    private static final String CREATE_ACROSS = """
            local streams = tonumber(ARGV[1])
            local puts, stored = {}, {}
            for s = 1, streams do
              puts[s] = {}
            end
            for i = streams + 1, #KEYS do
              local a = 4 * (i - streams - 1) + 2
              local record, code, stream = ARGV[a], ARGV[a + 2], tonumber(ARGV[a + 3])
              if claim(KEYS[i], code, record, ARGV[a + 1]) then
                local p = puts[stream]
                p[#p + 1] = code
                p[#p + 1] = PUT .. record
                stored[i - streams] = 1
              else
                stored[i - streams] = 0
              end
            end
            for s = 1, streams do
              if #puts[s] > 0 then
                redis.call('XADD', KEYS[s], '*', unpack(puts[s]))
              end
            end
            return stored
            """;

    /**
     * KEYS: link, outbox stream. ARGV: the record a create stored, code, encoded Remove. Replaces
     * exactly that record by the removal marker (keeping its expiry) and appends the Remove; returns
     * 1, or 0 when the link holds anything else (the create never ran, or a later one did).
     */
    private static final String TAKE_BACK = """
            if not take_back(KEYS[1], ARGV[2], ARGV[1]) then
              return 0
            end
            redis.call('XADD', KEYS[2], '*', ARGV[2], ARGV[3])
            return 1
            """;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final LinkSlots slots;
    private final LuaScript create;
    private final LuaScript createAll;
    private final LuaScript createAcross;
    private final LuaScript takeBack;

    OneScriptCreates(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys, LinkSlots slots) {
        this.redis = redis;
        this.keys = keys;
        this.slots = slots;
        this.create = new LuaScript(prelude(slots) + CREATE, ScriptOutputType.INTEGER);
        this.createAll = new LuaScript(prelude(slots) + CREATE_ALL, ScriptOutputType.MULTI);
        this.createAcross = new LuaScript(prelude(slots) + CREATE_ACROSS, ScriptOutputType.MULTI);
        this.takeBack = new LuaScript(prelude(slots) + TAKE_BACK, ScriptOutputType.INTEGER);
    }

    /** Completes with true when the link is stored and its Put is in the outbox, false when the code is live. */
    CompletableFuture<Boolean> create(String code, String record, long ttlSeconds) {
        return create.<Long>runAsync(redis, new String[] {slots.key(code), keys.outbox(keys.shardOf(code))}, record,
                Long.toString(ttlSeconds), code).thenApply(stored -> stored != null && stored == 1L);
    }

    /**
     * Creates {@code links} ({@code records} their encodings), one script call per outbox shard and
     * up to {@code maxPerCall} links (at most {@value #MAX_LINKS_PER_CALL}): one round trip for the lot, the calls pipelined. Completes with
     * each link's outcome once every call answered; if any failed, fails with the first failure
     * after all settled (the links of the calls that answered are stored and in the outbox), and
     * hands the links of each failed call to {@code onFailedCall}.
     */
    CompletableFuture<Boolean[]> createAll(List<LinkRecord> links, String[] records, int maxPerCall,
            BiConsumer<int[], Throwable> onFailedCall) {
        int n = links.size();
        int perCall = Math.min(maxPerCall, MAX_LINKS_PER_CALL);
        int[][] byShard = byShard(links);
        Boolean[] stored = new Boolean[n];
        List<CompletableFuture<?>> calls = new ArrayList<>();
        for (int shard = 0; shard < byShard.length; shard++) {
            int[] members = byShard[shard];
            for (int from = 0; from < members.length; from += perCall) {
                int[] positions = Arrays.copyOfRange(members, from, Math.min(members.length, from + perCall));
                String[] callKeys = new String[positions.length + 1];
                String[] args = new String[3 * positions.length];
                callKeys[0] = keys.outbox(shard);
                for (int k = 0; k < positions.length; k++) {
                    LinkRecord link = links.get(positions[k]);
                    callKeys[k + 1] = slots.key(link.code());
                    args[3 * k] = records[positions[k]];
                    args[3 * k + 1] = Long.toString(link.ttlSeconds());
                    args[3 * k + 2] = link.code();
                }
                calls.add(createAll.<List<Long>>runAsync(redis, callKeys, args).whenComplete((answers, failure) -> {
                    if (failure != null) {
                        onFailedCall.accept(positions, failure);
                        return;
                    }
                    for (int k = 0; k < positions.length; k++) {
                        stored[positions[k]] = answers.get(k) == 1L;
                    }
                }));
            }
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApply(v -> stored);
    }

    /**
     * Creates links of any outbox shards in one {@link #CREATE_ACROSS} call (at most
     * {@value #MAX_LINKS_PER_CALL}): completes with each one's outcome, 1 stored or 0 live, in order.
     * Only on a standalone server, where one script may touch every key.
     */
    CompletableFuture<List<Long>> createAcross(String[] codes, String[] records, long[] ttlSeconds) {
        int[] streamOfShard = new int[keys.outboxShards()];
        List<String> streams = new ArrayList<>();
        int[] streamOf = new int[codes.length];
        for (int k = 0; k < codes.length; k++) {
            int shard = keys.shardOf(codes[k]);
            if (streamOfShard[shard] == 0) {
                streams.add(keys.outbox(shard));
                streamOfShard[shard] = streams.size();
            }
            streamOf[k] = streamOfShard[shard];
        }
        String[] callKeys = new String[streams.size() + codes.length];
        String[] args = new String[1 + 4 * codes.length];
        for (int s = 0; s < streams.size(); s++) {
            callKeys[s] = streams.get(s);
        }
        args[0] = Integer.toString(streams.size());
        for (int k = 0; k < codes.length; k++) {
            callKeys[streams.size() + k] = slots.key(codes[k]);
            args[1 + 4 * k] = records[k];
            args[2 + 4 * k] = Long.toString(ttlSeconds[k]);
            args[3 + 4 * k] = codes[k];
            args[4 + 4 * k] = Integer.toString(streamOf[k]);
        }
        return createAcross.runAsync(redis, callKeys, args);
    }

    /** The positions in {@code links} of each outbox shard's links, in list order. */
    private int[][] byShard(List<LinkRecord> links) {
        int[] shardOf = new int[links.size()];
        int[] counts = new int[keys.outboxShards()];
        for (int i = 0; i < shardOf.length; i++) {
            shardOf[i] = keys.shardOf(links.get(i).code());
            counts[shardOf[i]]++;
        }
        int[][] byShard = new int[counts.length][];
        for (int s = 0; s < counts.length; s++) {
            byShard[s] = new int[counts[s]];
            counts[s] = 0;
        }
        for (int i = 0; i < shardOf.length; i++) {
            byShard[shardOf[i]][counts[shardOf[i]]++] = i;
        }
        return byShard;
    }

    /** Undoes the create that stored {@code record} as the link of {@code code}: 1 taken back, 0 not there. */
    CompletableFuture<Long> takeBack(String code, String record) {
        var link = LinkRecordCodec.decode(code, record);
        String remove = MutationCodec.encode(new ArchiveMutation.Remove(code, link.createdAtMillis(), link.version() + 1));
        return takeBack.runAsync(redis, new String[] {slots.key(code), keys.outbox(keys.shardOf(code))}, record, code, remove);
    }
}
