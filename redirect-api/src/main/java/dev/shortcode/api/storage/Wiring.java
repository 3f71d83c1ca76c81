package dev.shortcode.api.storage;

import dev.shortcode.api.auth.AdminKeyBootstrap;
import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.config.Flag;
import dev.shortcode.api.config.ServiceConfig;
import dev.shortcode.api.config.ServiceSettings;
import dev.shortcode.api.link.AliasPolicy;
import dev.shortcode.api.link.LinkService;
import dev.shortcode.api.link.TtlPolicy;
import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.alloc.DailyIssueCounter;
import dev.shortcode.core.alloc.Ticker;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Builds the service from configuration: settings, the storage backend, the issuer, the link
 * service. Everything is created once at start; a bad setting stops the start.
 */
@ApplicationScoped
public class Wiring {

    private static final System.Logger LOG = System.getLogger(Wiring.class.getName());

    @Produces
    @Singleton
    ServiceSettings settings(ServiceConfig config) {
        return ServiceSettings.from(config);
    }

    @Produces
    @Singleton
    ServiceMetrics metrics(MeterRegistry registry) {
        return new ServiceMetrics(registry);
    }

    @Produces
    @Singleton
    StorageBackend storage(ServiceSettings settings, ServiceMetrics metrics, Vertx vertx) {
        StorageBackend backend = settings.embedded() ? EmbeddedBackend.open(settings, metrics)
                : DistributedBackend.open(settings, metrics, metrics, vertx.nettyEventLoopGroup());
        LOG.log(Level.INFO, "storage: {0}{1}", backend.kind(), settings.embedded() ? " in " + settings.dataDir() : "");
        return backend;
    }

    void closeStorage(@Disposes StorageBackend backend) {
        backend.close();
    }

    @Produces
    @Singleton
    CodeIssuer issuer(ServiceSettings settings, StorageBackend storage, ServiceMetrics metrics) {
        CodeIssuer issuer = new CodeIssuer(settings.issuer(), storage.blockSource(), Ticker.SYSTEM, metrics).warmUp();
        metrics.bind(issuer);
        return issuer;
    }

    void closeIssuer(@Disposes CodeIssuer issuer) {
        issuer.close();
    }

    /** Codes issued per pool per day, into the archive: the capacity planner's input. */
    @Produces
    @Singleton
    DailyIssueCounter dailyCounts(CodeIssuer issuer, StorageBackend storage) {
        return new DailyIssueCounter(issuer::stats, storage.archive(), Clock.systemUTC(), DailyIssueCounter.DEFAULT_INTERVAL);
    }

    void closeDailyCounts(@Disposes DailyIssueCounter counter) {
        counter.close();
    }

    @Produces
    @Singleton
    ApiKeys apiKeys(StorageBackend storage) {
        return new ApiKeys(storage.apiKeys(), Clock.systemUTC());
    }

    /** For the rare caller that must wait for a block; bounded like every pool here. */
    @Produces
    @Singleton
    @Blocking
    ExecutorService blocking() {
        return new ThreadPoolExecutor(1, 4, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(10_000),
                r -> {
                    Thread t = new Thread(r, "shortcode-issue-wait");
                    t.setDaemon(true);
                    return t;
                });
    }

    void closeBlocking(@Disposes @Blocking ExecutorService executor) {
        executor.shutdownNow();
    }

    @Produces
    @Singleton
    LinkService links(ServiceConfig config, ServiceSettings settings, CodeIssuer issuer, StorageBackend storage,
            @Blocking ExecutorService blocking, ServiceMetrics metrics) {
        return new LinkService(issuer, storage.hotStore(), storage.resolver(), storage.idempotency(),
                new UrlPolicy(Set.of(settings.baseHost()),
                        Flag.parse("shortcode.refuse-internal-addresses", config.refuseInternalAddresses())), aliases(settings),
                new TtlPolicy(settings.issuer().pools(), config.defaultTtl()), Clock.systemUTC(), blocking,
                config.idempotencyTtl(), settings.baseUrl(), metrics, storage.archive());
    }

    static AliasPolicy aliases(ServiceSettings settings) {
        return new AliasPolicy(settings.issuer().pools().stream().map(p -> p.length()).collect(java.util.stream.Collectors.toSet()));
    }

    void start(@Observes StartupEvent event, ServiceConfig config, ServiceSettings settings, ApiKeys keys, LinkService links,
            DailyIssueCounter dailyCounts) {
        AdminKeyBootstrap.run(keys, settings, config.adminKey());
    }
}
