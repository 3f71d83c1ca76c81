package dev.shortcode.core.redis;

import dev.shortcode.core.capacity.LiveLinks;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.HotFootprint;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.LinkTally;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Redis footprint: per master, a bounded look at the link keys; the pool counters; memory.
 *
 * <h2>Live links per pool</h2>
 * A counter kept by creates and deletes would miss expiry, which is silent, so the keys are
 * looked at. Per master (each master of a Cluster, through its own node connection):
 * <ul>
 *   <li>{@code DBSIZE} at most {@link SamplingOptions#exactBelow()}: {@code SCAN MATCH <ns>:l:* COUNT 1000}
 *       to the end, counting every link key by code length. Exact (SCAN skips expired keys).
 *   <li>Larger: {@code RANDOMKEY}, {@link SamplingOptions#sampleSize()} draws shared among the
 *       masters in proportion to their {@code DBSIZE}; a master with h of n draws on a pool's link
 *       keys holds about DBSIZE·h/n of them. RANDOMKEY draws near-uniformly (a random bucket, then
 *       a random entry of its chain; hashing makes that independent of the key's kind) and never
 *       returns an expired key, while DBSIZE still counts expired keys not yet reclaimed: the
 *       estimate runs high by their share, small with active expiry. The ± is the 95 % binomial
 *       error summed over masters (see {@link LinkTally}).
 * </ul>
 * With links in groups ({@link LinkGroups}) there are no link keys to draw: the groups are
 * numbered, so whole groups are read instead ({@link #sampleGroups}).
 *
 * <p>Every link key found is read ({@code GET}, at most {@code exactBelow} or {@code sampleSize} of
 * them): only a value holding a record counts, not the removal marker a deleted link leaves until
 * its TTL; the record gives age and kind for the survival estimate. {@code memorySamples} of
 * them are weighed ({@code MEMORY USAGE}: bytes per link, plus what a key costs beyond it, see
 * {@link #perKeyOverhead}).
 *
 * <h2>Load</h2>
 * Commands go {@link SamplingOptions#pipeline()} at a time per master and the whole measurement
 * stops at {@link SamplingOptions#timeBudget()}, using what it has and saying so in its notes.
 * At the defaults a large store costs about 2,100 commands per refresh in all (see
 * docs/BENCHMARKS.md), a small one its SCAN pages plus one GET per link key.
 *
 * <h2>Counters and memory</h2>
 * {@code GET <ns>:{L}:seq} and {@code :epoch} per pool (the counter can overshoot the capacity
 * by a block: capped), {@code INFO memory} per master for {@code used_memory} and
 * {@code maxmemory} (summed; no limit when any master has none).
 */
final class RedisFootprint implements StorageFootprint {

    private static final int SCAN_PAGE = 1_000;
    static final long MIN_KEYS_FOR_OVERHEAD = 100_000;

    private final RedisConnection connection;
    private final StoreKeys keys;
    private final String namespace;
    private final SamplingOptions options;
    private final Clock clock;

    RedisFootprint(RedisConnection connection, StoreKeys keys, SamplingOptions options, Clock clock) {
        this.connection = connection;
        this.keys = keys;
        this.namespace = keys.namespace();
        this.options = options;
        this.clock = clock;
    }

    /** One master's share of the measurement. */
    private static final class Master {
        final String name;
        final RedisClusterAsyncCommands<String, String> redis;
        long keys;
        long used;
        long startup;
        long max;
        boolean exact;
        long draws;
        final Map<String, Long> hits = new HashMap<>();
        final List<String> linkKeys = new ArrayList<>();

        Master(String name, RedisClusterAsyncCommands<String, String> redis) {
            this.name = name;
            this.redis = redis;
        }
    }

    /** Counts commands and keeps the deadline; a missed deadline ends the measurement's remaining rounds. */
    private final class Budget {
        final long deadline = System.nanoTime() + options.timeBudget().toNanos();
        long commands;
        boolean exhausted;

        <T> List<T> await(List<RedisFuture<T>> futures) {
            commands += futures.size();
            List<T> results = new ArrayList<>(futures.size());
            for (RedisFuture<T> f : futures) {
                long left = deadline - System.nanoTime();
                try {
                    results.add(f.toCompletableFuture().get(Math.max(1, left), TimeUnit.NANOSECONDS));
                } catch (TimeoutException e) {
                    exhausted = true;
                    f.cancel(false);
                    results.add(null);
                } catch (ExecutionException e) {
                    throw new RedisException("Redis failed while measuring: " + e.getCause(), e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RedisException("interrupted while measuring", e);
                }
            }
            return results;
        }

        <T> T await(RedisFuture<T> future) {
            return await(List.of(future)).get(0);
        }

        boolean open() {
            return !exhausted && System.nanoTime() < deadline;
        }
    }

    @Override
    public Footprint measure(List<PoolOptions> pools) {
        Instant started = clock.instant();
        long began = System.nanoTime();
        Budget budget = new Budget();
        List<String> notes = new ArrayList<>();
        LinkTally tally = new LinkTally(pools, started.toEpochMilli());
        List<Master> masters = masters();

        for (Master m : masters) {
            RedisFuture<Long> size = m.redis.dbsize();
            RedisFuture<String> memory = m.redis.info("memory");
            Long keys = budget.await(size);
            String info = budget.await(memory);
            m.keys = keys == null ? 0 : keys;
            if (info != null) {
                m.used = infoField(info, "used_memory");
                m.max = infoField(info, "maxmemory");
                m.startup = infoField(info, "used_memory_startup");
            }
        }
        long totalKeys = masters.stream().mapToLong(m -> m.keys).sum();
        GroupSample groups = keys.linkGroups() > 0 ? sampleGroups(pools, tally, budget) : null;
        for (Master m : groups != null ? List.<Master>of() : masters) {
            m.exact = m.keys <= options.exactBelow();
            if (!budget.open()) {
                break;
            }
            if (m.exact) {
                scanAll(m, tally, budget);
            } else {
                long share = Math.max(1, Math.round((double) options.sampleSize() * m.keys / totalKeys));
                draw(m, share, tally, budget);
            }
        }
        int weighLeft = options.memorySamples();
        for (Master m : masters) {
            int weighs = Math.min(weighLeft, m.linkKeys.size());
            readAndWeigh(m, weighs, tally, budget);
            weighLeft -= weighs;
        }
        String listpackAdvice = groups != null ? LinkLayoutGuard.listpackAdvice(connection.sync()) : null;
        if (listpackAdvice != null) {
            notes.add("redis: " + listpackAdvice);
        }
        if (budget.exhausted || System.nanoTime() > budget.deadline) {
            notes.add("redis: the " + options.timeBudget() + " time budget ran out; the figures use what was sampled by then");
        }

        Map<String, PoolFootprint> byPool = new LinkedHashMap<>();
        List<RedisFuture<String>> counters = new ArrayList<>();
        for (PoolOptions p : pools) {
            PoolKeys k = PoolKeys.of(namespace, p.length());
            counters.add(connection.async().get(k.seq()));
            counters.add(connection.async().get(k.epoch()));
        }
        List<String> values = budget.await(counters);
        boolean allExact = masters.stream().allMatch(m -> m.exact);
        String method = groups != null ? groups.method(masters.size(), totalKeys) : method(masters, totalKeys, allExact);
        double perKey = groups != null ? 0 : perKeyOverhead(masters, tally, pools);
        for (int i = 0; i < pools.size(); i++) {
            PoolOptions p = pools.get(i);
            long seq = parse(values.get(2 * i));
            long epoch = parse(values.get(2 * i + 1));
            LiveLinks live = groups != null ? groups.live(p.name(), method) : live(p.name(), masters, method);
            byPool.put(p.name(), new PoolFootprint(p.name(), epoch, Math.min(seq, p.capacity()), live,
                    tally.bytesPerLink(p.name()) + perKey, tally.ages(p.name())));
        }
        long used = masters.stream().mapToLong(m -> m.used).sum();
        long max = masters.stream().anyMatch(m -> m.max == 0) ? 0 : masters.stream().mapToLong(m -> m.max).sum();
        HotFootprint hot = new HotFootprint("redis", used, max, totalKeys,
                "INFO memory used_memory and maxmemory summed over " + masters.size() + " master(s); DBSIZE for keys");
        return new Footprint(started, Duration.ofNanos(System.nanoTime() - began), budget.commands, byPool, hot, null, notes,
                tally.domains(allLive(byPool, tally, method)));
    }

    /** Every live link, aliases too: the pools' estimates, scaled by the aliases' share of the live links drawn. */
    private static LiveLinks allLive(Map<String, PoolFootprint> byPool, LinkTally tally, String method) {
        long count = 0;
        long error = 0;
        for (PoolFootprint p : byPool.values()) {
            count += p.live().count();
            error += p.live().error();
        }
        long poolHits = tally.allHits() - tally.aliases();
        double scale = poolHits == 0 ? 1 : (double) tally.allHits() / poolHits;
        return new LiveLinks(Math.round(count * scale), Math.round(error * scale), method);
    }

    /**
     * Links in groups ({@link LinkGroups}): the groups are numbered, so instead of drawing keys this
     * reads whole groups ({@code HGETALL}) in a random order until {@code sampleSize} fields have been
     * seen, every group has, or the budget ends. A field counts as a live link when its expiry, by
     * Redis's clock, has not passed and it holds a record. A pool's live links are the mean per group
     * read times the groups; the ± is the 95 % error of that mean over the groups read (none once
     * all were). The first {@code memorySamples} groups read are weighed ({@code MEMORY USAGE}), each
     * link of a weighed group counting its hash's bytes over the hash's fields, expired ones
     * included; the hash's entries in Redis's key tables (about 60 bytes per group) are left out.
     */
    private GroupSample sampleGroups(List<PoolOptions> pools, LinkTally tally, Budget budget) {
        int groups = keys.linkGroups();
        GroupSample sample = new GroupSample(groups);
        List<String> time = budget.await(connection.async().time());
        double now = time == null ? clock.millis() / 1e3 : LinkGroups.secondsOf(time);
        int[] order = randomOrder(groups, Math.min(groups, options.sampleSize()));
        long fieldsSeen = 0;
        for (int from = 0; from < order.length && fieldsSeen < options.sampleSize() && budget.open(); from += options.pipeline()) {
            int to = Math.min(order.length, from + options.pipeline());
            List<RedisFuture<Map<String, String>>> reads = new ArrayList<>();
            List<RedisFuture<Long>> sizes = new ArrayList<>();
            for (int i = from; i < to; i++) {
                reads.add(connection.async().hgetall(keys.linkGroup(order[i])));
                if (i < options.memorySamples()) {
                    sizes.add(connection.async().memoryUsage(keys.linkGroup(order[i])));
                }
            }
            List<Map<String, String>> contents = budget.await(reads);
            List<Long> bytes = budget.await(sizes);
            for (int i = 0; i < contents.size(); i++) {
                Map<String, String> fields = contents.get(i);
                if (fields == null) {
                    break; // the budget ran out: groups not read are not counted
                }
                Long size = i < bytes.size() ? bytes.get(i) : null;
                long perField = size == null || fields.isEmpty() ? -1 : size / fields.size();
                Map<String, Long> livePerPool = new HashMap<>();
                for (Map.Entry<String, String> field : fields.entrySet()) {
                    String value = LinkGroups.aliveAt(field.getValue(), now);
                    if (value == null || value.equals(LinkSlots.REMOVED)) {
                        continue;
                    }
                    LinkRecord record = null;
                    try {
                        record = LinkRecordCodec.decode(field.getKey(), value);
                    } catch (IllegalArgumentException e) {
                        // a foreign value in a link group: counted, without its age
                    }
                    tally.hit(field.getKey(), record, perField);
                    livePerPool.merge(poolName(tally, field.getKey()), 1L, Long::sum);
                }
                sample.add(livePerPool);
                fieldsSeen += fields.size();
            }
        }
        for (PoolOptions p : pools) {
            sample.pool(p.name());
        }
        return sample;
    }

    /** {@code n} distinct groups of {@code groups}, in a random order. */
    private static int[] randomOrder(int groups, int n) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (n == groups) {
            int[] all = new int[groups];
            for (int i = 0; i < groups; i++) {
                int j = random.nextInt(i + 1);
                all[i] = all[j];
                all[j] = i;
            }
            return all;
        }
        LinkedHashSet<Integer> picked = new LinkedHashSet<>();
        while (picked.size() < n) {
            picked.add(random.nextInt(groups));
        }
        return picked.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Live links per pool in the groups read, and what they say of all groups. */
    private static final class GroupSample {
        final int groups;
        int read;
        final Map<String, long[]> sums = new HashMap<>(); // pool -> {sum, sum of squares} over the groups read

        GroupSample(int groups) {
            this.groups = groups;
        }

        void add(Map<String, Long> livePerPool) {
            read++;
            livePerPool.forEach((pool, n) -> {
                long[] s = pool(pool);
                s[0] += n;
                s[1] += n * n;
            });
        }

        long[] pool(String pool) {
            return sums.computeIfAbsent(pool, p -> new long[2]);
        }

        LiveLinks live(String pool, String method) {
            long[] s = pool(pool);
            if (read == groups) {
                return new LiveLinks(s[0], 0, method);
            }
            if (read == 0) {
                return new LiveLinks(0, 0, method); // the method says no group was read
            }
            double mean = (double) s[0] / read;
            double variance = read > 1 ? Math.max(0, (s[1] - read * mean * mean) / (read - 1)) : mean * mean;
            double error = 1.96 * groups * Math.sqrt(variance / read * (1 - (double) read / groups));
            return new LiveLinks(Math.round(mean * groups), Math.round(error), method);
        }

        String method(int masters, long totalKeys) {
            return (read == groups ? "exact: HGETALL of every one of " + groups + " link groups"
                    : read + " of " + groups + " link groups read (HGETALL), scaled; ± is the 95 % sampling error")
                    + " on " + masters + " master(s) holding " + totalKeys + " keys (DBSIZE)";
        }
    }

    private List<Master> masters() {
        if (connection.connection() instanceof StatefulRedisClusterConnection<String, String> cluster) {
            List<Master> masters = new ArrayList<>();
            for (RedisClusterNode node : cluster.getPartitions()) {
                if (node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.is(RedisClusterNode.NodeFlag.FAIL)) {
                    masters.add(new Master(node.getUri().getHost() + ":" + node.getUri().getPort(),
                            cluster.getConnection(node.getNodeId()).async()));
                }
            }
            return masters;
        }
        return List.of(new Master("redis", connection.async()));
    }

    private void scanAll(Master m, LinkTally tally, Budget budget) {
        ScanArgs args = ScanArgs.Builder.matches(namespace + ":l:*").limit(SCAN_PAGE);
        ScanCursor cursor = ScanCursor.INITIAL;
        while (budget.open()) {
            KeyScanCursor<String> page = budget.await(m.redis.scan(cursor, args));
            if (page == null) {
                break;
            }
            for (String key : page.getKeys()) {
                if (codeOf(key) != null) {
                    m.linkKeys.add(key);
                }
            }
            if (page.isFinished()) {
                return;
            }
            cursor = page;
        }
        m.exact = false; // cut short: what was seen is all that is known
    }

    private void draw(Master m, long draws, LinkTally tally, Budget budget) {
        long left = draws;
        while (left > 0 && budget.open()) {
            int n = (int) Math.min(left, options.pipeline());
            List<RedisFuture<String>> batch = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                batch.add(m.redis.randomkey());
            }
            for (String key : budget.await(batch)) {
                if (key == null) {
                    continue; // timed out, or an empty master
                }
                m.draws++;
                if (codeOf(key) == null) {
                    tally.miss();
                } else {
                    m.linkKeys.add(key); // a hit once its value shows a live link
                }
            }
            left -= n;
        }
    }

    /**
     * Reads every link key found (a SCAN's at most {@code exactBelow}, a sample's at most
     * {@code sampleSize}) and weighs the first {@code weighs}: only a value holding a record is a
     * live link; a removal marker (a deleted link keeping its key until its TTL) or a key gone
     * since is not.
     */
    private void readAndWeigh(Master m, int weighs, LinkTally tally, Budget budget) {
        List<String> keys = m.linkKeys;
        int from = 0;
        for (; from < keys.size() && budget.open(); from += options.pipeline()) {
            List<String> chunk = keys.subList(from, Math.min(keys.size(), from + options.pipeline()));
            List<RedisFuture<String>> gets = new ArrayList<>();
            List<RedisFuture<Long>> sizes = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                gets.add(m.redis.get(chunk.get(i)));
                if (from + i < weighs) {
                    sizes.add(m.redis.memoryUsage(chunk.get(i)));
                }
            }
            List<String> values = budget.await(gets);
            List<Long> bytes = budget.await(sizes);
            for (int i = 0; i < chunk.size(); i++) {
                String code = codeOf(chunk.get(i));
                String value = values.get(i);
                if (value == null || LinkSlots.REMOVED.equals(value)) {
                    tally.miss();
                    continue;
                }
                LinkRecord record = null;
                try {
                    record = LinkRecordCodec.decode(code, value);
                } catch (IllegalArgumentException e) {
                    // a foreign value under a link key: counted, without its age
                }
                Long size = i < bytes.size() ? bytes.get(i) : null;
                m.hits.merge(poolName(tally, code), 1L, Long::sum);
                tally.hit(code, record, size == null ? -1 : size);
            }
        }
        if (from < keys.size()) {
            // Cut short by the budget: the keys read stand for all that were found.
            if (m.exact) {
                m.exact = false;
                m.draws = from;
                m.keys = keys.size();
            } else {
                m.draws = m.draws - keys.size() + from;
            }
        }
    }

    private LiveLinks live(String pool, List<Master> masters, String method) {
        double count = 0;
        double variance = 0;
        boolean sampled = false;
        for (Master m : masters) {
            long hits = m.hits.getOrDefault(pool, 0L);
            if (m.exact) {
                count += hits;
            } else if (m.draws > 0) {
                sampled = true;
                double p = (double) hits / m.draws;
                count += m.keys * p;
                variance += hits == 0 ? Math.pow(3.0 * m.keys / m.draws / 1.96, 2) // rule of three
                        : (double) m.keys * m.keys * p * (1 - p) / m.draws;
            } else if (m.keys > 0) {
                sampled = true;
                variance += (double) m.keys * m.keys; // nothing drawn: anything up to all of its keys
            }
        }
        long error = sampled ? Math.round(1.96 * Math.sqrt(variance)) : 0;
        return new LiveLinks(Math.round(count), error, method);
    }

    /**
     * What a key costs beyond its {@code MEMORY USAGE}, which counts the value, the key and its
     * main dictionary entry but not its entry in the expires dictionary nor the two tables' bucket
     * slots: (used_memory - used_memory_startup) / keys minus the mean MEMORY USAGE (67 B at 10
     * million links, docs/BENCHMARKS.md). Only from {@link #MIN_KEYS_FOR_OVERHEAD} keys on, where
     * the startup memory and a few large keys (the outbox streams) no longer dominate; 0 below.
     */
    private static double perKeyOverhead(List<Master> masters, LinkTally tally, List<PoolOptions> pools) {
        long keys = masters.stream().mapToLong(m -> m.keys).sum();
        if (keys < MIN_KEYS_FOR_OVERHEAD) {
            return 0;
        }
        double sum = 0;
        long n = 0;
        for (PoolOptions p : pools) {
            double b = tally.bytesPerLink(p.name());
            if (!Double.isNaN(b)) {
                sum += b * tally.hits(p.name());
                n += tally.hits(p.name());
            }
        }
        if (n == 0) {
            return 0;
        }
        double dataPerKey = masters.stream().mapToDouble(m -> Math.max(0, m.used - m.startup)).sum() / keys;
        return Math.max(0, dataPerKey - sum / n);
    }

    private String method(List<Master> masters, long totalKeys, boolean allExact) {
        String where = masters.size() + " master(s) holding " + totalKeys + " keys (DBSIZE)";
        if (allExact) {
            return "exact: SCAN MATCH " + namespace + ":l:* on " + where;
        }
        long draws = masters.stream().mapToLong(m -> m.draws).sum();
        return draws + " RANDOMKEY draws on " + where + ", scaled by DBSIZE" + (masters.stream().anyMatch(m -> m.exact)
                ? " (small masters counted exactly by SCAN)" : "") + "; ± is the 95 % sampling error";
    }

    /** The code of a link key {@code <ns>:l:{code}}, or null for any other key. */
    private String codeOf(String key) {
        String prefix = namespace + ":l:{";
        if (key.length() > prefix.length() + 1 && key.startsWith(prefix) && key.endsWith("}")) {
            return key.substring(prefix.length(), key.length() - 1);
        }
        return null;
    }

    private static String poolName(LinkTally tally, String code) {
        PoolOptions pool = tally.poolOf(code);
        return pool == null ? "" : pool.name(); // "" collects aliases
    }

    static long infoField(String info, String field) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith(field + ":")) {
                try {
                    return Long.parseLong(line.substring(field.length() + 1).trim());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    private static long parse(String value) {
        if (value == null) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(value));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
