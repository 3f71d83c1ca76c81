package dev.shortcode.core.redis;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * Measures the Redis hot store on a private redis-server (started on a free loopback port, stopped
 * at the end): create throughput through {@link RedisHotStore} next to {@code redis-benchmark} on
 * the same server for both of its create paths (one script, the standalone default; two steps, the
 * Cluster's) and two other ways to write a link, with commands per create from
 * {@code INFO commandstats}, this JVM's and Redis' CPU per create, the latency of one create at a
 * time, and bytes per link from {@code INFO memory} for a million links with 80-character URLs,
 * before and after the outbox is drained, and per live link once half of them died.
 *
 * <pre>
 * mvn -B -q -Pjmh -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-Xmx2g -cp %classpath dev.shortcode.core.redis.HotStoreFootprint [creates] [links] [inFlight] [rounds] [groups] [listpack]"
 * </pre>
 * Defaults: 200,000 creates per run, 1,000,000 links, 2,000 creates in flight, 3 rounds (each
 * round runs redis-benchmark, then every write path; medians are reported). {@code links} 0
 * skips the footprint, {@code rounds} 0 everything else. {@code groups} above 0 keeps the links in that many groups
 * ({@link LinkGroups}) in the hot store's own paths and the footprint; {@code listpack} sets Redis's
 * {@code hash-max-listpack-value} first (default 64). Needs {@code redis-server} and
 * {@code redis-benchmark} on the PATH.
 */
public final class HotStoreFootprint {

    private static final int URL_LENGTH = 80;
    private static final long TTL_SECONDS = Duration.ofDays(30).toSeconds();

    private HotStoreFootprint() {}

    public static void main(String[] args) throws Exception {
        int creates = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int links = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        int groups = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        String listpack = args.length > 5 ? args[5] : null;
        try (RedisDeployment redis = RedisServers.standalone(); RedisConnection connection = redis.connect()) {
            int port = redis.uris().get(0).getPort();
            System.out.printf("redis-server on 127.0.0.1:%d; %,d creates per run, %,d in flight, %d rounds; JDK %s, %d cpus%n", port,
                    creates, inFlight, rounds, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());

            if (listpack != null) {
                connection.sync().configSet("hash-max-listpack-value", listpack);
            }
            StoreKeys keys = new StoreKeys("sc", 8, groups);
            System.out.printf("links: %s; hash-max-listpack-value %s%n", groups == 0 ? "a key per link" : groups + " groups",
                    connection.sync().configGet("hash-max-listpack-value").get("hash-max-listpack-value"));
            RedisClusterAsyncCommands<String, String> async = connection.async();
            Map<String, IntFunction<CompletableFuture<?>>> variants = new LinkedHashMap<>();
            String claim = groups == 0 ? "SET NX EX" : "claim in a group";
            variants.put("RedisHotStore.create, one script: " + claim + " and XADD (standalone default)",
                    hotStoreCreates(connection, keys, HotStoreOptions.DEFAULTS));
            variants.put("RedisHotStore.create, two steps: " + claim + ", then group-committed XADD (Cluster)",
                    hotStoreCreates(connection, keys, HotStoreOptions.builder().oneScriptCreates(false).build()));
            variants.put("bare SET NX EX, no outbox (the floor)",
                    i -> async.set(keys.link(code(i)), value(i), SetArgs.Builder.nx().ex(TTL_SECONDS)).toCompletableFuture());
            variants.put("SET NX EX + XADD per create in one flush (unsafe: Put even when NX fails)", i -> {
                String code = code(i);
                String value = value(i);
                CompletableFuture<String> set = async.set(keys.link(code), value, SetArgs.Builder.nx().ex(TTL_SECONDS))
                        .toCompletableFuture();
                CompletableFuture<String> xadd = async.xadd(keys.outbox(keys.shardOf(code)), code, "p\t" + value).toCompletableFuture();
                return set.thenCombine(xadd, (a, b) -> a);
            });

            if (rounds == 0) { // the footprint alone
                if (links > 0) {
                    footprint(redis, connection, keys, links, inFlight);
                }
                return;
            }
            for (var v : variants.entrySet()) { // warm-up: JIT, connection, script cache
                throughput(redis, connection, "warm-up " + v.getKey(), creates / 4, inFlight, v.getValue());
            }
            Map<String, List<Result>> results = new LinkedHashMap<>();
            Map<String, List<long[]>> latencies = new LinkedHashMap<>();
            List<Double> benchmarks = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                double benchmark = redisBenchmark(port, creates);
                benchmarks.add(benchmark);
                System.out.printf("round %d: redis-benchmark -q -t set -n %d -P 16 -p %d: %,.0f SET/s%n", round, creates, port, benchmark);
                for (var v : variants.entrySet()) {
                    results.computeIfAbsent(v.getKey(), k -> new ArrayList<>())
                            .add(throughput(redis, connection, v.getKey(), creates, inFlight, v.getValue()));
                    latencies.computeIfAbsent(v.getKey(), k -> new ArrayList<>())
                            .add(latency(redis, v.getKey(), Math.max(1_000, creates / 20), v.getValue()));
                }
            }
            double benchmark = median(benchmarks);
            System.out.println();
            System.out.printf("Medians of %d rounds (%,d creates each, %,d in flight, one Lettuce connection; CPU per create: this JVM's"
                    + " process CPU and Redis' INFO cpu over the run; latency: one create at a time, %,d of them):%n", rounds, creates,
                    inFlight, Math.max(1_000, creates / 20));
            System.out.println("| write path | creates/s | vs redis-benchmark SET -P 16 | commands sent per create | client CPU µs per create"
                    + " | Redis CPU µs per create | one at a time: mean µs | p99 µs |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
            results.forEach((name, rs) -> {
                double perSecond = median(rs.stream().map(Result::perSecond).toList());
                List<long[]> ls = latencies.get(name);
                System.out.printf("| %s | %,.0f | %.1f%% | %.3f | %.1f | %.1f | %.0f | %.0f |%n", name, perSecond, 100 * perSecond / benchmark,
                        median(rs.stream().map(Result::commandsPerCreate).toList()), median(rs.stream().map(Result::clientCpuMicros).toList()),
                        median(rs.stream().map(Result::redisCpuMicros).toList()), median(ls.stream().map(l -> (double) l[0]).toList()),
                        median(ls.stream().map(l -> (double) l[1]).toList()));
            });
            System.out.printf("| redis-benchmark -q -t set -n %d -P 16 | %,.0f | 100%% | 1 | | | | |%n", creates, benchmark);

            if (links > 0) {
                footprint(redis, connection, keys, links, inFlight);
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static IntFunction<CompletableFuture<?>> hotStoreCreates(RedisConnection connection, StoreKeys keys, HotStoreOptions options) {
        AtomicReference<RedisHotStore> store = new AtomicReference<>();
        return i -> {
            if (store.get() == null) {
                store.compareAndSet(null, new RedisHotStore(connection, keys, options));
            }
            return store.get().create(link(i)).toCompletableFuture();
        };
    }

    record Result(String name, double perSecond, double commandsPerCreate, double clientCpuMicros, double redisCpuMicros) {}

    /** One create at a time: {mean, p99} microseconds from the call to its completion. */
    private static long[] latency(RedisDeployment redis, String name, int n, IntFunction<CompletableFuture<?>> create) {
        redis.flushAll();
        long[] micros = new long[n];
        int offset = 10_000_000; // codes apart from the throughput runs'
        for (int i = 0; i < n; i++) {
            long began = System.nanoTime();
            create.apply(offset + i).join();
            micros[i] = (System.nanoTime() - began) / 1_000;
        }
        Arrays.sort(micros);
        long mean = Arrays.stream(micros).sum() / n;
        System.out.printf("%-95s one at a time: mean %d µs, p50 %d, p99 %d%n", name, mean, micros[n / 2], micros[n * 99 / 100]);
        return new long[] {mean, micros[n * 99 / 100]};
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static Result throughput(RedisDeployment redis, RedisConnection connection, String name, int n, int inFlight,
            IntFunction<CompletableFuture<?>> create)
            throws InterruptedException {
        redis.flushAll();
        redis.resetCommandStats();
        Semaphore permits = new Semaphore(inFlight);
        double redisBefore = RedisCpuMeter.secondsUsed(connection.sync());
        long cpuBefore = processCpuNanos();
        long began = System.nanoTime();
        for (int i = 0; i < n; i++) {
            permits.acquire();
            create.apply(i).whenComplete((r, failure) -> {
                if (failure != null) {
                    System.err.println(name + ": " + failure);
                }
                permits.release();
            });
        }
        permits.acquire(inFlight);
        double seconds = (System.nanoTime() - began) / 1e9;
        double clientCpu = (processCpuNanos() - cpuBefore) / 1e3 / n;
        double redisCpu = (RedisCpuMeter.secondsUsed(connection.sync()) - redisBefore) * 1e6 / n;
        Map<String, Long> calls = redis.commandCalls();
        long sent = calls.containsKey("evalsha") || calls.containsKey("eval")
                ? calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L)
                : calls.getOrDefault("set", 0L) + calls.getOrDefault("xadd", 0L);
        Result result = new Result(name, n / seconds, (double) sent / n, clientCpu, redisCpu);
        System.out.printf("%-95s %,10.0f creates/s  %.3f commands/create  client CPU %.1f µs, Redis CPU %.1f µs per create  %s%n", name,
                result.perSecond, result.commandsPerCreate, clientCpu, redisCpu, dataCalls(calls));
        return result;
    }

    private static void footprint(RedisDeployment redis, RedisConnection connection, StoreKeys keys, int links, int inFlight)
            throws InterruptedException {
        redis.flushAll();
        long before = usedMemory(connection);
        long began = System.nanoTime();
        RedisHotStore store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
        Semaphore permits = new Semaphore(inFlight);
        long valueBytes = 0;
        for (int i = 0; i < links; i++) {
            LinkRecord link = link(i);
            valueBytes += LinkRecordCodec.encode(link).length();
            permits.acquire();
            store.create(link).whenComplete((r, f) -> permits.release());
        }
        permits.acquire(inFlight);
        double seconds = (System.nanoTime() - began) / 1e9;
        long withOutbox = usedMemory(connection);
        long dbsize = connection.sync().dbsize();
        String sampleKey = keys.linkGroups() == 0 ? keys.link(code(7)) : keys.linkGroup(keys.linkGroupOf(code(7)));
        Long sampleUsage = connection.sync().memoryUsage(sampleKey);
        String sampleShape = keys.linkGroups() == 0 ? "one link key"
                : "one group's hash (" + connection.sync().hlen(sampleKey) + " links, " + connection.sync().objectEncoding(sampleKey) + ")";

        try (OutboxArchiver archiver = new OutboxArchiver(redis::connect, new DiscardingArchive(), keys,
                ArchiverOptions.builder().threads(8).build(), OutboxMetrics.NOOP, "footprint", Clock.systemUTC()).start()) {
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (OutboxContents.entries(connection, keys) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        }
        long drained = usedMemory(connection);
        store.close();
        long halfDied = halfDie(connection, keys, links) - before;
        long live = links - links / 2;
        double avgValue = (double) valueBytes / links;
        System.out.println();
        System.out.printf("%,d links created in %.1f s (%,.0f/s); keys in Redis: %,d; value %.1f bytes on average (URL %d)%n", links,
                seconds, links / seconds, dbsize, avgValue, URL_LENGTH);
        System.out.printf("MEMORY USAGE of %s: %d bytes%n", sampleShape, sampleUsage);
        System.out.println("| state | used_memory delta | bytes per link | beyond the 80-char URL |");
        System.out.println("|---|---:|---:|---:|");
        System.out.printf("| links + outbox not yet archived | %,d | %.1f | %.1f |%n", withOutbox - before,
                (double) (withOutbox - before) / links, (double) (withOutbox - before) / links - URL_LENGTH);
        System.out.printf("| links, outbox archived and trimmed | %,d | %.1f | %.1f |%n", drained - before,
                (double) (drained - before) / links, (double) (drained - before) / links - URL_LENGTH);
        System.out.printf("| then half the links died in no order%s, per live link | %,d | %.1f | %.1f |%n",
                keys.linkGroups() == 0 ? " (DEL)" : " (expired, then one sweep over every group)", halfDied, (double) halfDied / live,
                (double) halfDied / live - URL_LENGTH);
    }

    /**
     * Every other link dies, which at steady state is what a sliding TTL leaves: a key per link
     * loses its key ({@code DEL}, as expiry does), a link in a group has its field's expiry set in
     * the past and the sweep then passes over every group. Returns {@code used_memory} after it.
     */
    private static long halfDie(RedisConnection connection, StoreKeys keys, int links) {
        RedisClusterAsyncCommands<String, String> async = connection.async();
        long expired = Long.parseLong(connection.sync().time().get(0)) - 1;
        List<CompletableFuture<?>> writes = new ArrayList<>();
        for (int i = 1; i < links; i += 2) {
            String code = code(i);
            writes.add(keys.linkGroups() == 0
                    ? async.del(keys.link(code)).toCompletableFuture()
                    : async.hset(keys.linkGroup(keys.linkGroupOf(code)), code, LinkGroups.fieldValue(expired, value(i))).toCompletableFuture());
            if (writes.size() == 10_000) {
                CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
                writes.clear();
            }
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
        if (keys.linkGroups() > 0) {
            try (LinkGroupSweeper sweeper = new LinkGroupSweeper(async, keys, Duration.ofMinutes(10))) {
                for (int from = 0; from < keys.linkGroups(); from += 1_000) {
                    sweeper.sweep(from, Math.min(1_000, keys.linkGroups() - from)).join();
                }
                System.out.printf("the sweep deleted %,d expired fields%n", sweeper.swept());
            }
        }
        return usedMemory(connection);
    }

    static long usedMemory(RedisConnection connection) {
        for (String line : connection.sync().info("memory").split("\r?\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).trim());
            }
        }
        throw new IllegalStateException("no used_memory in INFO memory");
    }

    private static String dataCalls(Map<String, Long> calls) {
        StringBuilder b = new StringBuilder();
        calls.forEach((k, v) -> {
            if (!k.startsWith("info") && !k.startsWith("config") && !k.startsWith("hello") && !k.startsWith("flushall")) {
                b.append(k).append('=').append(v).append(' ');
            }
        });
        return b.toString().trim();
    }

    /** A 7-char code per index, in the alphabet, spread like permuted codes. */
    static String code(int i) {
        long v = (i * 0x9E3779B97F4A7C15L) >>> 1;
        return dev.shortcode.core.code.Base62.encode(v % 3_521_614_606_208L, 7);
    }

    private static String value(int i) {
        return LinkRecordCodec.encode(link(i));
    }

    static LinkRecord link(int i) {
        String code = code(i);
        StringBuilder url = new StringBuilder(URL_LENGTH).append("https://www.example.com/campaign/").append(code).append('/');
        while (url.length() < URL_LENGTH) {
            url.append(dev.shortcode.core.code.Base62.ALPHABET.charAt(ThreadLocalRandom.current().nextInt(62)));
        }
        return new LinkRecord(code, url.toString(), "long", TTL_SECONDS, true, 1_764_000_000_000L + i, "k7Qz2p9A", 1);
    }

    private static double redisBenchmark(int port, int n) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("redis-benchmark", "-q", "-t", "set", "-n", Integer.toString(n), "-P", "16", "-p",
                Integer.toString(port)).redirectErrorStream(true).start();
        String result = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                // -q prints progress with carriage returns and ends with "SET: 123456.79 requests per second, p50=..."
                String last = line.substring(line.lastIndexOf('\r') + 1);
                if (last.startsWith("SET: ")) {
                    result = last;
                }
            }
        }
        p.waitFor();
        if (result == null) {
            throw new IllegalStateException("redis-benchmark printed no SET result");
        }
        return Double.parseDouble(result.substring(5, result.indexOf(" requests")));
    }

    /** Takes every batch and forgets it: only the draining of the outbox is measured. */
    private static final class DiscardingArchive implements Archive {
        @Override
        public CompletionStage<Void> write(List<ArchiveMutation> batch) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Optional<LinkRecord>> get(String code) {
            return CompletableFuture.completedFuture(Optional.empty());
        }

        @Override
        public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
            return CompletableFuture.completedFuture(Map.of());
        }
    }
}
