package dev.shortcode.core.redis;

import dev.shortcode.core.limit.Buckets;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisInfo;
import dev.shortcode.testing.redis.RedisServers;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.lettuce.core.RedisURI;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.redisson.Redisson;
import org.redisson.api.RRateLimiter;
import org.redisson.api.RateType;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * Compares the distributed limiters on one private redis-server, two "nodes" (two clients with
 * connections of their own) taking one unit per request of one shared limit at once, each with
 * {@code inFlight} requests outstanding:
 * <ul>
 *   <li>{@code bucket4j-cas}: Bucket4j's compare-and-swap bucket ({@link RedisBucketStore}) without
 *       optimisation: every request is a {@code GET} and a swap script;
 *   <li>{@code bucket4j-batching}: the same with Bucket4j's batching optimisation: a node's
 *       concurrent requests for one bucket share one sync; still exact;
 *   <li>{@code bucket4j-delaying}: the same through {@link RedisRateLimits}, which the service
 *       uses (Bucket4j's delaying optimisation: a node syncs after 2% of the quota or a second);
 *   <li>{@code redisson}: Redisson's {@code RRateLimiter} (one script per request; a sorted set of
 *       the permits handed out in the interval), Redisson 3.52 with a pool of 8 connections per
 *       node, 2 Netty threads.
 * </ul>
 * Four loads: a limit never reached (1,000,000,000 a minute: the cost of a request that passes),
 * as fast as the nodes go and at 500 requests a second per node; the default burst limit of 600 a
 * minute hammered (what the nodes admit beyond 600 and the refill of ten a second during the run
 * is the over-admission, give or take a unit of the refill); and a day's quota of 1,000 hammered
 * (no refill during the run: what the two nodes admit beyond 1,000 is the over-admission). Redis' CPU from {@code INFO cpu}; commands from {@code INFO commandstats}, which
 * counts those a script runs too, and round trips (what clients sent: scripts, and Bucket4j's
 * {@code GET}s outside its script, which runs exactly one {@code GET}); the client's CPU from this
 * process' CPU time (both nodes).
 *
 * <pre>
 * mvn -B -o -q -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-cp %classpath dev.shortcode.core.redis.RateLimiterComparison [requests per node] [in flight per node] [rounds]"
 * </pre>
 */
public final class RateLimiterComparison {

    /** One node's view of one shared limit. */
    private interface Node extends AutoCloseable {
        CompletableFuture<Boolean> take();

        @Override
        void close();
    }

    /** @param perSecond each node's pace, 0 for as fast as it goes; @param requests per node, 0 for the run's default */
    private record Limit(String label, RateLimit bucket4j, long redissonRate, Duration redissonInterval, int perSecond, int requests) {}

    private record Result(String candidate, String limit, long requests, long admitted, double redisMicrosPerRequest,
            double commandsPerThousand, double roundTripsPerThousand, double clientMicrosPerRequest, double seconds) {}

    public static void main(String[] args) throws Exception {
        int perNode = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int inFlight = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        List<Limit> limits = List.of(
                new Limit("never reached", RateLimit.perMinute(1_000_000_000L), 1_000_000_000L, Duration.ofMinutes(1), 0, 0),
                new Limit("never reached, 2 x 500/s for 5 s", RateLimit.perMinute(1_000_000_000L), 1_000_000_000L, Duration.ofMinutes(1), 500, 2_500),
                new Limit("600 a minute", RateLimit.perMinute(600), 600, Duration.ofMinutes(1), 0, 0),
                new Limit("1,000 a day", RateLimit.perUtcDay(1_000), 1_000, Duration.ofDays(1), 0, 0));
        List<Result> results = new ArrayList<>();
        try (RedisDeployment redis = RedisServers.standalone()) {
            for (int round = 0; round < rounds; round++) { // the first round warms the JIT up; the last is reported
                results.clear();
                for (Limit limit : limits) {
                    for (String candidate : List.of("bucket4j-cas", "bucket4j-batching", "bucket4j-delaying", "redisson")) {
                        results.add(run(redis, candidate, limit, perNode, inFlight));
                    }
                }
            }
        }
        System.out.println();
        System.out.println("| limiter | limit | requests | admitted | over-admitted | Redis CPU µs/request | Redis commands / 1,000 requests "
                + "| round trips / 1,000 requests | client CPU µs/request | wall s |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (Result r : results) {
            String over = r.limit.equals("1,000 a day") ? Long.toString(r.admitted - 1_000)
                    : r.limit.equals("600 a minute") ? String.format(Locale.ROOT, "%.0f", r.admitted - 600 - 10 * r.seconds) : "—";
            System.out.printf(Locale.ROOT, "| %s | %s | %,d | %,d | %s | %.2f | %.1f | %.1f | %.1f | %.1f |%n", r.candidate, r.limit, r.requests,
                    r.admitted, over, r.redisMicrosPerRequest, r.commandsPerThousand, r.roundTripsPerThousand, r.clientMicrosPerRequest, r.seconds);
        }
        System.exit(0); // Redisson's and Lettuce's threads are closed; this ends any straggler
    }

