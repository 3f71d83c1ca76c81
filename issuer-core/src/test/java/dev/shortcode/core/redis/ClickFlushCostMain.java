package dev.shortcode.core.redis;

import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.FieldCounts;
import dev.shortcode.core.store.VisitorHashes;
import dev.shortcode.testing.redis.RedisInfo;
import io.lettuce.core.RedisURI;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * What a click flush costs a Redis: applies batches shaped like one second of redirects (Zipf 1.0
 * over 10,000 links, every click a human on a desktop browser with its own visitor, all links of
 * one API key, so that each click counts for its link, the key and everyone) through the real
 * {@link RedisClickStore}, and prints Redis' own CPU per batch ({@code INFO cpu}) and its commands,
 * script-inner ones included ({@code INFO commandstats}), and what packing a batch allocates in the
 * calling thread (its calls' keys and arguments, held until Redis answers). The link-days come as
 * the flusher makes them ({@link FieldCounts}, {@link VisitorHashes}). docs/BENCHMARKS.md has the
 * command line.
 *
 * <pre>java -cp ... dev.shortcode.core.redis.ClickFlushCostMain redis://127.0.0.1:PORT [clicks per batch] [batches]</pre>
 */
public final class ClickFlushCostMain {

    private static final int LINKS = 10_000;
    private static final int WARM_UP_BATCHES = 20;

    private ClickFlushCostMain() {}

    public static void main(String[] args) {
        int clicks = args.length > 1 ? Integer.parseInt(args[1]) : 12_000;
        int batches = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        RedisConnection connection = RedisConnection.open(List.of(RedisURI.create(args[0])), false, Duration.ofSeconds(10));
        // The store closes the connection.
        try (RedisClickStore store = new RedisClickStore(connection, new StoreKeys("flush" + UUID.randomUUID().toString().substring(0, 8), 8),
                new MemoryClickArchive(), Clock.systemUTC(), "node")) {
            double[] zipf = new double[LINKS];
            double sum = 0;
            for (int k = 0; k < LINKS; k++) {
                sum += 1.0 / (k + 1);
                zipf[k] = sum;
            }
            Random random = new Random(7);
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            double cpuBefore = 0;
            long commandsBefore = 0;
            long subjectDays = 0;
            long allocated = 0;
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            for (int b = 1; b <= WARM_UP_BATCHES + batches; b++) {
                List<ClickDelta> batch = batch(random, zipf, clicks, today);
                if (b == WARM_UP_BATCHES + 1) {
                    cpuBefore = cpuSeconds(connection);
                    commandsBefore = commands(connection);
                }
                long before = threads.getCurrentThreadAllocatedBytes();
                CompletableFuture<Void> applied = store.apply(b, batch).toCompletableFuture();
                long packed = threads.getCurrentThreadAllocatedBytes() - before;
                applied.join();
                if (b > WARM_UP_BATCHES) {
                    subjectDays += batch.size();
                    allocated += packed;
                }
            }
            double cpu = cpuSeconds(connection) - cpuBefore;
            long commands = commands(connection) - commandsBefore;
            System.out.printf("%d clicks per batch, %d subject-days: Redis CPU %.1f ms per batch (%.2f µs per subject-day, %.2f µs per click),"
                    + " %d commands per batch, %.2f MB allocated packing a batch%n", clicks, subjectDays / batches, cpu * 1_000 / batches,
                    cpu * 1e6 / subjectDays, cpu * 1e6 / ((double) clicks * batches), commands / batches, allocated / 1e6 / batches);
        }
    }

    /** One second of clicks: a delta per clicked link, and the key's and everyone's with all of them. */
    private static List<ClickDelta> batch(Random random, double[] zipf, int clicks, LocalDate today) {
        Map<String, List<Long>> visitorsByLink = new HashMap<>();
        for (int i = 0; i < clicks; i++) {
            int rank = Arrays.binarySearch(zipf, random.nextDouble() * zipf[LINKS - 1]);
            String code = String.format("c%05d", rank < 0 ? -rank - 1 : rank);
            visitorsByLink.computeIfAbsent(code, c -> new ArrayList<>()).add(random.nextLong());
        }
        List<ClickDelta> deltas = new ArrayList<>(visitorsByLink.size() + 2);
        Set<String> everyone = new HashSet<>();
        Map<String, Long> owner = new HashMap<>(Map.of("t", (long) clicks, "h12", (long) clicks, "d:desktop", (long) clicks, "r:direct", (long) clicks));
        visitorsByLink.forEach((code, hashes) -> {
            VisitorHashes visitors = VisitorHashes.of(hashes.stream().mapToLong(Long::longValue).toArray(), hashes.size());
            deltas.add(new ClickDelta(code, today, counts(visitors.size()), visitors));
            everyone.addAll(visitors);
            owner.put("l:" + code, (long) visitors.size());
        });
        deltas.add(new ClickDelta(ClickDelta.ownerSubject("key"), today, owner, everyone));
        deltas.add(new ClickDelta(ClickDelta.ALL_SUBJECT, today, owner, everyone));
        return deltas;
    }

    private static Map<String, Long> counts(long clicks) {
        FieldCounts counts = new FieldCounts(6);
        for (String field : new String[] {"t", "h12", "d:desktop", "r:direct"}) {
            counts.add(field, clicks);
        }
        return counts;
    }

    private static double cpuSeconds(RedisConnection connection) {
        return RedisInfo.cpuSeconds(connection.sync().info("cpu"));
    }

    private static long commands(RedisConnection connection) {
        return RedisInfo.commandCalls(connection.sync().info("commandstats")).values().stream().mapToLong(Long::longValue).sum();
    }
}
