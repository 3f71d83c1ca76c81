package dev.shortcode.api.capacity;

import dev.shortcode.core.config.PoolOptions;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The capacity figures as Prometheus gauges, read from the sampler's last report when scraped
 * (a scrape never measures anything). "Never" is {@code +Inf} (a pool that does not wrap at the
 * current rate, a store that never fills), "not measured yet" is {@code NaN}: alert rules compare
 * with {@code <}, false for both. See docs/alerts.yml.
 */
public final class CapacityMetrics {

    private CapacityMetrics() {}

    public static void bind(MeterRegistry registry, CapacitySampler sampler, List<PoolOptions> pools, boolean redis) {
        for (PoolOptions spec : pools) {
            String name = spec.name();
            pool(registry, sampler, name, "shortcode.pool.days.to.wrap", "days until the pool wraps at its 7-day mean rate (+Inf: never)",
                    p -> never(p.daysToWrap()));
            pool(registry, sampler, name, "shortcode.pool.live.fraction", "live links / capacity, now", CapacityReport.Pool::liveFraction);
            pool(registry, sampler, name, "shortcode.pool.live.fraction.at.wrap", "expected share of codes still live at the next wrap",
                    CapacityReport.Pool::liveFractionAtWrap);
            pool(registry, sampler, name, "shortcode.pool.used.fraction", "ids leased this epoch / capacity", CapacityReport.Pool::usedFraction);
            pool(registry, sampler, name, "shortcode.pool.live.links", "live links, measured (exact or sampled)", p -> p.live().count());
            pool(registry, sampler, name, "shortcode.pool.issue.rate.per.day", "codes issued per day, 7-day mean", p -> p.rates().mean7d());
            pool(registry, sampler, name, "shortcode.pool.epoch", "the pool counter's epoch (wraps so far)", p -> p.epoch());
            Gauge.builder("shortcode.pool.idle.ttl.days", spec, s -> s.idleTtl().toSeconds() / 86_400.0).tag("pool", name)
                    .description("the pool's idle TTL, for alert rules such as days to wrap < 2 x TTL").register(registry);
        }
        String hot = redis ? "shortcode.redis" : "shortcode.embedded.disk";
        report(registry, sampler, hot + ".days.to.full", redis ? "days until Redis reaches maxmemory (+Inf: never or no maxmemory)"
                : "days until the embedded store fills its disk (+Inf: never)", r -> r.hotStore() == null ? Double.NaN : never(r.hotStore().daysToFull()));
        report(registry, sampler, hot + ".used.bytes", "bytes the hot store holds", r -> r.hotStore() == null ? Double.NaN : r.hotStore().usedBytes());
        report(registry, sampler, hot + ".steady.bytes", "bytes the hot store will hold once every pool has rate x TTL links",
                r -> r.hotStore() == null ? Double.NaN : r.hotStore().steadyBytes());
        report(registry, sampler, "shortcode.archive.bytes", "size of the archive", r -> r.archive() == null ? Double.NaN : r.archive().bytes());
        report(registry, sampler, "shortcode.archive.days.to.budget", "days until the archive reaches its budget (+Inf: no budget or no growth)",
                r -> r.archive() == null ? Double.NaN : never(r.archive().daysToBudget()));
        report(registry, sampler, "shortcode.capacity.sample.age.seconds", "age of the capacity measurement served",
                r -> Duration.between(r.measuredAt(), Instant.now()).toMillis() / 1000.0);
        report(registry, sampler, "shortcode.capacity.sample.duration.seconds", "how long the last capacity measurement took",
                r -> r.sampling().tookMillis() / 1000.0);
        report(registry, sampler, "shortcode.capacity.sample.commands", "store commands the last capacity measurement sent",
                r -> r.sampling().commands());
    }

    private static void pool(MeterRegistry registry, CapacitySampler sampler, String pool, String metric, String description,
            ToDoubleFunction<CapacityReport.Pool> value) {
        Gauge.builder(metric, sampler, s -> {
            CapacityReport r = s.latest();
            if (r == null) {
                return Double.NaN;
            }
            return r.pools().stream().filter(p -> p.pool().equals(pool)).findFirst().map(value::applyAsDouble).orElse(Double.NaN);
        }).tag("pool", pool).description(description).register(registry);
    }

    private static void report(MeterRegistry registry, CapacitySampler sampler, String metric, String description,
            ToDoubleFunction<CapacityReport> value) {
        Gauge.builder(metric, sampler, s -> s.latest() == null ? Double.NaN : value.applyAsDouble(s.latest()))
                .description(description).register(registry);
    }

    private static double never(Double days) {
        return days == null ? Double.POSITIVE_INFINITY : days;
    }
}
