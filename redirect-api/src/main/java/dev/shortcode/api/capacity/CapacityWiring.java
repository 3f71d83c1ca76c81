package dev.shortcode.api.capacity;

import dev.shortcode.api.config.CapacityOptions;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.core.Storage;
import dev.shortcode.core.alloc.CodeIssuer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Builds capacity planning from the storage backend and the issuer; starts sampling with the service. */
@ApplicationScoped
public class CapacityWiring {

    @Produces
    @Singleton
    CapacitySampler sampler(ServiceOptions service, Storage storage, CodeIssuer issuer, MeterRegistry registry) {
        CapacityOptions settings = service.capacity();
        CapacitySampler sampler = new CapacitySampler(service.issuer().pools(), storage.footprint().apply(settings.sampling()),
                storage.archive(), issuer::stats, pool -> wasted(registry, pool), settings, storage.kind(), Clock.systemUTC()).start();
        CapacityMetrics.bind(registry, sampler, service.issuer().pools(), !service.embedded());
        return sampler;
    }

    void closeSampler(@Disposes CapacitySampler sampler) {
        sampler.close();
    }

    @Produces
    @Singleton
    PlanValidator plans(ServiceOptions service) {
        return new PlanValidator(service.issuer().pools());
    }

    /** Measuring starts with the service, not with the first request. */
    void start(@Observes StartupEvent event, CapacitySampler sampler) {}

    private static long wasted(MeterRegistry registry, String pool) {
        Counter c = registry.find("shortcode.ids.wasted").tag("pool", pool).counter();
        return c == null ? 0 : Math.round(c.count());
    }
}
