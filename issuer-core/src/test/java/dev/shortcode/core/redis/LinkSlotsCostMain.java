package dev.shortcode.core.redis;

import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

/**
 * Redis's own CPU per operation of each link layout ({@link KeyPerLink}, {@link LinkGroups}), at a
 * given number of live links, on a private redis-server: what reads, first reads with their
 * extension, extensions, near-cache reloads and the sweep cost Redis beside creates (which
 * {@link HotStoreFootprint} measures).
 *
 * <pre>
 * java -cp "$CP" dev.shortcode.core.redis.LinkSlotsCostMain [links] [operations] [groups]
 * </pre>
 * Defaults: 1,000,000 links, 200,000 operations of each kind, 16,384 groups (the group layout runs
 * with {@code hash-max-listpack-value 1024}). CPU is {@code used_cpu_user + used_cpu_sys} of
 * {@code INFO cpu} over each run, divided by its operations; 2,000 in flight on one connection.
 */
public final class LinkSlotsCostMain {

    private static final int IN_FLIGHT = 2_000;

    private LinkSlotsCostMain() {}

    public static void main(String[] args) throws Exception {
        int links = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        int groups = args.length > 2 ? Integer.parseInt(args[2]) : 16_384;
        System.out.printf("%,d links, %,d operations of each kind, %,d in flight; JDK %s%n", links, ops, IN_FLIGHT,
                System.getProperty("java.version"));
        System.out.println("| layout | get | first read + extension | extension | reload (batches of 1,024) | sweep, per group |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (int g : new int[] {0, groups}) {
            try (RedisDeployment redis = RedisServers.standalone(); RedisConnection connection = redis.connect()) {
                connection.sync().configSet("hash-max-listpack-value", "1024");
                StoreKeys keys = new StoreKeys("sc", 8, g);
                LinkSlots slots = LinkSlots.of(connection.async(), keys);
                run(connection, links, i -> slots.claim(HotStoreFootprint.code(i), LinkRecordCodec.encode(HotStoreFootprint.link(i)),
                        2_592_000, true));
                double get = run(connection, ops, i -> slots.get(HotStoreFootprint.code(i % links)));
                double first = run(connection, ops, i -> slots.readAndExtend(HotStoreFootprint.code(i % links)));
                double extend = run(connection, ops, i -> slots.extend(HotStoreFootprint.code(i % links), 2_592_000));
                double reload = run(connection, ops / 1_024, i -> {
                    List<String> batch = new ArrayList<>(1_024);
                    for (int k = 0; k < 1_024; k++) {
                        batch.add(HotStoreFootprint.code((i * 1_024 + k) % links));
                    }
                    return slots.getAll(batch);
                }) / 1_024;
                String sweep = "";
                if (g > 0) {
                    LinkGroupSweeper sweeper = new LinkGroupSweeper(connection.async(), keys, java.time.Duration.ofMinutes(10));
                    int passes = Math.min(g, ops / 10);
                    sweep = String.format("%.1f µs (%,d links per group)", run(connection, passes / 100, i -> sweeper.sweep(i * 100, 100)) / 100,
                            links / g);
                }
                System.out.printf("| %s | %.1f µs | %.1f µs | %.1f µs | %.2f µs per code | %s |%n",
                        g == 0 ? "a key per link" : g + " groups, listpack", get, first, extend, reload, sweep);
            }
        }
    }

    /** Runs {@code n} operations, at most {@value #IN_FLIGHT} at a time; Redis CPU µs per operation. */
    private static double run(RedisConnection connection, int n, IntFunction<CompletableFuture<?>> op) throws InterruptedException {
        return RedisCpuMeter.microsPerCall(connection.sync(), n, IN_FLIGHT, op);
    }
}
