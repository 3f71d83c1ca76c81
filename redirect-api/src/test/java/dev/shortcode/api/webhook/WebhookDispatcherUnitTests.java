package dev.shortcode.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.core.store.WebhookStore;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The dispatcher's rules over time, on a clock the test moves: a day of retries, three days of failures. */
class WebhookDispatcherUnitTests {

    private static final long DAY = 24 * 3600_000L;

    private final AtomicLong now = new AtomicLong(Instant.parse("2026-12-06T00:00:00Z").toEpochMilli());
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now.get());
        }
    };
    private final Vertx vertx = Vertx.vertx();
    private final AtomicInteger requests = new AtomicInteger();
    private final MemoryStore store = new MemoryStore();
    private final MemoryJournal journal = new MemoryJournal();
    private WebhookRegistry registry;
    private WebhookDispatcher dispatcher;
    /** A second node's: it shares the store, the journal and the delivery log, and never holds the webhook. */
    private WebhookRegistry otherRegistry;
    private WebhookDispatcher other;
    private dev.shortcode.core.Storage shared;

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    @AfterEach
    void close() throws Exception {
        if (other != null) {
            other.close();
            otherRegistry.close();
        }
        dispatcher.close();
        registry.close();
        if (shared != null) {
            shared.close();
        }
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private void start(int status) throws Exception {
        start(status, dev.shortcode.core.store.DeliveryLog.NONE);
    }

    private void start(int status, dev.shortcode.core.store.DeliveryLog deliveries) throws Exception {
        HttpServer server = vertx.createHttpServer().requestHandler(r -> {
            requests.incrementAndGet();
            r.response().setStatusCode(status).end();
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        store.add(new Webhook("wh_1", "k_admin", true, "http://127.0.0.1:" + server.actualPort() + "/in", Set.of(WebhookEventType.LINK_CLICKED),
                false, WebhookSigner.newSecret(), now.get() - 1, "", 0));
        registry = new WebhookRegistry(store, journal, Duration.ofMillis(100));
        dispatcher = new WebhookDispatcher(registry, journal, deliveries, new ObjectMapper().findAndRegisterModules(),
                new WebhookMessages(new ObjectMapper(), new LinkViews("http://sho.rt", clock)), new WebhookUrls(true), vertx, clock);
    }

    private void event() {
        journal.append(List.of(new LinkEvent(WebhookEventType.LINK_CLICKED, now.get(), "k1", "abc", "{\"clicks\":1}")));
    }

    @Test
    void anEndpointFailingForThreeDays_isDisabledWithAReason() throws Exception {
        start(500);
        event();
        await().atMost(Duration.ofSeconds(10)).until(() -> store.get().failingSinceMillis() != 0);
        now.addAndGet(3 * DAY + 1);
        event();
        await().atMost(Duration.ofSeconds(10)).until(() -> !store.get().enabled());
        assertThat(store.get().disabledReason()).startsWith("every delivery failed for 3 days").contains("HTTP 500");
    }

    @Test
    void aMessage_isGivenUpOnceItsEventIsADayOld_andTheNextIsSent() throws Exception {
        start(503);
        event();
        await().atMost(Duration.ofSeconds(10)).until(() -> requests.get() == 1);
        now.addAndGet(DAY);
        event();
        await().atMost(Duration.ofSeconds(10)).until(() -> dispatcher.deliveries("wh_1").toCompletableFuture().join().stream().anyMatch(d -> d.status().equals("failed")));
        await().atMost(Duration.ofSeconds(10)).until(() -> requests.get() >= 2);
        // The second message's answer is recorded after the receiver answered: wait for it, not for the request alone.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(dispatcher.deliveries("wh_1").toCompletableFuture().join()).extracting(Delivery::status).contains("failed", "retrying"));
    }

    /**
     * A delivery given up on the node that delivers, retried through another node: that node finds
     * it failed in the shared delivery log and asks for it, and the delivering node sends it again
     * (with the same delivery), while an id no failed delivery has is refused.
     */
    @Test
    void aRetryAskedOnAnotherNode_isSentByTheNodeThatDelivers() throws Exception {
        dev.shortcode.core.config.IssuerOptions issuer = dev.shortcode.core.config.IssuerOptions.builder().secret("dispatcher unit test secret")
                .pool(dev.shortcode.core.config.PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(1))).build();
        shared = dev.shortcode.core.embedded.EmbeddedStorage.open(dev.shortcode.core.embedded.EmbeddedOptions.defaults(dir), issuer,
                dev.shortcode.core.read.ColdReadOptions.DEFAULTS);
        start(503, shared.deliveries());
        EventJournal notHolding = new MemoryJournal() {
            @Override
            public CompletionStage<Boolean> claim(String webhookId, String holder, long ttlMillis) {
                return CompletableFuture.completedFuture(false);
            }
        };
        otherRegistry = new WebhookRegistry(store, notHolding, Duration.ofMillis(100));
        other = new WebhookDispatcher(otherRegistry, notHolding, shared.deliveries(), new ObjectMapper().findAndRegisterModules(),
                new WebhookMessages(new ObjectMapper(), new LinkViews("http://sho.rt", clock)), new WebhookUrls(true), vertx, clock);
        event();
        await().atMost(Duration.ofSeconds(10)).until(() -> requests.get() == 1);
        now.addAndGet(DAY);
        await().atMost(Duration.ofSeconds(10)).until(() -> other.deliveries("wh_1").toCompletableFuture().join().stream()
                .anyMatch(d -> d.status().equals("failed")));
        Delivery failed = other.deliveries("wh_1").toCompletableFuture().join().stream().filter(d -> d.status().equals("failed"))
                .findFirst().orElseThrow();
        int before = requests.get();

        assertThat(other.retry("wh_1", "dlv_no_such").toCompletableFuture().join()).isFalse();
        assertThat(other.retry("wh_1", failed.id()).toCompletableFuture().join()).isTrue();
        now.addAndGet(WebhookDispatcher.CLAIM_RENEW_MILLIS); // the delivering node renews its claim, and takes the retries asked

        await().atMost(Duration.ofSeconds(10)).until(() -> requests.get() > before);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(dispatcher.deliveries("wh_1").toCompletableFuture().join())
                .filteredOn(d -> d.id().equals(failed.id())).singleElement()
                .satisfies(d -> assertThat(d.attempts()).isGreaterThan(failed.attempts())));
    }

    private final class MemoryStore implements WebhookStore {
        final Map<String, Webhook> webhooks = new ConcurrentHashMap<>();
        final Map<String, Long> positions = new ConcurrentHashMap<>();

        Webhook get() {
            return webhooks.get("wh_1");
        }

        @Override
        public CompletionStage<List<Webhook>> webhooks() {
            return CompletableFuture.completedFuture(new ArrayList<>(webhooks.values()));
        }

        @Override
        public CompletionStage<Boolean> add(Webhook webhook) {
            return CompletableFuture.completedFuture(webhooks.putIfAbsent(webhook.id(), webhook) == null);
        }

        @Override
        public CompletionStage<Optional<Webhook>> update(String id, UnaryOperator<Webhook> change) {
            return CompletableFuture.completedFuture(Optional.ofNullable(webhooks.computeIfPresent(id, (k, w) -> change.apply(w))));
        }

        @Override
        public CompletionStage<Boolean> remove(String id) {
            return CompletableFuture.completedFuture(webhooks.remove(id) != null);
        }

        @Override
        public CompletionStage<OptionalLong> position(String id) {
            Long p = positions.get(id);
            return CompletableFuture.completedFuture(p == null ? OptionalLong.empty() : OptionalLong.of(p));
        }

        @Override
        public CompletionStage<Void> advance(String id, long sequence) {
            positions.put(id, sequence);
            return CompletableFuture.completedFuture(null);
        }
    }

    private static class MemoryJournal implements EventJournal {
        final ConcurrentSkipListMap<Long, LinkEvent> entries = new ConcurrentSkipListMap<>();
        final AtomicLong last = new AtomicLong();

        @Override
        public void filter(EventFilter filter) {}

        @Override
        public CompletionStage<Void> append(List<LinkEvent> events) {
            events.forEach(e -> entries.put(last.incrementAndGet(), e));
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<Entry>> read(long afterSequence, int max) {
            return CompletableFuture.completedFuture(entries.tailMap(afterSequence, false).entrySet().stream().limit(max)
                    .map(e -> new Entry(e.getKey(), e.getValue())).toList());
        }

        @Override
        public CompletionStage<Void> trim(long sequence) {
            entries.headMap(sequence, true).clear();
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public long backlog() {
            return entries.size();
        }
    }
}
