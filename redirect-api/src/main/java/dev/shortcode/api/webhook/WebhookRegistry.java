package dev.shortcode.api.webhook;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.EventJournal.EventFilter;
import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.core.store.WebhookStore;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The webhooks as this node sees them: a snapshot of the store, re-read every few seconds and at
 * once after a change made here. Each snapshot also tells the journal which events to record, so
 * that links nobody listens to cost no event.
 */
public final class WebhookRegistry implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WebhookRegistry.class.getName());

    private final WebhookStore store;
    private final EventJournal journal;
    private final ScheduledExecutorService refresher;
    private volatile List<Webhook> snapshot = List.of();

    public WebhookRegistry(WebhookStore store, EventJournal journal, Duration refresh) {
        this.store = store;
        this.journal = journal;
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
        return journal.version().thenCompose(version -> store.webhooks().thenAccept(webhooks -> install(webhooks, version)));
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
