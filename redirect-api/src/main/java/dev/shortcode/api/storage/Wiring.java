package dev.shortcode.api.storage;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.auth.AdminKeyBootstrap;
import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.auth.LastUseRecorder;
import dev.shortcode.api.config.ServiceConfig;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.limit.ApiRateLimiter;
import dev.shortcode.api.limit.KeyLimits;
import dev.shortcode.api.link.AliasPolicy;
import dev.shortcode.api.link.BatchCreator;
import dev.shortcode.api.link.IdempotentCreator;
import dev.shortcode.api.inventory.BulkEdits;
import dev.shortcode.api.inventory.LinkExport;
import dev.shortcode.api.inventory.LinkInventory;
import dev.shortcode.api.link.ExternalIdGuard;
import dev.shortcode.api.link.LinkCreator;
import dev.shortcode.api.link.LinkEditor;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkKeys;
import dev.shortcode.api.link.LinkRequests;
import dev.shortcode.api.domain.DomainPolicy;
import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.api.moderation.DenyListFile;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.api.moderation.ReportAllowance;
import dev.shortcode.api.moderation.RuleValues;
import dev.shortcode.api.password.PasswordWork;
import dev.shortcode.api.stats.ClickStatistics;
import dev.shortcode.core.Storage;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.alloc.DailyIssueCounter;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.DenyRule;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.List;
import java.util.Set;

/**
 * Builds the service from configuration: settings, the storage backend, the issuer, the link
 * service. Everything is created once at start; a bad setting stops the start.
 */
@ApplicationScoped
public class Wiring {

    private static final System.Logger LOG = System.getLogger(Wiring.class.getName());

    @Produces
    @Singleton
    ServiceOptions settings(ServiceConfig config) {
        return ServiceOptions.from(config);
    }

    @Produces
    @Singleton
    ServiceMetrics metrics(MeterRegistry registry) {
        return new ServiceMetrics(registry);
    }

    @Produces
    @Singleton
    Storage storage(ServiceOptions settings, ServiceMetrics metrics, Vertx vertx) {
        Storage storage = StorageOpener.open(settings, metrics, vertx.nettyEventLoopGroup());
        metrics.bind(storage);
        LOG.log(Level.INFO, "storage: {0}{1}", storage.kind(), settings.embedded() ? " in " + settings.dataDir() : "");
        return storage;
    }

    void closeStorage(@Disposes Storage storage) {
        storage.close();
    }

