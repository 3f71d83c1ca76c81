package dev.shortcode.core;

import dev.shortcode.core.index.ExternalIds;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.ClickCaps;
import dev.shortcode.core.store.DomainStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ClickStore;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.ModerationStore;
import dev.shortcode.core.store.RateLimits;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import dev.shortcode.core.store.WriterStats;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.DeliveryLog;
import dev.shortcode.core.store.WebhookStore;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One backend's stores, as the service uses them, opened by the backend's entry point
 * ({@code RedisStorage.open}, {@code EmbeddedDatabase.open}) and closed as one. Every store is an
 * interface of {@link dev.shortcode.core.store}; the classes behind them are the backend's own.
 *
 * @param kind        what it is, for people and readiness: {@code embedded}, {@code redis+hbase}
 * @param blockSource where the issuer leases id blocks
 * @param hotStore    live links with their sliding TTL; creates, updates and deletes go here
 * @param archive     every link ever made, and the daily issue counts
 * @param resolver    the read path: hot store, then the archive
 * @param apiKeys     the API keys given to clients
 * @param idempotency what each Idempotency-Key made
 * @param health      whether each dependency answers now, and which are essential; completes
 *                    within a second or two, never fails
 * @param writerStats the embedded writer's counters, for metrics; empty for other backends
 * @param closer      closes everything above, in the right order
 * @param moderation  deny-list rules, disabled links, abuse reports (durable, like the archive)
 * @param footprint   what the stores hold and cost, measured by sampling (for capacity planning),
 *                    with the given sampling bounds
 * @param clicks      click statistics per link and owner
 * @param rateLimits  the API keys' rate limits and quotas: shared by all nodes where the backend
 *                    can (Redis), else this node's
 * @param linkIndex   an owner's links by time, tag and external id, for listings (in the archive)
 * @param externalIds which code holds each owner's external id
 * @param webhooks    the registered webhooks and their positions in the journal
 * @param events      the journal of the events webhooks are sent
 * @param domains     the branded domains besides the default one
 * @param clickCaps   the human clicks served by links with a click limit
 * @param deliveries  each webhook's recent deliveries
 */
public record Storage(String kind, BlockSource blockSource, HotStore hotStore, Archive archive, LinkResolver resolver,
        ApiKeyStore apiKeys, IdempotencyStore idempotency, Supplier<CompletionStage<StorageHealth>> health,
        Optional<Supplier<WriterStats>> writerStats, AutoCloseable closer, ModerationStore moderation,
        Function<SamplingOptions, StorageFootprint> footprint, ClickStore clicks, RateLimits rateLimits,
        LinkIndex linkIndex, ExternalIds externalIds,
        WebhookStore webhooks, EventJournal events, DomainStore domains, ClickCaps clickCaps, DeliveryLog deliveries)
        implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Storage.class.getName());

    public Storage {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(blockSource, "blockSource");
        Objects.requireNonNull(hotStore, "hotStore");
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(resolver, "resolver");
        Objects.requireNonNull(apiKeys, "apiKeys");
        Objects.requireNonNull(idempotency, "idempotency");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(writerStats, "writerStats");
        Objects.requireNonNull(closer, "closer");
        Objects.requireNonNull(moderation, "moderation");
        Objects.requireNonNull(footprint, "footprint");
        Objects.requireNonNull(clicks, "clicks");
        Objects.requireNonNull(rateLimits, "rateLimits");
        Objects.requireNonNull(linkIndex, "linkIndex");
        Objects.requireNonNull(externalIds, "externalIds");
        Objects.requireNonNull(webhooks, "webhooks");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(domains, "domains");
        Objects.requireNonNull(clickCaps, "clickCaps");
        Objects.requireNonNull(deliveries, "deliveries");
    }

    @Override
    public void close() {
        try {
            closer.close();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "closing the " + kind + " storage failed", e);
        }
    }
}
