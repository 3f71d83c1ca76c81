package dev.shortcode.api.auth;

import dev.shortcode.core.store.ApiKey;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Records when each API key was last used, without a write per request.
 *
 * <h2>Coalescing</h2>
 * A request only notes the time in memory. A key this node has not written yet (or not for
 * {@link #INTERVAL}) is written at once, in the background, so a new key shows its first use in
 * the listing within moments; after that, a key's later uses are written by a sweep every
 * {@link #SWEEP} once its interval since the last write has passed. So each node writes a key at
 * most once per interval, however busy the key, and the listing is at most an interval (and a
 * sweep) behind. Writes go through the store's compare-and-set update and only ever move the time
 * forward ({@link ApiKey#usedAt}), so nodes writing the same key cannot move it back.
 *
 * <p>A failed write (the store down) is logged at debug and tried again at the next sweep: the
 * time is kept. Memory: one entry per key used on this node, which only authenticated keys reach.
 * {@link #close} writes what is pending, so an orderly stop loses nothing.
 */
public final class LastUseRecorder implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(LastUseRecorder.class.getName());

    /** At most one write per key per node this often. */
    public static final Duration INTERVAL = Duration.ofMinutes(5);
    static final Duration SWEEP = Duration.ofSeconds(30);

    private final ApiKeys keys;
    private final Clock clock;
    private final Duration interval;
    private final Map<String, Use> uses = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;

    /** A key's latest use on this node, and when this node last wrote it (0: never); guarded by itself. */
    private static final class Use {
        long latest;
        long writtenAt;
        long writtenValue;
        boolean writing;
    }

    public LastUseRecorder(ApiKeys keys, Clock clock) {
        this(keys, clock, INTERVAL, SWEEP);
    }

    LastUseRecorder(ApiKeys keys, Clock clock, Duration interval, Duration sweep) {
        this.keys = keys;
        this.clock = clock;
        this.interval = interval;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread t = new Thread(runnable, "shortcode-key-last-use");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(this::sweep, sweep.toMillis(), sweep.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Notes a use of {@code key} now; writes it in the background if this node has not written the key for an interval. */
    public void record(ApiKey key) {
        long now = clock.millis();
        Use use = uses.computeIfAbsent(key.id(), id -> new Use());
        boolean writeNow;
        synchronized (use) {
            use.latest = Math.max(use.latest, now);
            writeNow = !use.writing && (use.writtenAt == 0 || now - use.writtenAt >= interval.toMillis());
            if (writeNow) {
                use.writing = true;
            }
        }
        if (writeNow) {
            write(key.id(), use, now);
        }
    }

    private void write(String id, Use use, long now) {
        long value;
        synchronized (use) {
            value = use.latest;
        }
        keys.update(id, current -> current.usedAt(value)).whenComplete((updated, failure) -> {
            synchronized (use) {
                use.writing = false;
                if (failure == null) {
                    use.writtenAt = now;
                    use.writtenValue = value;
                }
            }
            if (failure != null) {
                LOG.log(Level.DEBUG, "recording the last use of API key " + id + " failed; retried at the next sweep", failure);
            }
        });
    }

    /** Writes every key used since its last write whose interval has passed. */
    private void sweep() {
        long now = clock.millis();
        uses.forEach((id, use) -> {
            boolean due;
            synchronized (use) {
                due = !use.writing && use.latest > use.writtenValue && (use.writtenAt == 0 || now - use.writtenAt >= interval.toMillis());
                if (due) {
                    use.writing = true;
                }
            }
            if (due) {
                write(id, use, now);
            }
        });
    }

    /** Writes every use not written yet, whatever its interval, waiting two seconds at most in all; stops the sweeps. */
    @Override
    public void close() {
        sweeper.shutdownNow();
        List<CompletableFuture<?>> writes = new ArrayList<>();
        uses.forEach((id, use) -> {
            long value;
            synchronized (use) {
                if (use.latest <= use.writtenValue) {
                    return;
                }
                value = use.latest;
            }
            writes.add(keys.update(id, current -> current.usedAt(value)).toCompletableFuture());
        });
        try {
            CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.DEBUG, "not every API key's last use was recorded before the stop", e);
        }
    }
}
