package dev.shortcode.core.alloc;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.store.Archive;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Records how many codes each pool issues per UTC day, for capacity planning, without touching
 * the issuing hot path: every interval it reads the allocators' {@link AllocatorStats#codesIssued()},
 * turns the growth since the previous reading into a delta for today and adds it to the
 * {@link Archive} ({@link Archive#addIssued}).
 *
 * <ul>
 *   <li>A delta belongs to the UTC day on which it is read, so codes issued in the last interval
 *       before midnight may be counted on the next day (at most one interval's worth).
 *   <li>A failed or timed-out write keeps its delta (still under its own day) for the next flush.
 *       A write that timed out but was applied after all is then counted twice: the counts are
 *       at-least-once, good for planning, not for billing.
 *   <li>{@link #close()} stops the schedule and flushes once more; a crash loses at most the
 *       last interval.
 *   <li>An allocator whose count went down was replaced (a restart of the issuer without a
 *       restart of this counter): its whole count is new.
 * </ul>
 */
public final class DailyIssueCounter implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DailyIssueCounter.class.getName());

    /** Default of {@code interval}, as {@link #INTERVAL_KEY} takes it. */
    public static final String DEFAULT_INTERVAL = "PT10S";
    public static final String INTERVAL_KEY = IssuerOptions.PREFIX + "archive.issued-count-interval";

    /** Longest a flush waits for one write; a slower archive keeps the delta for the next flush. */
    static final Duration WRITE_TIMEOUT = Duration.ofSeconds(5);

    private final Supplier<? extends Collection<AllocatorStats>> stats;
    private final Archive archive;
    private final Clock clock;
    private final ScheduledExecutorService scheduler;
    private final boolean ownsScheduler;
    private final ScheduledFuture<?> schedule;

    // Guarded by this.
    private final Map<String, Long> lastSeen = new HashMap<>();
    private final Map<PoolDay, Long> pending = new LinkedHashMap<>();
    private boolean closed;

    private record PoolDay(String pool, LocalDate day) {}

    /**
     * Counts on its own daemon thread, stopped by {@link #close()}.
     *
     * @param stats    the allocators' current stats, e.g. {@code issuer::stats}
     * @param interval how often to read and flush, by default {@value #DEFAULT_INTERVAL}
     */
    public DailyIssueCounter(Supplier<? extends Collection<AllocatorStats>> stats, Archive archive, Clock clock,
            Duration interval) {
        this(stats, archive, clock, interval, Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-issued-count");
            t.setDaemon(true);
            return t;
        }), true);
    }

    /** Counts on {@code scheduler}, which belongs to the caller; {@link #close()} only cancels this counter's task. */
    public DailyIssueCounter(Supplier<? extends Collection<AllocatorStats>> stats, Archive archive, Clock clock,
            Duration interval, ScheduledExecutorService scheduler) {
        this(stats, archive, clock, interval, scheduler, false);
    }

    private DailyIssueCounter(Supplier<? extends Collection<AllocatorStats>> stats, Archive archive, Clock clock,
            Duration interval, ScheduledExecutorService scheduler, boolean ownsScheduler) {
        try {
            checkInterval(interval);
        } catch (ConfigException e) {
            if (ownsScheduler) {
                scheduler.shutdown();
            }
            throw e;
        }
        this.stats = stats;
        this.archive = archive;
        this.clock = clock;
        this.scheduler = scheduler;
        this.ownsScheduler = ownsScheduler;
        long millis = interval.toMillis();
        this.schedule = scheduler.scheduleWithFixedDelay(this::flushQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * The interval, if it is one this counter takes (positive); else a {@link ConfigException}
     * naming {@link #INTERVAL_KEY}. For checking configuration before anything is started.
     */
    public static Duration checkInterval(Duration interval) {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new ConfigException(INTERVAL_KEY, interval + " must be a positive duration");
        }
        return interval;
    }

    /**
     * Reads the allocators and writes every delta not yet written, oldest first.
     *
     * @return true when nothing is left pending
     */
    public synchronized boolean flush() {
        collect();
        Iterator<Map.Entry<PoolDay, Long>> it = pending.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<PoolDay, Long> e = it.next();
            PoolDay key = e.getKey();
            try {
                archive.addIssued(key.pool(), key.day(), e.getValue()).toCompletableFuture()
                        .get(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                it.remove();
            } catch (ExecutionException | TimeoutException | RuntimeException ex) {
                Throwable cause = ex instanceof ExecutionException ? ex.getCause() : ex;
                LOG.log(Level.WARNING, "recording {0} codes issued by pool {1} on {2} failed, kept for the next flush: {3}",
                        e.getValue(), key.pool(), key.day(), String.valueOf(cause));
                return false; // the archive is failing: keep the rest for the next attempt too
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Codes read but not yet written, per pool and day (a copy). */
    public synchronized Map<String, Map<LocalDate, Long>> pending() {
        Map<String, Map<LocalDate, Long>> copy = new LinkedHashMap<>();
        pending.forEach((k, v) -> copy.computeIfAbsent(k.pool(), p -> new LinkedHashMap<>()).put(k.day(), v));
        return copy;
    }

    private void collect() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        for (AllocatorStats s : stats.get()) {
            long issued = s.codesIssued();
            Long previous = lastSeen.put(s.pool(), issued);
            long delta = previous == null || issued < previous ? issued : issued - previous;
            if (delta > 0) {
                pending.merge(new PoolDay(s.pool(), today), delta, Long::sum);
            }
        }
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "issued-count flush failed: {0}", e.toString());
        }
    }

    /** Stops the schedule, then flushes what was issued since the last flush. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        schedule.cancel(false);
        if (ownsScheduler) {
            scheduler.shutdown();
            try {
                if (!scheduler.awaitTermination(WRITE_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS)) {
                    LOG.log(Level.WARNING, "the issued-count thread did not stop in time");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!flush()) {
            LOG.log(Level.WARNING, "issued counts not recorded at close: {0}", pending());
        }
    }
}