    @Produces
    @Singleton
    CodeIssuer issuer(ServiceOptions settings, Storage storage, ServiceMetrics metrics) {
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
    DailyIssueCounter dailyCounts(ServiceOptions settings, CodeIssuer issuer, Storage storage) {
        return new DailyIssueCounter(issuer::stats, storage.archive(), Clock.systemUTC(), settings.issuedCountInterval());
    }

    void closeDailyCounts(@Disposes DailyIssueCounter counter) {
        counter.close();
    }

    @Produces
    @Singleton
    ApiKeys apiKeys(Storage storage) {
        return new ApiKeys(storage.apiKeys(), Clock.systemUTC());
    }

    /** Each key's last use, written at most once per key per five minutes per node. */
    @Produces
    @Singleton
    LastUseRecorder lastUse(ApiKeys keys) {
        return new LastUseRecorder(keys, Clock.systemUTC());
    }

    void closeLastUse(@Disposes LastUseRecorder lastUse) {
        lastUse.close();
    }

    @Produces
    @Singleton
    ApiRateLimiter rateLimiter(ServiceOptions settings, Storage storage, MeterRegistry registry) {
        return new ApiRateLimiter(storage.rateLimits(), new KeyLimits(settings.limits()), registry, storage.events());
    }

    @Produces
    @Singleton
    LinkViews views(ServiceOptions settings) {
        return new LinkViews(settings.baseUrl(), Clock.systemUTC());
    }

    @Produces
    @Singleton
    UrlPolicy urls(ServiceOptions settings) {
        return new UrlPolicy(Set.of(settings.baseHost()), settings.refuseInternalAddresses());
    }

    @Produces
    @Singleton
    RuleValues ruleValues() {
        return new RuleValues();
    }

    /** The deny-list and the disabled links, as this node sees them (refreshed every few seconds). */
    @Produces
    @Singleton
    Moderation moderation(ServiceOptions settings, Storage storage, RuleValues values) {
        List<DenyRule> configured = settings.denylist().file().map(file -> DenyListFile.read(file, values)).orElse(List.of());
        return new Moderation(storage.moderation(), configured, settings.denylist().refresh());
    }

    void closeModeration(@Disposes Moderation moderation) {
        moderation.close();
    }

    @Produces
    @Singleton
    ReportAllowance reportAllowance() {
        return new ReportAllowance();
    }

    @Produces
    @Singleton
    LinkResolver resolver(Storage storage) {
        return storage.resolver();
    }

    @Produces
    @Singleton
    LinkKeys linkKeys(ServiceOptions settings, DomainRegistry domains) {
        return new LinkKeys(aliases(settings), domains);
    }

    @Produces
    @Singleton
    LinkRequests requests(ServiceOptions settings, UrlPolicy urls, Moderation moderation, DomainRegistry domains, LinkKeys keys) {
        return new LinkRequests(urls, aliases(settings), settings.ttlPolicy(), moderation::denied, moderation::disabled, domains::served, keys,
                settings.stats().geoDatabase().isPresent());
    }

    /** Domain registrations pass the URL policy and deny-list of links. */
    @Produces
    @Singleton
    DomainPolicy domainPolicy(ServiceOptions settings, UrlPolicy urls, Moderation moderation, ObjectMapper json) {
        return new DomainPolicy(settings.baseHost(), urls::normalise, moderation::denied, json);
    }

    @Produces
    @Singleton
    LinkCreator creator(CodeIssuer issuer, Storage storage, LinkViews views, ServiceMetrics metrics, ExternalIdGuard externalIds) {
        return new LinkCreator(issuer, storage.hotStore(), views, metrics, Clock.systemUTC(), externalIds);
    }

    @Produces
    @Singleton
    ExternalIdGuard externalIds(Storage storage) {
        return new ExternalIdGuard(storage.externalIds(), storage.resolver(), Clock.systemUTC());
    }

    @Produces
    @Singleton
    LinkReader reader(Storage storage, LinkViews views, Moderation moderation) {
        return new LinkReader(storage.resolver(), views, moderation);
    }

    @Produces
    @Singleton
    IdempotentCreator creates(ServiceOptions settings, LinkRequests requests, LinkCreator creator, LinkReader reader, Storage storage,
            PasswordWork passwords) {
        return new IdempotentCreator(requests, creator, reader, storage.idempotency(), settings.idempotencyTtl(), passwords);
    }

    @Produces
    @Singleton
    BatchCreator batches(LinkRequests requests, CodeIssuer issuer, Storage storage, LinkViews views, ServiceMetrics metrics,
            ExternalIdGuard externalIds) {
        return new BatchCreator(requests, issuer, storage.hotStore(), views, metrics, Clock.systemUTC(), externalIds);
    }

    @Produces
    @Singleton
    LinkEditor edits(Storage storage, LinkRequests requests, LinkViews views, ClickStatistics stats, ExternalIdGuard externalIds,
            PasswordWork passwords) {
        // A code deleted and created again (an alias) must not inherit its predecessor's clicks. Its
        // disable and its reports stay: an owner must not undo a moderator's disable by deleting the
        // link and taking its alias again (LinkRequests refuses a disabled alias), and the reports are
        // the record of what the link did.
        return new LinkEditor(storage.resolver(), storage.hotStore(), requests, views, externalIds, stats::linkDeleted, passwords);
    }

    @Produces
    @Singleton
    LinkInventory inventory(Storage storage, LinkReader reader) {
        return new LinkInventory(storage.linkIndex(), storage.hotStore(), storage.apiKeys(), reader, Clock.systemUTC());
    }

    @Produces
    @Singleton
    LinkExport exports(LinkInventory inventory, ObjectMapper json) {
        return new LinkExport(inventory, json);
    }

    @Produces
    @Singleton
    BulkEdits bulkEdits(LinkEditor editor) {
        return new BulkEdits(editor);
    }

    static AliasPolicy aliases(ServiceOptions settings) {
        return new AliasPolicy(settings.issuer().pools().stream().map(p -> p.length()).collect(java.util.stream.Collectors.toSet()));
    }

    /**
     * An orderly stop, once Quarkus has stopped taking requests and waited for those in flight
     * ({@code quarkus.shutdown.timeout}): the day's issued counts go to the archive and the
     * allocators stop leasing while the storage is still open; the storage itself closes after,
     * when the container disposes of it (archivers first, then the hot store, which sends its
     * queued TTL extensions, then the connections).
     */
    void stop(@Observes ShutdownEvent event, DailyIssueCounter dailyCounts, CodeIssuer issuer) {
        dailyCounts.close();
        issuer.close();
    }

    /** Builds everything at start (the parameters are what it builds), so that a bad setting stops the start, not the first request. */
    void start(@Observes StartupEvent event, ServiceOptions settings, ApiKeys keys, DailyIssueCounter dailyCounts,
            IdempotentCreator creates, BatchCreator batches, LinkReader reads, LinkEditor edits, ApiRateLimiter limits, LastUseRecorder lastUse) {
        AdminKeyBootstrap.run(keys, settings.dataDirectory(), settings.adminKey());
    }
}
