package dev.shortcode.api.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.auth.KeyRevoked;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.core.Storage;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Builds the webhook registry and the dispatcher once, starts delivering at start, and stops at shutdown. */
@ApplicationScoped
public class WebhookWiring {

    @Produces
    @Singleton
    WebhookUrls urls(ServiceOptions settings) {
        return new WebhookUrls(settings.webhooks().allowInternalAddresses());
    }

    /** Re-read as often as the deny-list: both are small shared records every node keeps a snapshot of. */
    @Produces
    @Singleton
    WebhookRegistry registry(Storage storage, ServiceOptions settings) {
        return new WebhookRegistry(storage.webhooks(), storage.events(), settings.denylist().refresh(), storage.apiKeys()::list,
                Clock.systemUTC());
    }

    void closeRegistry(@Disposes WebhookRegistry registry) {
        registry.close();
    }

    @Produces
    @Singleton
    WebhookDispatcher dispatcher(WebhookRegistry registry, Storage storage, ObjectMapper json, LinkViews views, WebhookUrls urls, Vertx vertx,
            MeterRegistry meters) {
        WebhookDispatcher dispatcher = new WebhookDispatcher(registry, storage.events(), storage.deliveries(), json,
                new WebhookMessages(json, views), urls, vertx, Clock.systemUTC());
        Gauge.builder("shortcode.webhooks.backlog", dispatcher, WebhookDispatcher::backlog)
                .description("Events recorded and not yet sent to every webhook").register(meters);
        return dispatcher;
    }

    void closeDispatcher(@Disposes WebhookDispatcher dispatcher) {
        dispatcher.close();
    }

    /** A revoked key's webhooks are disabled on this node at once; other nodes find it at their next re-read. */
    void keyRevoked(@Observes KeyRevoked revoked, WebhookRegistry registry) {
        registry.changedHere();
    }

    /** Delivery starts with the service, not with the first webhook request. */
    void start(@Observes StartupEvent event, WebhookDispatcher dispatcher) {}
}
