package dev.shortcode.api.stats;

import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.core.Storage;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Builds click statistics at start (a bad {@code shortcode.stats.*} value stops it) and stores what is held at an orderly stop. */
@ApplicationScoped
public class StatsWiring {

    @Produces
    @Singleton
    ClickStatistics statistics(ServiceOptions settings, Storage storage, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.http.proxy.proxy-address-forwarding", defaultValue = "false") boolean forwardedTrusted) {
        return new ClickStatistics(settings.stats(), storage, registry, Clock.systemUTC(), forwardedTrusted);
    }

    /** Before the storage is closed (that comes when the beans are destroyed, after this event). */
    void storeHeldClicks(@Observes ShutdownEvent event, ClickStatistics statistics) {
        statistics.close();
    }

    void closeStatistics(@Disposes ClickStatistics statistics) {
        statistics.close();
    }

    @Produces
    @Singleton
    ClickRecorder recorder(ClickStatistics statistics) {
        return statistics.recorder();
    }

    @Produces
    @Singleton
    VisitorFacts visitors(ClickStatistics statistics) {
        return statistics.visitors();
    }

    @Produces
    @Singleton
    StatsReader reader(ClickStatistics statistics) {
        return statistics.reader();
    }

    void start(@Observes StartupEvent event, ClickStatistics statistics) {
        // built at start: a bad setting or geo database stops the start, not the first redirect
    }
}
