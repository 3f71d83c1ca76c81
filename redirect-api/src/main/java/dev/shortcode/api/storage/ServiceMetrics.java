package dev.shortcode.api.storage;

import dev.shortcode.api.link.LinkEvents;
import dev.shortcode.core.alloc.CodeAllocator;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.Storage;
import dev.shortcode.core.metrics.IssuerMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import dev.shortcode.core.redis.OutboxMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Binds the issuer's and the link service's events to Micrometer (Prometheus at /q/metrics). */
public final class ServiceMetrics implements IssuerMetrics, LinkEvents, OutboxMetrics {

    private final MeterRegistry registry;
    private final Map<Integer, AtomicLong> outboxLengths = new ConcurrentHashMap<>();
    private final AtomicLong archiveLagMillis = new AtomicLong();
    /** Per-create counters, registered once per pool: a registry lookup per request would cost a builder and a map probe. */
    private final Map<String, Counter> createdByPool = new ConcurrentHashMap<>();
    private final Map<String, Counter> skippedByPool = new ConcurrentHashMap<>();

    public ServiceMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("shortcode.archive.lag.seconds", archiveLagMillis, v -> v.get() / 1000.0)
                .description("age of the oldest mutation the archivers last wrote").register(registry);
    }

    /**
     * The embedded writer's counters, read when scraped: the commit timer's mean is the disk's
     * write + {@code fdatasync} latency, writes per commit show how well creates share a sync, and
     * a growing queue means the writer, not the event loop, is the bottleneck.
     */
    void bind(Storage storage) {
        // The rate limiter's fallback: decisions this node took alone because Redis did not answer, and whether it is bypassed now.
        FunctionCounter.builder("shortcode.rate.limit.local.decisions", storage.rateLimits(), l -> l.stats().localDecisions())
                .description("rate-limit decisions taken by this node alone because the shared store did not answer").register(registry);
        Gauge.builder("shortcode.rate.limit.shared.down", storage.rateLimits(), l -> l.stats().sharedDown() ? 1 : 0)
                .description("1 while this node limits API keys on its own, the shared store not answering").register(registry);
        storage.writerStats().ifPresent(stats -> {
            FunctionCounter.builder("shortcode.embedded.writes", stats, s -> s.get().operations())
                    .description("operations the embedded writer applied").register(registry);
            FunctionTimer.builder("shortcode.embedded.commit", stats, s -> s.get().syncs(), s -> s.get().syncNanos(),
                            TimeUnit.NANOSECONDS)
                    .description("synced write batches (one WAL fdatasync each) and the time they took").register(registry);
            FunctionCounter.builder("shortcode.embedded.commit.delayed", stats, s -> s.get().delayed())
                    .description("write batches held back up to the commit delay to share a sync").register(registry);
            Gauge.builder("shortcode.embedded.write.queue", stats, s -> s.get().queued())
                    .description("operations waiting for the embedded writer").register(registry);
        });
    }

    /** Gauges read from the allocators' own counters: issuing a code updates no metric. */
    public void bind(CodeIssuer issuer) {
        for (CodeAllocator allocator : issuer.allocators()) {
            String pool = allocator.pool().name();
            FunctionCounter.builder("shortcode.codes.issued", allocator, a -> a.stats().codesIssued()).tag("pool", pool)
                    .description("codes handed out by this node").register(registry);
            FunctionCounter.builder("shortcode.allocator.stalls", allocator, a -> a.stats().stalls()).tag("pool", pool)
                    .description("times a caller waited for a block").register(registry);
            Gauge.builder("shortcode.allocator.buffered.ids", allocator, a -> a.stats().bufferedIds()).tag("pool", pool)
                    .description("ids leased and not yet handed out").register(registry);
            Gauge.builder("shortcode.allocator.block.size", allocator, a -> a.stats().blockSize()).tag("pool", pool)
                    .register(registry);
            Gauge.builder("shortcode.allocator.epoch", allocator, a -> a.stats().epoch()).tag("pool", pool).register(registry);
        }
    }

    @Override
    public void blockLeased(String pool, long size, long nanos) {
        Timer.builder("shortcode.lease.latency").tag("pool", pool).register(registry).record(nanos, TimeUnit.NANOSECONDS);
        Counter.builder("shortcode.lease.ids").tag("pool", pool).register(registry).increment(size);
    }

    @Override
    public void leaseFailed(String pool, Throwable cause) {
        Counter.builder("shortcode.lease.failures").tag("pool", pool).register(registry).increment();
    }

    @Override
    public void idsWasted(String pool, long count) {
        Counter.builder("shortcode.ids.wasted").tag("pool", pool).register(registry).increment(count);
    }

    @Override
    public void epochReset(String pool, long newEpoch) {
        Counter.builder("shortcode.epoch.resets").tag("pool", pool).register(registry).increment();
    }

    @Override
    public void counterReseeded(String pool, long epoch, long seq) {
        Counter.builder("shortcode.counter.reseeds").tag("pool", pool).register(registry).increment();
    }

    @Override
    public void outboxLength(int shard, long entries) {
        outboxLengths.computeIfAbsent(shard, s -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder("shortcode.outbox.length", value, AtomicLong::get).tag("shard", Integer.toString(s))
                    .description("mutations waiting in the outbox stream").register(registry);
            return value;
        }).set(entries);
    }

    @Override
    public void archiveLag(Duration lag) {
        archiveLagMillis.set(lag.toMillis());
    }

    @Override
    public void batchArchived(int shard, int entries, int mutations, long nanos) {
        Counter.builder("shortcode.archive.mutations").register(registry).increment(mutations);
        Timer.builder("shortcode.archive.batch.latency").register(registry).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void archiveFailed(int shard, Throwable cause) {
        Counter.builder("shortcode.archive.failures").register(registry).increment();
    }

    @Override
    public void entriesClaimed(int shard, int entries) {
        Counter.builder("shortcode.outbox.claimed").register(registry).increment(entries);
    }

    @Override
    public void mutationDropped(int shard, String entryId) {
        Counter.builder("shortcode.outbox.dropped").description("undecodable outbox entries skipped").register(registry).increment();
    }

    @Override
    public void created(String pool) {
        createdByPool.computeIfAbsent(pool, p -> Counter.builder("shortcode.links.created").tag("pool", p).register(registry))
                .increment();
    }

    @Override
    public void codeSkipped(String pool) {
        skippedByPool.computeIfAbsent(pool, p -> Counter.builder("shortcode.codes.skipped").tag("pool", p)
                .description("issued codes held by a live link or alias, skipped").register(registry)).increment();
    }
}
