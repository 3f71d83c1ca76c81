package dev.shortcode.api.capacity;

import dev.shortcode.api.config.CapacityOptions;
import dev.shortcode.core.alloc.AllocatorStats;
import dev.shortcode.core.capacity.ArchiveForecast;
import dev.shortcode.core.capacity.ArchiveInputs;
import dev.shortcode.core.capacity.CapacityModel;
import dev.shortcode.core.capacity.CounterReading;
import dev.shortcode.core.capacity.HotStoreForecast;
import dev.shortcode.core.capacity.HotStoreInputs;
import dev.shortcode.core.capacity.PoolForecast;
import dev.shortcode.core.capacity.PoolInputs;
import dev.shortcode.core.capacity.PoolLoad;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.StorageFootprint;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Measures the stores every {@code refresh} on a thread of its own and keeps the last
 * {@link CapacityReport}: the API and the gauges read it, none of them ever triggers a
 * measurement, so a burst of requests or scrapes costs the stores nothing.
 *
 * <p>One measurement: the footprint (bounded by its own time budget), the daily counts of every
 * pool from the archive (each read bounded by {@link #ARCHIVE_TIMEOUT}), this node's allocator
 * stats; then the model. A failed measurement keeps the previous report and is logged; the next
 * one runs on schedule. The pool counters of every measurement are kept for two hours (bounded),
 * which gives the model its last-hour rate. {@link #close()} stops the thread, waiting for a
 * measurement in progress.
 */
public final class CapacitySampler implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(CapacitySampler.class.getName());

    static final Duration ARCHIVE_TIMEOUT = Duration.ofSeconds(5);
    static final Duration READINGS_KEPT = Duration.ofHours(2);
    static final int MAX_READINGS = 1_000;
    static final int CHART_DAYS = 90;
    /** Daily counts since this day feed the model and the archive's bytes per link. */
    static final LocalDate SERIES_START = LocalDate.of(2000, 1, 1);

    private final List<PoolOptions> pools;
    private final StorageFootprint footprint;
    private final Archive archive;
    private final Supplier<List<AllocatorStats>> allocators;
    private final ToLongFunction<String> idsWasted;
    private final CapacityOptions settings;
    private final String storageKind;
    private final Clock clock;
    private final String node;
    private final ScheduledExecutorService thread;
    private final AtomicReference<CapacityReport> latest = new AtomicReference<>();
    private final CompletableFuture<CapacityReport> first = new CompletableFuture<>();
    // Touched only by the sampling thread.
    private final Map<String, Deque<CounterReading>> readings = new HashMap<>();
    private List<AllocatorStats> previousStats;
    private Instant previousAt;

    /**
     * @param allocators this node's allocator stats, e.g. {@code issuer::stats}
     * @param idsWasted  ids this node wasted so far, per pool name
     */
    public CapacitySampler(List<PoolOptions> pools, StorageFootprint footprint, Archive archive, Supplier<List<AllocatorStats>> allocators,
            ToLongFunction<String> idsWasted, CapacityOptions settings, String storageKind, Clock clock) {
        this.pools = List.copyOf(pools);
        this.footprint = footprint;
        this.archive = archive;
        this.allocators = allocators;
        this.idsWasted = idsWasted;
        this.settings = settings;
        this.storageKind = storageKind;
        this.clock = clock;
        this.node = hostName();
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-capacity");
            t.setDaemon(true);
            return t;
        });
    }

    /** Measures at once, then every {@code refresh}. */
    public CapacitySampler start() {
        thread.scheduleWithFixedDelay(this::refreshQuietly, 0, settings.refresh().toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** The last report, null before the first measurement succeeded. */
    public CapacityReport latest() {
        return latest.get();
    }

    /** Completes with the first report. */
    public CompletableFuture<CapacityReport> first() {
        return first;
    }

    public CapacityOptions settings() {
        return settings;
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "capacity measurement failed, the previous one is kept: {0}", e.toString());
        }
    }

    /** One measurement; on the sampling thread (tests call it through {@link #start()}). */
    void refresh() {
        Footprint f = footprint.measure(pools);
        Instant now = f.measuredAt();
        List<String> notes = new ArrayList<>(f.notes());
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        List<CapacityReport.Pool> poolViews = new ArrayList<>();
        List<PoolLoad> loads = new ArrayList<>();
        long issuedEver = 0;
        double ratePerDay = 0;
        for (PoolOptions spec : pools) {
            PoolFootprint pf = f.pools().get(spec.name());
            Map<LocalDate, Long> days = issuedPerDay(spec.name(), today, notes);
            List<CounterReading> history = remember(spec.name(), new CounterReading(now, pf.epoch(), pf.leasedThisEpoch()), now);
            PoolForecast forecast = CapacityModel.forecast(new PoolInputs(spec.name(), spec.length(), spec.capacity(), spec.idleTtl(),
                    spec.permanent(), pf.epoch(), pf.leasedThisEpoch(), days, history, pf.live(), pf.bytesPerLink(), pf.ages()), now);
            long total = days.values().stream().mapToLong(Long::longValue).sum();
            issuedEver += total;
            ratePerDay += forecast.rates().forecast();
            loads.add(new PoolLoad(spec.name(), pf.live().count(), forecast.rates().forecast(), spec.idleTtl(), pf.bytesPerLink()));
            poolViews.add(view(spec, forecast, days, today, total));
        }
        CapacityReport.HotStore hot = null;
        if (f.hot() != null) {
            HotStoreForecast h = CapacityModel.hotStore(new HotStoreInputs(f.hot().kind(), f.hot().usedBytes(), f.hot().maxBytes(), loads));
            hot = new CapacityReport.HotStore(h.kind(), h.usedBytes(), h.maxBytes(), f.hot().keys(), h.linkBytes(), h.steadyBytes(),
                    h.growthPerDay(), h.daysToFull(), CapacityReport.Verdict.of(h.verdict()), f.hot().method());
        }
        CapacityReport.Archive archiveView = null;
        if (f.archive() != null) {
            long links = f.archive().links() >= 0 ? f.archive().links() : issuedEver;
            double perLink = !Double.isNaN(f.archive().bytesPerLink()) ? f.archive().bytesPerLink()
                    : links > 0 && f.archive().bytes() > 0 ? (double) f.archive().bytes() / links : Double.NaN;
            ArchiveForecast a = CapacityModel.archive(new ArchiveInputs(f.archive().bytes(), settings.archiveBudgetBytes(), perLink,
                    ratePerDay));
            archiveView = new CapacityReport.Archive(f.archive().kind(), a.bytes(), f.archive().links(), f.archive().regions(),
                    a.budgetBytes(), a.bytesPerLink(), a.growthPerDay(), a.bytesIn1Year(), a.daysToBudget(),
                    CapacityReport.Verdict.of(a.verdict()), f.archive().method()
                            + (f.archive().links() < 0 ? "; bytes per link over the " + issuedEver + " codes issued on record" : ""));
        }
        CapacityReport report = new CapacityReport(now, storageKind,
                new CapacityReport.Sampling(f.took().toMillis(), f.commands(), settings.refresh().toSeconds(),
                        settings.sampling().sampleSize(), settings.sampling().exactBelow()),
                poolViews, hot, archiveView, List.of(new CapacityReport.Node(node, allocatorViews(now))), notes,
                f.domains().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(d -> new CapacityReport.DomainLinks(d.getKey(),
                                new CapacityReport.Live(d.getValue().count(), d.getValue().error(), d.getValue().method())))
                        .toList());
        latest.set(report);
        first.complete(report);
    }

    private Map<LocalDate, Long> issuedPerDay(String pool, LocalDate today, List<String> notes) {
        try {
            return archive.issuedPerDay(pool, SERIES_START, today).toCompletableFuture()
                    .get(ARCHIVE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading daily counts", e);
        } catch (Exception e) {
            notes.add("daily counts of pool " + pool + " unavailable: " + e);
            return Map.of();
        }
    }

    private List<CounterReading> remember(String pool, CounterReading reading, Instant now) {
        Deque<CounterReading> kept = readings.computeIfAbsent(pool, p -> new ArrayDeque<>());
        kept.addLast(reading);
        while (kept.size() > MAX_READINGS || kept.getFirst().at().isBefore(now.minus(READINGS_KEPT))) {
            kept.removeFirst();
        }
        return List.copyOf(kept);
    }

    private static CapacityReport.Pool view(PoolOptions spec, PoolForecast f, Map<LocalDate, Long> days, LocalDate today, long total) {
        List<CapacityReport.Day> chart = new ArrayList<>();
        LocalDate from = today.minusDays(CHART_DAYS - 1);
        days.forEach((day, count) -> {
            if (!day.isBefore(from) && !day.isAfter(today)) {
                chart.add(new CapacityReport.Day(day.toString(), count));
            }
        });
        return new CapacityReport.Pool(spec.name(), spec.length(), spec.capacity(), ttl(spec.idleTtl()), spec.permanent(), f.epoch(),
                f.leasedThisEpoch(), f.usedFraction(), days.getOrDefault(today, 0L), total, f.rates(), f.daysToWrap(),
                f.daysToWrapAtTrend(), f.wrapsAt(), new CapacityReport.Live(f.live().count(), f.live().error(), f.live().method()),
                f.liveFraction(), f.liveFractionAtWrap(), f.liveFractionAtWrapLowerBound(), f.liveFractionAtWrapBasis(), f.now(),
                f.afterWrap(), f.bytesPerLink(), f.hotBytes(), CapacityReport.Verdict.of(f.verdict()), chart);
    }

    static String ttl(Duration ttl) {
        long s = ttl.toSeconds();
        return s % 86_400 == 0 ? "P" + s / 86_400 + "D" : ttl.toString();
    }

    private List<CapacityReport.Allocator> allocatorViews(Instant now) {
        List<AllocatorStats> stats = allocators.get();
        List<CapacityReport.Allocator> views = new ArrayList<>();
        for (AllocatorStats s : stats) {
            Double perHour = null;
            if (previousStats != null) {
                double hours = Duration.between(previousAt, now).toMillis() / 3_600_000.0;
                long before = previousStats.stream().filter(p -> p.pool().equals(s.pool())).mapToLong(AllocatorStats::blocksLeased)
                        .findFirst().orElse(s.blocksLeased());
                perHour = hours > 0 ? Math.max(0, s.blocksLeased() - before) / hours : null;
            }
            views.add(new CapacityReport.Allocator(s.pool(), s.codesIssued(), s.blocksLeased(), perHour, s.leaseFailures(), s.stalls(),
                    s.blockSize(), s.bufferedIds(), idsWasted.applyAsLong(s.pool()), s.epoch()));
        }
        previousStats = stats;
        previousAt = now;
        return views;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "this node";
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the capacity measurement did not stop in time");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        first.completeExceptionally(new IllegalStateException("capacity sampling stopped"));
    }
}
