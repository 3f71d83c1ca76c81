package dev.shortcode.core.redis;

import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Deletes expired links' fields from {@link LinkGroups}' hashes. A hash lives as long as its
 * longest-lived link, so without a sweep a group read and extended forever would keep every link
 * that ever died in it. Every {@code period / groups}, but at most once a second, the sweeper runs
 * {@link LinkGroups#SWEEP} on the next groups (as many as make the pace, pipelined, at most one
 * round in flight), so a whole pass takes
 * {@link HotStoreOptions#sweepPeriod()} and an expired field is deleted at most that long after it
 * expired. Each node starts its passes at a random group, so nodes that run at once sweep different
 * groups first; their passes overlap, which costs Redis CPU (a script reading one small hash per
 * group and node: measured in docs/BENCHMARKS.md) and nothing else, since a sweep only deletes what
 * every reader already treats as absent.
 */
final class LinkGroupSweeper implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(LinkGroupSweeper.class.getName());
    private static final long LOG_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final int perRound;
    private final long intervalMillis;
    private final ScheduledExecutorService rounds;
    private final AtomicLong swept = new AtomicLong();
    private int next;
    private CompletableFuture<?> inFlight = CompletableFuture.completedFuture(null);
    private volatile long lastLogNanos;

    LinkGroupSweeper(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys, Duration period) {
        this.redis = redis;
        this.keys = keys;
        long periodMillis = Math.max(1_000, period.toMillis());
        this.intervalMillis = Math.max(1_000, periodMillis / keys.linkGroups());
        this.perRound = (int) Math.max(1, (keys.linkGroups() * intervalMillis + periodMillis - 1) / periodMillis);
        this.next = ThreadLocalRandom.current().nextInt(keys.linkGroups());
        this.rounds = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "link-group-sweeper-" + keys.namespace());
            t.setDaemon(true);
            return t;
        });
    }

    LinkGroupSweeper start() {
        rounds.scheduleWithFixedDelay(this::round, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        return this;
    }

    /** Sweeps groups {@code from} to {@code from + count - 1} (mod the group count); completes with the fields deleted. */
    CompletableFuture<Long> sweep(int from, int count) {
        @SuppressWarnings("unchecked")
        CompletableFuture<Long>[] calls = new CompletableFuture[count];
        for (int i = 0; i < count; i++) {
            int group = (int) ((from + (long) i) % keys.linkGroups());
            calls[i] = LinkGroups.SWEEP.runAsync(redis, new String[] {keys.linkGroup(group)});
        }
        return CompletableFuture.allOf(calls).thenApply(v -> {
            long deleted = 0;
            for (CompletableFuture<Long> call : calls) {
                deleted += call.join();
            }
            swept.addAndGet(deleted);
            return deleted;
        });
    }

    /** Expired fields this sweeper deleted so far; for tests and metrics. */
    long swept() {
        return swept.get();
    }

    private void round() {
        if (!inFlight.isDone()) {
            return; // Redis is slow to answer: skip a round rather than pile up
        }
        int from = next;
        next = (int) ((next + (long) perRound) % keys.linkGroups());
        try {
            inFlight = sweep(from, perRound).whenComplete((deleted, failure) -> {
                if (failure != null) {
                    report(failure);
                }
            });
        } catch (RuntimeException e) {
            report(e);
        }
    }

    private void report(Throwable failure) {
        long now = System.nanoTime();
        if (lastLogNanos == 0 || now - lastLogNanos >= LOG_INTERVAL_NANOS) {
            lastLogNanos = now;
            LOG.log(Level.WARNING, "sweeping expired links from namespace {0} failed, trying the next groups: {1}",
                    keys.namespace(), failure.toString());
        }
    }

    @Override
    public void close() {
        rounds.shutdownNow();
    }
}
