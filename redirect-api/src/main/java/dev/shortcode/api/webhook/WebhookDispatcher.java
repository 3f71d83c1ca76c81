package dev.shortcode.api.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.core.store.DeliveryLog;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookStore;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sends the journal's events to the webhooks, at least once each, in journal order per webhook.
 *
 * <p>Each webhook has a {@link Lane}: a position in the journal (stored, so a restart resumes
 * where delivery stopped; an event sent just before a kill may be sent again), and at most one
 * message in flight. A message that fails is retried on the {@link RetrySchedule}, the lane
 * waiting behind it (so events stay in order); after 24 hours it is given up and the lane moves on;
 * an endpoint failing for three days is disabled with a reason. The journal is trimmed behind the
 * slowest enabled webhook. The 24 hours count from an event's time, and events older than that
 * are passed over unsent, so a receiver back after days gets the last day, not the whole outage.
 *
 * <p>Where several nodes deliver (Redis), a node works a lane only while it holds the webhook's
 * claim in the journal ({@link EventJournal#claim}, renewed every {@value #CLAIM_RENEW_MILLIS} ms,
 * lost {@value #CLAIM_TTL_MILLIS} ms after its node stops): any node may deliver, one at a time,
 * so no message is sent twice by two nodes for one attempt. A node that takes a lane over starts
 * from the stored position. The journal is trimmed behind the lowest stored position.
 *
 * <p>One thread runs every lane's logic; requests go out on Vert.x's event loop and their answers
 * come back to that thread.
 */
public final class WebhookDispatcher implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WebhookDispatcher.class.getName());

    static final int BATCH_MAX = 1_000;
    static final long BATCH_WINDOW_MILLIS = 1_000;
    static final long REQUEST_TIMEOUT_MILLIS = 5_000;
    static final long DISABLE_AFTER_MILLIS = 3 * 24 * 3600_000L;
    private static final long TICK_MILLIS = 100;
    /** Positions are stored at most this often per webhook (and at close): a kill re-sends at most this much. */
    private static final long SAVE_POSITION_MILLIS = 500;
    private static final int LOG_SIZE = 100;
    private static final int ANSWER_CHARS = 200;
    static final long CLAIM_TTL_MILLIS = 10_000;
    static final long CLAIM_RENEW_MILLIS = 2_000;
    private static final long TRIM_MILLIS = 5_000;

    private final WebhookRegistry registry;
    private final WebhookStore store;
    private final EventJournal journal;
    private final DeliveryLog deliveryLog;
    private final ObjectMapper json;
    private final WebhookMessages messages;
    private final WebhookUrls urls;
    private final Clock clock;
    private final HttpClient http;
    private final ScheduledExecutorService thread;
    /** Touched on {@link #thread} only. */
    private final Map<String, Lane> lanes = new HashMap<>();
    private final String node = "node-" + java.util.UUID.randomUUID();
    private long trimmedAt;

    public WebhookDispatcher(WebhookRegistry registry, EventJournal journal, WebhookMessages messages, WebhookUrls urls, Vertx vertx,
            Clock clock) {
        this(registry, journal, DeliveryLog.NONE, new ObjectMapper().findAndRegisterModules(), messages, urls, vertx, clock);
    }

    /**
     * @param deliveryLog where every node records its deliveries, so that any node shows them and a
     *                    restart keeps them; {@link DeliveryLog#NONE}: this node's only, in memory
     */
    public WebhookDispatcher(WebhookRegistry registry, EventJournal journal, DeliveryLog deliveryLog, ObjectMapper json,
            WebhookMessages messages, WebhookUrls urls, Vertx vertx, Clock clock) {
        this.deliveryLog = deliveryLog;
        this.json = json;
        this.registry = registry;
        this.store = registry.store();
        this.journal = journal;
        this.messages = messages;
        this.urls = urls;
        this.clock = clock;
        this.http = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) REQUEST_TIMEOUT_MILLIS).setForceSni(true)
                .setMaxRedirects(0).setKeepAlive(true).setMaxPoolSize(64));
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-webhooks");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * The webhook's recent deliveries, newest first, as the nodes that sent them recorded them; this
     * node's own when the log cannot be read.
     */
    public CompletionStage<List<Delivery>> deliveries(String webhookId) {
        if (deliveryLog == DeliveryLog.NONE) {
            return local(webhookId);
        }
        return deliveryLog.recent(webhookId).thenApply(entries -> {
            List<Delivery> found = new ArrayList<>(entries.size());
            for (String entry : entries) {
                try {
                    found.add(json.readValue(entry, Delivery.class));
                } catch (java.io.IOException | RuntimeException e) {
                    LOG.log(Level.DEBUG, "webhook {0}: a delivery record that does not read: {1}", webhookId, e.toString());
                }
            }
            return found;
        }).exceptionallyCompose(failure -> {
            LOG.log(Level.WARNING, "webhook {0}: the delivery log did not answer; showing this node''s: {1}", webhookId, failure.toString());
            return local(webhookId);
        });
    }

    /** The deliveries this node made since it started, newest first. */
    private CompletionStage<List<Delivery>> local(String webhookId) {
        return onThread(() -> {
            Lane lane = lanes.get(webhookId);
            return lane == null ? List.<Delivery>of() : lane.deliveries();
        });
    }

    /** Forgets a deleted webhook's deliveries. */
    public CompletionStage<Void> forget(String webhookId) {
        return deliveryLog.forget(webhookId);
    }

    /**
     * Sends a failed delivery again, once: at once when this node holds the webhook, else through
     * the delivery log, whence the node that delivers to it takes it within a claim renewal (2 s).
     * False when no failed delivery of this webhook has the id.
     */
    public CompletionStage<Boolean> retry(String webhookId, String deliveryId) {
        return onThread(() -> {
            Lane lane = lanes.get(webhookId);
            return lane != null && lane.retry(deliveryId);
        }).thenCompose(here -> here || deliveryLog == DeliveryLog.NONE ? CompletableFuture.completedFuture(here)
                : deliveries(webhookId).thenCompose(known -> known.stream()
                        .anyMatch(d -> d.id().equals(deliveryId) && d.status().equals("failed"))
                        ? deliveryLog.requestRetry(webhookId, deliveryId).thenApply(v -> true)
                        : CompletableFuture.completedFuture(false)));
    }

    /** Events recorded and not yet sent to every webhook. */
    public long backlog() {
        return journal.backlog();
    }

    /** {@code task} on the dispatcher's thread, the only one that touches the lanes; the caller does not wait for it. */
    private <T> CompletableFuture<T> onThread(java.util.function.Supplier<T> task) {
        try {
            return CompletableFuture.supplyAsync(task, thread);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("the webhook dispatcher is stopped", e));
        }
    }

    private void tick() {
        try {
            long now = clock.millis();
            Map<String, Webhook> current = new HashMap<>();
            registry.webhooks().forEach(w -> current.put(w.id(), w));
            lanes.keySet().removeIf(id -> !current.containsKey(id));
            for (Webhook w : current.values()) {
                Lane lane = lanes.computeIfAbsent(w.id(), id -> new Lane(w));
                lane.webhook = w;
                if (w.enabled() && lane.claimed(now)) {
                    lane.pump(now);
                }
            }
            if (now - trimmedAt >= TRIM_MILLIS) {
                trimmedAt = now;
                trim(current.values().stream().filter(Webhook::enabled).map(Webhook::id).toList());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "webhook dispatch failed; trying again", e);
        }
    }

    /** Behind the lowest stored position of the enabled webhooks: what every node has sent. */
    private void trim(List<String> enabled) {
        if (enabled.isEmpty()) {
            trimIdle();
            return;
        }
        List<java.util.concurrent.CompletableFuture<OptionalLong>> positions = enabled.stream()
                .map(id -> store.position(id).toCompletableFuture()).toList();
        java.util.concurrent.CompletableFuture.allOf(positions.toArray(java.util.concurrent.CompletableFuture[]::new)).thenAccept(v -> {
            long lowest = positions.stream().mapToLong(p -> p.join().orElse(0)).min().orElse(0);
            if (lowest > 0) {
                journal.trim(lowest);
            }
        });
    }

    /** With no enabled webhook, nothing waits for the journal's entries (few: the filter records nothing then). */
    private void trimIdle() {
        journal.read(0, BATCH_MAX).thenAccept(entries -> {
            if (!entries.isEmpty()) {
                journal.trim(entries.get(entries.size() - 1).sequence());
            }
        });
    }

    /** One webhook's delivery state; on {@link #thread} only. */
    private final class Lane {
        Webhook webhook;
        /** The last sequence sent or skipped; -1 until read from the store. */
        long position = -1;
        long savedPosition = -1;
        long savedAt;
        boolean busy; // loading, reading or sending
        Message message;
        final ArrayList<Delivery> log = new ArrayList<>();
        final List<Message> manualRetries = new ArrayList<>();
        final Map<String, Message> failed = new HashMap<>();
        boolean held;
        long claimedAt;
        boolean claiming;

        Lane(Webhook webhook) {
            this.webhook = webhook;
        }

        /** Whether this node holds the webhook now; renews the claim every few seconds. */
        boolean claimed(long now) {
            if (!claiming && now - claimedAt >= CLAIM_RENEW_MILLIS) {
                claiming = true;
                journal.claim(webhook.id(), node, CLAIM_TTL_MILLIS).whenComplete((ok, e) -> thread.execute(() -> {
                    claiming = false;
                    boolean holds = e == null && ok;
                    if (holds) {
                        claimedAt = clock.millis();
                        takeRetries();
                    } else {
                        claimedAt = 0;
                    }
                    if (held && !holds) {
                        // Another node took over: it starts from the stored position, and so does this one if it gets it back.
                        savePosition(clock.millis(), true);
                        position = -1;
                        message = null;
                    }
                    held = holds;
                }));
            }
            return held && now - claimedAt < CLAIM_TTL_MILLIS - CLAIM_RENEW_MILLIS;
        }

        void pump(long now) {
            if (busy) {
                return;
            }
            if (position < 0) {
                busy = true;
                store.position(webhook.id()).whenComplete((stored, e) -> thread.execute(() -> {
                    busy = false;
                    if (e != null) {
                        LOG.log(Level.WARNING, "reading the position of webhook {0} failed: {1}", webhook.id(), e.toString());
                        return;
                    }
                    position = stored.orElse(0);
                    savedPosition = position;
                }));
                return;
            }
            savePosition(now, false);
            if (message == null && !manualRetries.isEmpty()) {
                message = manualRetries.remove(0);
            }
            if (message != null) {
                if (now >= message.nextAttemptAt) {
                    send(message, now);
                }
                return;
            }
            busy = true;
            int max = webhook.batch() ? BATCH_MAX : 1;
            journal.read(position, 4 * BATCH_MAX).whenComplete((entries, e) -> thread.execute(() -> {
                busy = false;
                if (e != null) {
                    LOG.log(Level.WARNING, "reading the webhook journal failed: {0}", e.toString());
                    return;
                }
                collect(entries, max, clock.millis());
            }));
        }

        /** Takes the next message's events from what was read; entries the webhook does not want are passed over. */
        private void collect(List<EventJournal.Entry> entries, int max, long now) {
            List<LinkEvent> events = new ArrayList<>();
            long through = position;
            long firstSequence = 0;
            long expired = 0;
            for (EventJournal.Entry entry : entries) {
                LinkEvent e = entry.event();
                if (now - e.atMillis() >= RetrySchedule.GIVE_UP_AFTER_MILLIS) {
                    expired++; // older than a day: given up unsent, so a receiver back after days is not sent days of backlog
                    through = entry.sequence();
                    continue;
                }
                if (e.atMillis() >= webhook.createdAtMillis() && webhook.wants(e.type(), e.ownerKeyId())) {
                    if (events.size() == max) {
                        break;
                    }
                    if (events.isEmpty()) {
                        firstSequence = entry.sequence();
                    }
                    events.add(e);
                }
                through = entry.sequence();
            }
            if (expired > 0) {
                LOG.log(Level.WARNING, "webhook {0}: {1} events older than a day given up unsent", webhook.id(), expired);
            }
            if (events.isEmpty()) {
                position = through; // nothing for this webhook up to there
                return;
            }
            boolean full = events.size() == max || entries.size() == 4 * BATCH_MAX;
            if (webhook.batch() && !full && now - events.get(0).atMillis() < BATCH_WINDOW_MILLIS) {
                return; // a batch waits up to a second for company
            }
            String id = webhook.batch() ? "msg_" + firstSequence + "_" + through : "msg_" + firstSequence;
            byte[] body = webhook.batch() ? messages.batch(events) : messages.single(events.get(0));
            // Named after its first event, so that a node taking the webhook over and sending it again keeps its id.
            message = new Message("dlv_" + webhook.id().substring(3) + "_" + firstSequence, id, events.size(), body, through, now,
                    events.get(0).atMillis());
            record(message, "pending", null);
            send(message, now);
        }

        private void send(Message m, long now) {
            busy = true;
            m.attempts++;
            m.lastAttemptAt = now;
            URI uri = URI.create(webhook.url());
            boolean https = uri.getScheme().equals("https");
            int port = uri.getPort() > 0 ? uri.getPort() : https ? 443 : 80;
            InetAddress address;
            try {
                address = urls.resolve(uri.getHost());
            } catch (WebhookUrls.RefusedAddressException e) {
                failed(m, e.getMessage(), now);
                busy = false;
                return;
            }
            long seconds = now / 1000;
            String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
                    .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                    .setHost(uri.getHost()).setPort(port).setSsl(https)
                    .setURI(uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery())
                    .setFollowRedirects(false).setTimeout(REQUEST_TIMEOUT_MILLIS)
                    .putHeader("content-type", "application/json")
                    .putHeader("user-agent", "shortcode-webhooks")
                    .putHeader("webhook-id", m.id)
                    .putHeader("webhook-timestamp", Long.toString(seconds))
                    .putHeader("webhook-signature", WebhookSigner.sign(webhook.secret(), m.id, seconds, m.body));
            http.request(options)
                    .compose(request -> request.send(io.vertx.core.buffer.Buffer.buffer(m.body)))
                    .compose(response -> response.body().map(body -> response.statusCode() + " " + truncate(body.toString())))
                    .onComplete(result -> thread.execute(() -> {
                        busy = false;
                        long at = clock.millis();
                        if (result.failed()) {
                            failed(m, String.valueOf(result.cause().getMessage()), at);
                        } else if (result.result().startsWith("2")) {
                            succeeded(m, result.result(), at);
                        } else {
                            failed(m, "HTTP " + result.result(), at);
                        }
                    }));
        }

        private void succeeded(Message m, String answer, long now) {
            record(m, "succeeded", "HTTP " + answer);
            if (m == message) {
                message = null;
                position = Math.max(position, m.through);
            }
            failed.remove(m.deliveryId);
            if (webhook.failingSinceMillis() != 0) {
                store.update(webhook.id(), w -> w.failingSince(0)).thenCompose(w -> registry.changedHere());
            }
            pump(now); // the next one at once: a backlog drains at the receiver's pace
        }

        private void failed(Message m, String answer, long now) {
            if (webhook.failingSinceMillis() == 0) {
                webhook = webhook.failingSince(now);
                store.update(webhook.id(), w -> w.failingSinceMillis() == 0 ? w.failingSince(now) : w).thenCompose(w -> registry.changedHere());
            } else if (now - webhook.failingSinceMillis() >= DISABLE_AFTER_MILLIS) {
                String reason = "every delivery failed for 3 days; last answer: " + answer;
                store.update(webhook.id(), w -> w.disabled(reason)).thenCompose(w -> registry.changedHere());
            }
            if (m != message) {
                record(m, "failed", answer); // a manual retry: tried once
                return;
            }
            if (now - m.oldestEventAt >= RetrySchedule.GIVE_UP_AFTER_MILLIS) {
                record(m, "failed", answer);
                failed.put(m.deliveryId, m);
                message = null;
                position = Math.max(position, m.through);
                return;
            }
            m.nextAttemptAt = now + RetrySchedule.delayMillis(m.attempts);
            record(m, "retrying", answer);
        }

        private void savePosition(long now, boolean force) {
            if (position < 0 || position == savedPosition || (!force && now - savedAt < SAVE_POSITION_MILLIS)) {
                return;
            }
            long saving = position;
            savedAt = now;
            store.advance(webhook.id(), saving).whenComplete((v, e) -> thread.execute(() -> {
                if (e == null) {
                    savedPosition = Math.max(savedPosition, saving);
                }
            }));
        }

        /** The retries asked on other nodes for this webhook's deliveries: those it has failed it sends again. */
        private void takeRetries() {
            String webhookId = webhook.id();
            deliveryLog.takeRetries(webhookId).whenComplete((ids, e) -> thread.execute(() -> {
                if (e != null) {
                    LOG.log(Level.DEBUG, "webhook {0}: the retries asked could not be read: {1}", webhookId, e.toString());
                    return;
                }
                for (String id : ids) {
                    if (!retry(id)) {
                        LOG.log(Level.INFO, "webhook {0}: retry of {1} asked, but this node has no failed delivery of that id", webhookId, id);
                    }
                }
            }));
        }

        boolean retry(String deliveryId) {
            Message m = failed.remove(deliveryId);
            if (m == null) {
                return false;
            }
            m.nextAttemptAt = 0;
            manualRetries.add(m);
            return true;
        }

        private void record(Message m, String status, String answer) {
            if (answer != null) {
                m.lastAnswer = answer;
            }
            Delivery d = new Delivery(m.deliveryId, m.id, m.events, status, m.attempts, m.lastAnswer, instant(m.createdAt),
                    m.lastAttemptAt == 0 ? null : instant(m.lastAttemptAt), status.equals("retrying") ? instant(m.nextAttemptAt) : null);
            log.removeIf(old -> old.id().equals(m.deliveryId));
            log.add(0, d);
            if (log.size() > LOG_SIZE) {
                Delivery dropped = log.remove(log.size() - 1);
                failed.remove(dropped.id());
            }
            String webhookId = webhook.id();
            try {
                deliveryLog.record(webhookId, m.deliveryId, m.createdAt, json.writeValueAsString(d), LOG_SIZE).whenComplete((v, e) -> {
                    if (e != null) {
                        LOG.log(Level.DEBUG, "webhook {0}: delivery {1} not recorded: {2}", webhookId, m.deliveryId, e.toString());
                    }
                });
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                LOG.log(Level.WARNING, "webhook {0}: delivery {1} not recorded: {2}", webhookId, m.deliveryId, e.toString());
            }
        }

        List<Delivery> deliveries() {
            return List.copyOf(log);
        }
    }

    private static java.time.Instant instant(long millis) {
        return java.time.Instant.ofEpochMilli(millis);
    }

    private static String truncate(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= ANSWER_CHARS ? oneLine : oneLine.substring(0, ANSWER_CHARS) + "…";
    }

    /** One message to one webhook and its attempts. */
    private static final class Message {
        final String deliveryId;
        final String id;
        final int events;
        final byte[] body;
        /** The journal sequence the webhook has been sent once this message succeeds. */
        final long through;
        final long createdAt;
        /** When its oldest event happened: the 24 hours of retries count from there. */
        final long oldestEventAt;
        int attempts;
        long lastAttemptAt;
        long nextAttemptAt;
        String lastAnswer;

        Message(String deliveryId, String id, int events, byte[] body, long through, long createdAt, long oldestEventAt) {
            this.oldestEventAt = oldestEventAt;
            this.deliveryId = deliveryId;
            this.id = id;
            this.events = events;
            this.body = body;
            this.through = through;
            this.createdAt = createdAt;
        }
    }

    /** Stores every webhook's position (so an orderly stop re-sends nothing), then stops. */
    @Override
    public void close() {
        try {
            thread.submit(() -> {
                long now = clock.millis();
                lanes.values().forEach(lane -> {
                    if (lane.position >= 0 && lane.position != lane.savedPosition) {
                        store.advance(lane.webhook.id(), lane.position).toCompletableFuture().join();
                    }
                });
                return now;
            }).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "storing the webhooks' positions at stop failed: {0}", e.toString());
        }
        thread.shutdownNow();
        http.close();
    }
}
