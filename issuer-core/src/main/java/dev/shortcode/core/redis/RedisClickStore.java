package dev.shortcode.core.redis;

import dev.shortcode.core.store.BackgroundPace;
import dev.shortcode.core.store.ClickArchive;
import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickCounts;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.ClickRetention;
import dev.shortcode.core.store.ClickStore;
import dev.shortcode.core.store.VisitorHashes;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Click statistics in Redis, rolled up into the archive's {@link ClickArchive} (HBase).
 *
 * <p>Design note. Each subject's day is a hash (its counts, hours included, as
 * {@link ClickFields} names), a HyperLogLog of its visitors and, for owners, a sorted set of
 * their links' clicks, all three in the subject's hash slot (the link's own, see
 * {@link StoreKeys}). A batch is one Lua script call per {@value #DELTAS_PER_CALL} subject-days
 * of one hash slot ({@link #APPLY}: standalone, any; on a Cluster, those of a slot), all
 * pipelined: one round trip per flush per Redis node. For each subject-day the script adds the counts with
 * {@code HINCRBY}, the visitors with {@code PFADD}, the links with {@code ZINCRBY} (cut back to
 * the {@value ClickRetention#MAX_TOP_LINKS} largest), caps new referrer hosts at
 * {@value ClickRetention#MAX_REFERRERS}, and sets the keys to expire {@value #REDIS_DAYS} days
 * after the day: long enough for the roll-up to run through an HBase outage of a week.
 *
 * <p>Cost on Redis. A flush shares Redis with the redirects' reads, and Redis runs a script to its
 * end before it answers anyone else, so the script does as few commands as it can: a day hash's
 * keys get their expiry when the day hash is made, which the script knows from {@code HINCRBY}
 * of {@code t} (every click counts there) answering its own amount, so a later batch sets none; a
 * referrer host is found new by its {@code HINCRBY} answering the amount itself rather than by a
 * {@code HEXISTS} first; a link that could not enter a full top-links set is not added only to
 * be cut again, and whether it is in the set is one read of the members for an owner's day of many
 * links, not a {@code ZSCORE} per link; a subject-day with thousands of visitors in one batch (an
 * owner's: every visitor of its links) comes as the node's {@link RedisHyperLogLog} sketch for one
 * {@code PFMERGE}, not as thousands of elements for Redis to hash; and what makes a repeated batch
 * count nothing is one mark per call, not one per subject-day. Calls are small ({@value #DELTAS_PER_CALL}
 * subject-days, about a millisecond) so that the redirects' commands run between them: Redis reads
 * a pipeline a buffer at a time and serves its other clients in between.
 *
 * <p>Exactly once. The flusher applies one batch at a time and repeats a batch whose outcome it
 * does not know (a timeout, a dropped connection, Lettuce's own re-send after a reconnect). A
 * batch's calls are numbered per hash slot in the order they are sent, and the same batch again
 * makes the same calls; each call, as its last command, records {@code batch:call} in the node's
 * mark for that slot ({@link StoreKeys#clickMark}), and a call not later than the mark does
 * nothing. A call takes effect only right after the call before it: one that failed (a Redis out
 * of memory refuses a script at its first write, before it changed anything) makes the rest of its
 * slot's calls fail too, so every call up to the mark was taken, and a repeat of the batch adds
 * exactly what was not. A batch is counted exactly once as long as the mark lives:
 * {@value #REDIS_DAYS} days, like the counts.
 *
 * <p>Each batch also adds its subjects to the day's index ({@value #INDEX_SHARDS} sets, so that
 * on a Cluster they spread over the nodes) for {@link ClickRollup}, which copies finished days
 * into the archive; a batch for a day before today marks that day dirty so it is rolled up again.
 *
 * <p>Reads merge both tiers per day: the Redis hash when Redis has it (it is never behind the
 * archive's copy), else the archive's row. Months within the last {@value #REDIS_DAYS} days are
 * summed from their days, older ones are the archive's month rows. Uniques are {@code PFCOUNT}
 * (Redis' HyperLogLog: 0.81% standard error) of the day, and of a month the sum of its days.
 */
final class RedisClickStore implements ClickStore {

    /** Days a subject's day keys live in Redis after the day began. */
    static final int REDIS_DAYS = 8;
    static final int INDEX_SHARDS = 16;
    /** Visitors per {@code PFADD} inside the script: Lua's unpack has a stack limit near 8,000. */
    static final int VISITORS_PER_PFADD = 1_000;
    /**
     * Visitors of one subject-day in one batch from which the node sends a sketch rather than the
     * visitors: Redis merges the 12 kB sketch in tens of microseconds, where it would hash each
     * visitor for about a microsecond. A key that takes so many visitors at once is past Redis'
     * sparse encoding anyway, so the sketch costs no memory.
     */
    static final int SKETCH_FROM = 1_000;
    /**
     * Links of an owner's day in one call from which the script reads a full top-links set's members
     * once rather than asking for each link below its lowest score ({@code ZSCORE}): an owner's day
     * at thousands of clicks a second carries thousands of links, nearly all below it, and a read of
     * the {@value ClickRetention#MAX_TOP_LINKS} members costs Redis about what a hundred calls do.
     */
    static final int TOP_LINKS_READ_FROM = 100;
    static final DateTimeFormatter DAY_TEXT = DateTimeFormatter.BASIC_ISO_DATE;
    private static final long DAY_SECONDS = 86_400;

    /** Subject-days per script call: about a hundred keys, about a millisecond of Redis. */
    static final int DELTAS_PER_CALL = 32;
    /** Separators inside a delta's argument: control characters, which no field, code or visitor contains. */
    private static final char SECTION = '\3';
    private static final char ENTRY = '\1';
    private static final char AMOUNT = '\2';
    private static final char SKETCH = '\4';

    /**
     * KEYS: the node's mark for the call's hash slot, then per subject-day its day hash, visitors,
     * top links and a scratch key for merging. ARGV: batch, the call's number among the batch's
     * calls of that slot, then per subject-day one argument:
     * {@code expire-at \3 counts \3 visitors \3 links}, the counts and links as {@code name \2
     * amount} entries and the visitors as items, each list separated by {@code \1}, or, from
     * {@value #SKETCH_FROM} visitors on, {@code \4} and the index in ARGV of their
     * {@link RedisHyperLogLog} sketch, which follow the subject-days' arguments. One argument per
     * subject-day instead of one per count: the node encodes a few long strings instead of many
     * short ones. A call the mark says was taken (this call of this batch, or a later one) does
     * nothing; a call whose predecessor was not taken fails ({@code CLICKGAP}). Returns how many
     * subject-days were applied.
     */
    static final LuaScript APPLY = new LuaScript("""
            local batch, call = tonumber(ARGV[1]), tonumber(ARGV[2])
            local b, c = -1, -1
            local mark = redis.call('GET', KEYS[1])
            if mark then
              local mb, mc = string.match(mark, '^(%%d+):(%%d+)$')
              b, c = tonumber(mb), tonumber(mc)
            end
            if b > batch or (b == batch and c >= call) then return 0 end
            if call > 0 and not (b == batch and c == call - 1) then
              -- an earlier call of this batch failed here: taking this one would hide that from a repeat
              return redis.error_reply('CLICKGAP call ' .. call .. ' of batch ' .. batch .. ' came after ' .. (mark or 'nothing'))
            end
            local applied = 0
            for d = 1, (#KEYS - 1) / 4 do
              local day, visitors, links, scratch = KEYS[4 * d - 2], KEYS[4 * d - 1], KEYS[4 * d], KEYS[4 * d + 1]
              local expireAt, counts, vs, ls = string.match(ARGV[d + 2], '^([^\\3]*)\\3([^\\3]*)\\3([^\\3]*)\\3([^\\3]*)$')
              -- Every click counts in t, so t answering its own amount means the day hash was just made.
              local fresh = false
              local referrers, hosts = nil, nil
              for field, amount in string.gmatch(counts, '([^\\1\\2]+)\\2(%%d+)') do
                -- the amount goes as the string it came as: a Lua number would be printed back into one
                local n = tonumber(amount)
                if redis.call('HINCRBY', day, field, amount) == n then
                  if field == 't' then
                    fresh = true
                  elseif string.sub(field, 1, 2) == 'r:' and field ~= 'r:~' then
                    -- a host new to the day: past the cap its clicks count as other
                    if referrers == nil then referrers = tonumber(redis.call('HGET', day, '~r') or '0'); hosts = referrers end
                    if referrers >= %1$d then
                      redis.call('HDEL', day, field)
                      redis.call('HINCRBY', day, 'r:~', amount)
                    else
                      referrers = referrers + 1
                    end
                  end
                end
              end
              if referrers ~= hosts then redis.call('HSET', day, '~r', referrers) end
              if fresh then redis.call('EXPIREAT', day, expireAt) end
              if string.byte(vs, 1) == 4 then
                -- the node's sketch of many visitors, in ARGV[n]: taken as the key, or merged into it
                local sketch = ARGV[tonumber(string.sub(vs, 2))]
                if fresh then
                  redis.call('SET', visitors, sketch, 'EXAT', expireAt)
                else
                  redis.call('SET', scratch, sketch)
                  redis.call('PFMERGE', visitors, scratch)
                  redis.call('DEL', scratch)
                end
              else
                local some = {}
                for v in string.gmatch(vs, '[^\\1]+') do
                  some[#some + 1] = v
                  if #some == %2$d then redis.call('PFADD', visitors, unpack(some)); some = {} end
                end
                if #some > 0 then redis.call('PFADD', visitors, unpack(some)) end
                if fresh then
                  -- made with the day, visitors or not, so that it has its expiry whenever they come
                  if vs == '' then redis.call('PFADD', visitors) end
                  redis.call('EXPIREAT', visitors, expireAt)
                end
              end
              if ls ~= '' then
                -- A full set keeps only links above its lowest score: a link not in it whose clicks
                -- are below that would be cut again at once, so it is not added. Whether a link is in
                -- it is asked link by link for a few links; for many, the members are read once.
                local floor, members = nil, nil
                if redis.call('ZCARD', links) >= %3$d then
                  floor = tonumber(redis.call('ZRANGE', links, 0, 0, 'WITHSCORES')[2])
                  local _, entries = string.gsub(ls, '\\1', '')
                  if entries >= %5$d then
                    members = {}
                    for _, member in ipairs(redis.call('ZRANGE', links, 0, -1)) do members[member] = true end
                  end
                end
                for code, amount in string.gmatch(ls, '([^\\1\\2]+)\\2(%%d+)') do
                  local keep = floor == nil or tonumber(amount) >= floor
                  if not keep then
                    if members then keep = members[code] ~= nil else keep = redis.call('ZSCORE', links, code) ~= false end
                  end
                  if keep then redis.call('ZINCRBY', links, amount, code) end
                end
                local size = redis.call('ZCARD', links)
                if size > %3$d then redis.call('ZREMRANGEBYRANK', links, 0, size - %3$d - 1) end
                -- owners' days only, a few per batch: their expiry is simply set every time
                redis.call('EXPIREAT', links, expireAt)
              end
              applied = applied + 1
            end
            redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'EX', %4$d)
            return applied
            """.formatted(ClickRetention.MAX_REFERRERS, VISITORS_PER_PFADD, ClickRetention.MAX_TOP_LINKS, REDIS_DAYS * DAY_SECONDS,
                    TOP_LINKS_READ_FROM),
            ScriptOutputType.INTEGER);

    private final RedisConnection connection;
    private final RedisClusterAsyncCommands<String, String> redis;
    /** The scripts' connection: their arguments include sketches, which are bytes, not text. */
    private final RedisConnection.Binary scripts;
    private final StoreKeys keys;
    private final ClickArchive archive;
    private final Clock clock;
    /** This process's name in its batch marks: batches are numbered per process. */
    private final String node;
    private final SecureRandom random = new SecureRandom();

    RedisClickStore(RedisConnection connection, StoreKeys keys, ClickArchive archive, Clock clock, String node) {
        this.connection = connection;
        this.redis = connection.async();
        this.scripts = connection.openBinary();
        this.keys = keys;
        this.archive = archive;
        this.clock = clock;
        this.node = node;
    }

    @Override
    public CompletionStage<Void> apply(long batch, List<ClickDelta> deltas) {
        if (deltas.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        LocalDate today = today();
        List<CompletableFuture<?>> replies = new ArrayList<>(deltas.size() + INDEX_SHARDS);
        Map<String, Set<String>> index = new HashMap<>();
        Set<LocalDate> late = new TreeSet<>();
        // Subject-days grouped by hash slot (a script's keys must share one on a Cluster; standalone, all do).
        Map<Integer, List<SubjectDay>> bySlot = new HashMap<>();
        Map<LocalDate, DayKeys> dayKeys = new HashMap<>(); // a flush's deltas fall on a day or two: their texts are made once
        for (ClickDelta delta : deltas) {
            DayKeys ofDay = dayKeys.computeIfAbsent(delta.day(), this::dayKeys);
            SubjectDay subjectDay = new SubjectDay(delta, keys.clickDay(delta.subject(), ofDay.text()));
            int slot = connection.isCluster() ? SlotHash.getSlot(subjectDay.dayKey()) : 0;
            bySlot.computeIfAbsent(slot, k -> new ArrayList<>()).add(subjectDay);
            index.computeIfAbsent(ofDay.index()[indexShard(delta.subject())], k -> new TreeSet<>()).add(delta.subject());
            if (delta.day().isBefore(today)) {
                late.add(delta.day());
            }
        }
        byte[] batchArg = Long.toString(batch).getBytes(StandardCharsets.UTF_8);
        for (Map.Entry<Integer, List<SubjectDay>> slot : bySlot.entrySet()) {
            // Numbered within the slot, in the order they are sent: the same batch again makes the same calls.
            String mark = keys.clickMark(SlotTags.of(slot.getKey()), node);
            List<SubjectDay> subjectDays = slot.getValue();
            for (int call = 0; call * DELTAS_PER_CALL < subjectDays.size(); call++) {
                BackgroundPace.breathe(); // packing thousands of subject-days runs on the flusher's thread, beside the event loop
                int from = call * DELTAS_PER_CALL;
                replies.add(applyScript(mark, batchArg, call, subjectDays.subList(from, Math.min(subjectDays.size(), from + DELTAS_PER_CALL))));
            }
        }
        for (Map.Entry<String, Set<String>> shard : index.entrySet()) {
            replies.add(redis.sadd(shard.getKey(), shard.getValue().toArray(String[]::new)).toCompletableFuture());
            replies.add(redis.expire(shard.getKey(), (REDIS_DAYS + 1) * DAY_SECONDS).toCompletableFuture());
        }
        for (LocalDate day : late) {
            // The day may have been rolled up already: have it rolled up again.
            replies.add(redis.hincrby(keys.clickRollup(DAY_TEXT.format(day)), ClickRollup.DIRTY, 1).toCompletableFuture());
        }
        return RedisFailures.translated(CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).thenApply(v -> null));
    }

    /** A day as the keys write it, and its index shards' keys. */
    private record DayKeys(String text, String[] index) {}

    private DayKeys dayKeys(LocalDate day) {
        String text = DAY_TEXT.format(day);
        String[] index = new String[INDEX_SHARDS];
        for (int shard = 0; shard < INDEX_SHARDS; shard++) {
            index[shard] = keys.clickIndex(text, shard);
        }
        return new DayKeys(text, index);
    }

    /** A delta with its day hash's key, worked out once per flush. */
    private record SubjectDay(ClickDelta delta, String dayKey) {}

    private CompletableFuture<Object> applyScript(String mark, byte[] batch, int call, List<SubjectDay> subjectDays) {
        String[] scriptKeys = new String[1 + subjectDays.size() * 4];
        scriptKeys[0] = mark;
        List<byte[]> args = new ArrayList<>(subjectDays.size() + 2);
        args.add(batch);
        args.add(Integer.toString(call).getBytes(StandardCharsets.UTF_8));
        List<byte[]> sketches = new ArrayList<>(0);
        StringBuilder arg = new StringBuilder(256);
        for (int i = 0; i < subjectDays.size(); i++) {
            SubjectDay subjectDay = subjectDays.get(i);
            String dayKey = subjectDay.dayKey();
            scriptKeys[4 * i + 1] = dayKey;
            scriptKeys[4 * i + 2] = StoreKeys.clickVisitorsOf(dayKey);
            scriptKeys[4 * i + 3] = StoreKeys.clickTopLinksOf(dayKey);
            scriptKeys[4 * i + 4] = StoreKeys.clickVisitorsScratchOf(dayKey);
            // Lua's ARGV counts from 1: batch, call, the subject-days, then the sketches.
            args.add(utf8(argument(subjectDay.delta(), arg, sketches, subjectDays.size() + 3)));
        }
        args.addAll(sketches);
        return APPLY.runAsyncTyped(scripts.async(), scriptKeys, args.toArray(byte[][]::new));
    }

    /** The argument's bytes; one copy when it is all ASCII, as it nearly always is, not a string and then its bytes. */
    private static byte[] utf8(StringBuilder text) {
        byte[] bytes = new byte[text.length()];
        for (int i = 0; i < bytes.length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                return text.toString().getBytes(StandardCharsets.UTF_8);
            }
            bytes[i] = (byte) c;
        }
        return bytes;
    }

    /** One subject-day's argument of {@link #APPLY}; a sketch of many visitors goes to {@code sketches}. */
    private static StringBuilder argument(ClickDelta delta, StringBuilder arg, List<byte[]> sketches, int firstSketchArg) {
        arg.setLength(0);
        arg.append(expireAt(delta.day())).append(SECTION);
        delta.forEachCount((field, amount) -> {
            if (!ClickFields.isLink(field)) {
                entry(arg, field, 0, amount);
            }
        });
        arg.append(SECTION);
        if (delta.visitors().size() >= SKETCH_FROM) {
            arg.append(SKETCH).append(firstSketchArg + sketches.size());
            sketches.add(RedisHyperLogLog.denseOf(delta.visitors()));
        } else if (delta.visitors() instanceof VisitorHashes visitors) {
            visitors.appendTexts(arg, ENTRY); // no string per visitor
        } else {
            for (String visitor : delta.visitors()) {
                arg.append(visitor).append(ENTRY);
            }
        }
        arg.append(SECTION);
        delta.forEachCount((field, amount) -> {
            if (ClickFields.isLink(field)) {
                entry(arg, field, ClickFields.LINK.length(), amount); // the link's code alone
            }
        });
        return arg;
    }

    private static void entry(StringBuilder arg, String name, int from, long amount) {
        arg.append(name, from, name.length()).append(AMOUNT).append(amount).append(ENTRY);
    }

    static int indexShard(String subject) {
        int h = subject.hashCode() * 0x9E3779B9;
        return Integer.remainderUnsigned(h ^ (h >>> 16), INDEX_SHARDS);
    }

    @Override
    public CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to) {
        LocalDate today = today();
        LocalDate first = later(from, ClickRetention.firstDay(today));
        if (first.isAfter(to)) {
            return CompletableFuture.completedFuture(List.of());
        }
        LocalDate firstRecent = later(first, today.minusDays(REDIS_DAYS - 1L));
        CompletableFuture<Map<LocalDate, Map<String, Long>>> recent = firstRecent.isAfter(to)
                ? CompletableFuture.completedFuture(Map.of()) : RedisFailures.translated(readDays(subject, firstRecent, to));
        CompletableFuture<List<ClickBucket>> archived = archive.days(subject, first, to).toCompletableFuture();
        LocalDate firstHours = ClickRetention.firstHourDay(today);
        return recent.thenCombine(archived, (fromRedis, fromArchive) -> {
            Map<LocalDate, Map<String, Long>> merged = new TreeMap<>();
            for (ClickBucket day : fromArchive) {
                merged.put(day.start(), new HashMap<>(day.counts()));
            }
            merged.putAll(fromRedis); // never behind the archive while Redis has the day
            List<ClickBucket> buckets = new ArrayList<>(merged.size());
            merged.forEach((day, counts) -> {
                if (day.isBefore(firstHours)) {
                    counts.keySet().removeIf(ClickFields::isHourly);
                }
                buckets.add(new ClickBucket(day, counts));
            });
            return buckets;
        });
    }

    /** The subject's day hashes of {@code [from, to]} that exist, with uniques and top links: one pipelined round trip. */
    CompletableFuture<Map<LocalDate, Map<String, Long>>> readDays(String subject, LocalDate from, LocalDate to) {
        boolean owner = ClickDelta.isOwnerSubject(subject);
        Map<LocalDate, CompletableFuture<Map<String, String>>> hashes = new LinkedHashMap<>();
        Map<LocalDate, CompletableFuture<Long>> uniques = new LinkedHashMap<>();
        Map<LocalDate, CompletableFuture<List<ScoredValue<String>>>> links = new LinkedHashMap<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            String text = DAY_TEXT.format(day);
            hashes.put(day, redis.hgetall(keys.clickDay(subject, text)).toCompletableFuture());
            uniques.put(day, redis.pfcount(keys.clickVisitors(subject, text)).toCompletableFuture());
            if (owner) {
                links.put(day, redis.zrangeWithScores(keys.clickTopLinks(subject, text), 0, -1).toCompletableFuture());
            }
        }
        List<CompletableFuture<?>> all = new ArrayList<>(hashes.values());
        all.addAll(uniques.values());
        all.addAll(links.values());
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).thenApply(v -> {
            Map<LocalDate, Map<String, Long>> days = new TreeMap<>();
            hashes.forEach((day, hash) -> {
                Map<String, String> fields = hash.join();
                if (fields.isEmpty()) {
                    return;
                }
                days.put(day, counts(fields, uniques.get(day).join(), owner ? links.get(day).join() : List.of()));
            });
            return days;
        });
    }

    /** A day hash as counts: without the bookkeeping fields ({@code ~...}), with the uniques and top links. */
    static Map<String, Long> counts(Map<String, String> hash, long uniques, List<ScoredValue<String>> links) {
        Map<String, Long> counts = new HashMap<>();
        hash.forEach((field, value) -> {
            if (!field.startsWith("~")) {
                counts.put(field, Long.parseLong(value));
            }
        });
        if (uniques > 0) {
            counts.put(ClickFields.UNIQUES, uniques);
        }
        for (ScoredValue<String> link : links) {
            counts.put(ClickFields.LINK + link.getValue(), (long) link.getScore());
        }
        return counts;
    }

    @Override
    public CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to) {
        LocalDate today = today();
        YearMonth first = from.isBefore(ClickRetention.firstMonth(today)) ? ClickRetention.firstMonth(today) : from;
        YearMonth last = to.isAfter(YearMonth.from(today)) ? YearMonth.from(today) : to;
        if (first.isAfter(last)) {
            return CompletableFuture.completedFuture(List.of());
        }
        // Months that may still have days only in Redis are summed from their days; older ones are the archive's rows.
        YearMonth summed = YearMonth.from(today.minusDays(REDIS_DAYS - 1L));
        CompletableFuture<List<ClickBucket>> archived = first.isBefore(summed)
                ? archive.months(subject, first, last.isBefore(summed) ? last : summed.minusMonths(1)).toCompletableFuture()
                : CompletableFuture.completedFuture(List.of());
        YearMonth firstSummed = first.isAfter(summed) ? first : summed;
        CompletableFuture<List<ClickBucket>> recentDays = firstSummed.isAfter(last) ? CompletableFuture.completedFuture(List.of())
                : days(subject, firstSummed.atDay(1), last.atEndOfMonth()).toCompletableFuture();
        return archived.thenCombine(recentDays, (older, days) -> {
            List<ClickBucket> months = new ArrayList<>(older);
            months.addAll(sumByMonth(days));
            return months;
        });
    }

    /** Days summed into their months, oldest first; hourly counts left out. */
    static List<ClickBucket> sumByMonth(List<ClickBucket> days) {
        Map<YearMonth, Map<String, Long>> months = new TreeMap<>();
        for (ClickBucket day : days) {
            Map<String, Long> daily = new HashMap<>(day.counts());
            daily.keySet().removeIf(ClickFields::isHourly);
            ClickCounts.add(months.computeIfAbsent(YearMonth.from(day.start()), m -> new HashMap<>()), daily);
        }
        List<ClickBucket> buckets = new ArrayList<>(months.size());
        months.forEach((month, counts) -> buckets.add(new ClickBucket(month.atDay(1), counts)));
        return buckets;
    }

    /**
     * Sets a subject-day's keys to expire with the day again. The flush gives them their expiry when
     * the day hash is made; a key made again later without one (its day hash outliving it: an
     * eviction under an LRU policy, an earlier version's flush that made the visitors only with the
     * first visitor) would otherwise stay for good. The roll-up calls this once per finished day.
     */
    CompletableFuture<Void> expireWithTheDay(String subject, LocalDate day) {
        String text = DAY_TEXT.format(day);
        long expireAt = expireAt(day);
        List<CompletableFuture<Boolean>> replies = new ArrayList<>(3);
        replies.add(redis.expireat(keys.clickDay(subject, text), expireAt).toCompletableFuture());
        replies.add(redis.expireat(keys.clickVisitors(subject, text), expireAt).toCompletableFuture());
        if (ClickDelta.isOwnerSubject(subject)) { // only owners have top links
            replies.add(redis.expireat(keys.clickTopLinks(subject, text), expireAt).toCompletableFuture());
        }
        return RedisFailures.translated(CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)));
    }

    @Override
    public CompletionStage<byte[]> salt(LocalDate day) {
        String key = keys.clickSalt(DAY_TEXT.format(day));
        byte[] fresh = new byte[16];
        random.nextBytes(fresh);
        long destroyAt = (day.toEpochDay() * DAY_SECONDS + 2 * DAY_SECONDS) * 1000;
        // The first node of the day sets it; every node then reads the one that won.
        return RedisFailures.translated(redis.set(key, HexFormat.of().formatHex(fresh), SetArgs.Builder.nx().pxAt(destroyAt))
                .toCompletableFuture().thenCompose(ok -> redis.get(key).toCompletableFuture()).thenApply(stored -> {
                    if (stored == null) {
                        throw new IllegalStateException("the salt of " + day + " is past its 48 hours");
                    }
                    return HexFormat.of().parseHex(stored);
                }));
    }

    @Override
    public CompletionStage<Void> delete(String subject) {
        LocalDate today = today();
        List<String> doomed = new ArrayList<>();
        for (int back = 0; back < REDIS_DAYS; back++) {
            String day = DAY_TEXT.format(today.minusDays(back));
            doomed.add(keys.clickDay(subject, day));
            doomed.add(keys.clickVisitors(subject, day));
            doomed.add(keys.clickTopLinks(subject, day));
        }
        // All in the subject's slot: one DEL, also on a Cluster.
        return RedisFailures.translated(redis.del(doomed.toArray(String[]::new)).toCompletableFuture())
                .thenCompose(removed -> archive.delete(subject));
    }

    /** When a subject-day's keys expire: {@value #REDIS_DAYS} days after the day began. */
    private static long expireAt(LocalDate day) {
        return (day.toEpochDay() + REDIS_DAYS) * DAY_SECONDS;
    }

    LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static LocalDate later(LocalDate a, LocalDate b) {
        return a.isAfter(b) ? a : b;
    }

    RedisConnection connection() {
        return connection;
    }

    @Override
    public void close() {
        scripts.close();
        connection.close();
    }
}
