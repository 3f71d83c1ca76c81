package dev.shortcode.core.redis;

import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/** Redis's own CPU ({@code INFO cpu}) around the measurements of the Redis harnesses. */
final class RedisCpuMeter {

    private RedisCpuMeter() {}

    /** Seconds of CPU the server has used so far, user and system. */
    static double secondsUsed(RedisClusterCommands<String, String> sync) {
        double seconds = 0;
        for (String line : sync.info("cpu").split("\r?\n")) {
            if (line.startsWith("used_cpu_user:") || line.startsWith("used_cpu_sys:")) {
                seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return seconds;
    }

    /**
     * Runs {@code calls} calls, at most {@code inFlight} at a time (Lettuce pipelines them), and
     * answers Redis's CPU µs per call. A failed call is printed, not retried.
     */
    static double microsPerCall(RedisClusterCommands<String, String> sync, int calls, int inFlight,
            IntFunction<CompletableFuture<?>> call) throws InterruptedException {
        double before = secondsUsed(sync);
        Semaphore permits = new Semaphore(inFlight);
        for (int i = 0; i < calls; i++) {
            permits.acquire();
            call.apply(i).whenComplete((r, failure) -> {
                if (failure != null) {
                    System.err.println(failure);
                }
                permits.release();
            });
        }
        permits.acquire(inFlight);
        return (secondsUsed(sync) - before) * 1e6 / calls;
    }
}