    private static Result run(RedisDeployment redis, String candidate, Limit limit, int defaultPerNode, int inFlight) throws Exception {
        int perNode = limit.requests > 0 ? limit.requests : defaultPerNode;
        String key = "cmp-" + UUID.randomUUID();
        List<Node> nodes = List.of(node(redis, candidate, limit, key), node(redis, candidate, limit, key));
        try {
            for (Node node : nodes) {
                node.take().join(); // connected, script loaded, limiter configured
            }
            redis.resetCommandStats();
            double redisCpu0 = redisCpuSeconds(redis);
            long clientCpu0 = processCpuNanos();
            long wall0 = System.nanoTime();
            AtomicLong admitted = new AtomicLong();
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            for (Node node : nodes) {
                runs.add(CompletableFuture.runAsync(() -> drive(node, perNode, inFlight, limit.perSecond, admitted)));
            }
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).join();
            double seconds = (System.nanoTime() - wall0) / 1e9;
            long clientCpu = processCpuNanos() - clientCpu0;
            double redisCpu = redisCpuSeconds(redis) - redisCpu0;
            java.util.Map<String, Long> calls = redis.commandCalls();
            long commands = calls.entrySet().stream().filter(e -> !e.getKey().startsWith("config") && !e.getKey().startsWith("info"))
                    .mapToLong(e -> e.getValue()).sum();
            long scripts = calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
            long roundTrips = scripts + (candidate.startsWith("bucket4j") ? calls.getOrDefault("get", 0L) - scripts : 0);
            long requests = 2L * perNode;
            // The warm-up takes of both nodes admitted two more for the day's quota.
            long total = admitted.get() + (limit.label.equals("1,000 a day") || limit.label.equals("600 a minute") ? 2 : 0);
            return new Result(candidate, limit.label, requests, total, redisCpu * 1e6 / requests, commands * 1000.0 / requests,
                    roundTrips * 1000.0 / requests, clientCpu / 1e3 / requests, seconds);
        } finally {
            nodes.forEach(Node::close);
        }
    }

    private static void drive(Node node, int requests, int inFlight, int perSecond, AtomicLong admitted) {
        Semaphore slots = new Semaphore(inFlight);
        long start = System.nanoTime();
        for (int i = 0; i < requests; i++) {
            if (perSecond > 0) {
                long due = start + i * 1_000_000_000L / perSecond;
                while (System.nanoTime() < due) {
                    java.util.concurrent.locks.LockSupport.parkNanos(due - System.nanoTime());
                }
            }
            slots.acquireUninterruptibly();
            node.take().whenComplete((allowed, failure) -> {
                if (failure == null && allowed) {
                    admitted.incrementAndGet();
                }
                slots.release();
            });
        }
        slots.acquireUninterruptibly(inFlight);
    }

    private static Node node(RedisDeployment redis, String candidate, Limit limit, String key) {
        return switch (candidate) {
            case "bucket4j-cas" -> casNode(redis, limit, key, false);
            case "bucket4j-batching" -> casNode(redis, limit, key, true);
            case "bucket4j-delaying" -> delayingNode(redis, limit, key);
            case "redisson" -> redissonNode(redis.uris().get(0), limit, key);
            default -> throw new IllegalArgumentException(candidate);
        };
    }

    private static Node casNode(RedisDeployment redis, Limit limit, String key, boolean batching) {
        RedisConnection connection = redis.connect();
        RedisConnection.Binary binary = connection.openBinary();
        RedisBucketStore store = new RedisBucketStore(binary.async(), ClientSideConfig.getDefault()
                .withExpirationAfterWriteStrategy(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10))));
        var builder = store.asAsync().builder();
        if (batching) {
            builder = builder.withOptimization(Optimizations.batching());
        }
        AsyncBucketProxy bucket = builder.build(key, () -> CompletableFuture.completedFuture(Buckets.configuration(limit.bucket4j)));
        return closing(() -> bucket.tryConsume(1), binary, connection);
    }

    private static Node delayingNode(RedisDeployment redis, Limit limit, String key) {
        RedisConnection connection = redis.connect();
        RedisConnection.Binary binary = connection.openBinary();
        RedisRateLimits limits = new RedisRateLimits(binary.async(), "cmp", Clock.systemUTC(), Duration.ofSeconds(5));
        return closing(() -> limits.take(key, limit.bucket4j, 1).toCompletableFuture().thenApply(d -> {
            if (!d.shared()) {
                throw new IllegalStateException("decided locally: the comparison is of the shared limit");
            }
            return d.allowed();
        }), limits, binary, connection);
    }

    private static Node redissonNode(RedisURI uri, Limit limit, String key) {
        Config config = new Config();
        config.setThreads(2).setNettyThreads(2);
        config.useSingleServer().setAddress("redis://" + uri.getHost() + ":" + uri.getPort())
                .setConnectionPoolSize(8).setConnectionMinimumIdleSize(2)
                .setSubscriptionConnectionPoolSize(1).setSubscriptionConnectionMinimumIdleSize(0);
        RedissonClient client = Redisson.create(config);
        RRateLimiter limiter = client.getRateLimiter(key);
        limiter.trySetRate(RateType.OVERALL, limit.redissonRate, limit.redissonInterval);
        return closing(() -> limiter.tryAcquireAsync(1).toCompletableFuture(), client::shutdown);
    }

    private static Node closing(Supplier<CompletableFuture<Boolean>> take, AutoCloseable... resources) {
        return new Node() {
            @Override
            public CompletableFuture<Boolean> take() {
                return take.get();
            }

            @Override
            public void close() {
                for (AutoCloseable resource : resources) {
                    try {
                        resource.close();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        };
    }

    private static double redisCpuSeconds(RedisDeployment redis) {
        double[] total = {0};
        redis.onEachMaster(r -> total[0] += RedisInfo.cpuSeconds(r.info("cpu")));
        return total[0];
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
