package dev.shortcode.api.webhook;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.EventJournal.EventFilter;
import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.core.store.WebhookStore;
import dev.shortcode.core.store.ApiKey;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The webhooks as this node sees them: a snapshot of the store, re-read every few seconds and at
 * once after a change made here. Each snapshot also tells the journal which events to record, so
 * that links nobody listens to cost no event.
 *
 * <p>A webhook speaks for the API key that registered it: once that key is revoked or has expired,
 * the webhook is disabled (stored, with the reason, so its listing says why) and its events are no
 * longer recorded or sent. Every node finds this at its next re-read; the writes are idempotent.
 */
public final class WebhookRegistry implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WebhookRegistry.class.getName());

    private final WebhookStore store;
    private final EventJournal journal;
    /** The API keys, to find webhooks whose owner can no longer speak. */
    private final Supplier<CompletionStage<List<ApiKey>>> keys;
    private final Clock clock;
    private final ScheduledExecutorService refresher;
    private volatile List<Webhook> snapshot = List.of();

    /** A registry that does not look at the owners' keys (tests of delivery alone). */
    public WebhookRegistry(WebhookStore store, EventJournal journal, Duration refresh) {
        this(store, journal, refresh, () -> CompletableFuture.completedFuture(List.of()), Clock.systemUTC());
    }

    public WebhookRegistry(WebhookStore store, EventJournal journal, Duration refresh, Supplier<CompletionStage<List<ApiKey>>> keys,
            Clock clock) {
        this.store = store;
        this.journal = journal;
        this.keys = keys;
        this.clock = clock;
        changed().toCompletableFuture().join(); // the filter is in place before the first request
        this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-webhook-registry");
            t.setDaemon(true);
            return t;
        });
        refresher.scheduleWithFixedDelay(this::refresh, refresh.toMillis(), refresh.toMillis(), TimeUnit.MILLISECONDS);
    }

    public WebhookStore store() {
        return store;
    }

    public List<Webhook> webhooks() {
        return snapshot;
    }

    /** Re-reads the store; completes once the new snapshot and the journal's filter are in place. */
    public CompletionStage<Void> changed() {
        // The version first: a change after it raises it again, so the filter is never taken for newer than it is.
        return journal.version().thenCompose(version -> store.webhooks().thenCompose(this::withoutSilencedOwners)
                .thenAccept(webhooks -> install(webhooks, version)));
    }

    /** The webhooks, those of revoked or expired keys disabled (in the store too). */
    private CompletionStage<List<Webhook>> withoutSilencedOwners(List<Webhook> webhooks) {
        if (webhooks.stream().noneMatch(Webhook::enabled)) {
            return CompletableFuture.completedFuture(webhooks);
        }
        return keys.get().thenCompose(all -> {
            long now = clock.millis();
            Map<String, String> silenced = new HashMap<>();
            for (ApiKey key : all) {
                if (key.revoked()) {
                    silenced.put(key.id(), "its API key " + key.id() + " was revoked");
                } else if (key.expiredAt(now)) {
                    silenced.put(key.id(), "its API key " + key.id() + " expired");
                }
            }
            List<Webhook> result = new ArrayList<>(webhooks.size());
            List<CompletableFuture<?>> writes = new ArrayList<>();
            for (Webhook w : webhooks) {
                String reason = w.enabled() ? silenced.get(w.ownerKeyId()) : null;
                if (reason == null) {
                    result.add(w);
                } else {
                    result.add(w.disabled(reason));
                    writes.add(store.update(w.id(), current -> current.enabled() ? current.disabled(reason) : current).toCompletableFuture());
                    LOG.log(Level.INFO, "webhook {0} disabled: {1}", w.id(), reason);
                }
            }
            return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).thenApply(v -> result);
        });
    }

    /** After a change of the store made here: tells every node, then re-reads. */
    public CompletionStage<Void> changedHere() {
        return journal.webhooksChanged().thenCompose(v -> changed());
    }

    private void refresh() {
        try {
            changed().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "re-reading the webhooks failed; keeping the last snapshot: {0}", e.toString());
        }
    }

    private void install(List<Webhook> webhooks, long version) {
        snapshot = List.copyOf(webhooks);
        journal.filter(filterOf(webhooks), version);
    }

    /** Which events anyone wants: per owner, and what admins' webhooks want of every owner. */
    static EventFilter filterOf(List<Webhook> webhooks) {
        Set<WebhookEventType> everyone = EnumSet.noneOf(WebhookEventType.class);
        Map<String, Set<WebhookEventType>> byOwner = new HashMap<>();
        for (Webhook w : webhooks) {
            if (!w.enabled()) {
                continue;
            }
            (w.admin() ? everyone : byOwner.computeIfAbsent(w.ownerKeyId(), o -> EnumSet.noneOf(WebhookEventType.class))).addAll(w.events());
        }
        if (everyone.isEmpty() && byOwner.isEmpty()) {
            return EventFilter.NONE;
        }
        return (type, owner) -> everyone.contains(type) || byOwner.getOrDefault(owner, Set.of()).contains(type);
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }
}
