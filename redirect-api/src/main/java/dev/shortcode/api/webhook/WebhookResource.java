package dev.shortcode.api.webhook;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookEventType;
import io.smallrye.common.annotation.Blocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Webhook endpoints: registered by a key with {@code webhooks:write} (admin keys have it), they
 * receive signed messages about that key's links, or every link for an admin's. A key sees and
 * changes only its own webhooks (another key's answer 404); an admin sees all.
 */
@SecurityRequirement(name = "apiKey")
@Path("/api/v1/webhooks")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
@Tag(name = ApiTags.WEBHOOKS)
public class WebhookResource {

    /** Webhooks one key may register. */
    static final int MAX_PER_KEY = 25;
    private static final String ALL_EVENTS = Arrays.stream(WebhookEventType.values()).map(WebhookEventType::label)
            .collect(Collectors.joining(", "));

    @Inject
    WebhookRegistry registry;

    @Inject
    WebhookUrls urls;

    @Inject
    WebhookDispatcher dispatcher;

    @Schema(description = "A webhook to register")
    public record NewWebhook(
            @Schema(description = "Where messages are POSTed: a public http(s) URL", required = true, examples = "https://crm.example/hooks/shortcode") String url,
            @Schema(description = "What to send: link.created, link.updated, link.deleted, link.disabled, link.enabled, link.clicked, key.quota_threshold",
                    required = true, examples = "[\"link.created\", \"link.deleted\"]") List<String> events,
            @Schema(description = "Send up to 1,000 events or 1 s of them per message ({\"type\": \"batch\", \"events\": [...]})") Boolean batch) {}

    @Schema(description = "Changes to a webhook; absent fields stay")
    public record WebhookChange(String url, List<String> events, Boolean batch,
            @Schema(description = "true enables a disabled webhook again (clearing its reason); false disables it") Boolean enabled) {}

    @Schema(description = "A registered webhook")
    public record WebhookView(@Schema(required = true, examples = "wh_3f9a0c1d2e4b") String id, @Schema(required = true) String url,
            @Schema(required = true) List<String> events, boolean batch, boolean enabled,
            @Schema(description = "Why it is disabled; absent while enabled") String disabledReason,
            @Schema(required = true) Instant createdAt,
            @Schema(description = "The signing secret (Standard Webhooks); in the answer to the registration only") String secret) {}

    @POST
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "createWebhook", summary = "Register a webhook",
            description = "The answer carries the signing secret, whsec_ + base64; it is never shown again.")
    @APIResponse(responseCode = "201", description = "Registered; events from now on are sent to it",
            content = @Content(schema = @Schema(implementation = WebhookView.class)))
    @APIResponse(responseCode = "400", description = "A missing or invalid field, named in the detail; nothing was registered",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "The API key lacks the webhooks:write scope",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> create(NewWebhook request, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        Webhook webhook;
        try {
            if (request == null) {
                throw invalid("the body must be a JSON object with url and events");
            }
            String url = urls.normalise(request.url());
            Set<WebhookEventType> events = events(request.events());
            long owned = registry.webhooks().stream().filter(w -> w.ownerKeyId().equals(key.id())).count();
            if (owned >= MAX_PER_KEY) {
                throw invalid("this key has " + owned + " webhooks; at most " + MAX_PER_KEY + " are allowed");
            }
            webhook = new Webhook("wh_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16), key.id(), isAdmin(key), url,
                    events, Boolean.TRUE.equals(request.batch()), WebhookSigner.newSecret(), Clock.systemUTC().millis(), "", 0);
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return registry.store().add(webhook).thenCompose(added -> registry.changedHere())
                .thenApply(v -> Response.status(201).entity(view(webhook, true)).build());
    }

    @GET
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "listWebhooks", summary = "List webhooks", description = "This key's webhooks; every webhook for an admin key.")
    @APIResponse(responseCode = "200", description = "The webhooks, oldest first",
            content = @Content(schema = @Schema(implementation = WebhookView[].class)))
    public CompletionStage<List<WebhookView>> list(@Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return registry.changed().thenApply(v -> registry.webhooks().stream().filter(w -> visible(w, key)).map(w -> view(w, false)).toList());
    }

    @GET
    @Path("/{id}")
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "getWebhook", summary = "Read a webhook")
    @APIResponse(responseCode = "200", description = "The webhook", content = @Content(schema = @Schema(implementation = WebhookView.class)))
    @APIResponse(responseCode = "404", description = "No webhook of this key has the id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<WebhookView> get(@PathParam("id") String id, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return registry.changed().thenApply(v -> view(find(id, key), false));
    }

    @PATCH
    @Path("/{id}")
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "updateWebhook", summary = "Change a webhook", description = "Its URL, events or batching; enable or disable it.")
    @APIResponse(responseCode = "200", description = "Changed", content = @Content(schema = @Schema(implementation = WebhookView.class)))
    @APIResponse(responseCode = "400", description = "An invalid field, named in the detail; nothing was changed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No webhook of this key has the id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<WebhookView> update(@PathParam("id") String id, WebhookChange change, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        String url;
        Set<WebhookEventType> events;
        try {
            if (change == null) {
                throw invalid("the body must be a JSON object");
            }
            url = change.url() == null ? null : urls.normalise(change.url());
            events = change.events() == null ? null : events(change.events());
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return registry.changed().thenCompose(v -> {
            find(id, key);
            return registry.store().update(id, w -> {
                Webhook next = w.changed(url == null ? w.url() : url, events == null ? w.events() : events,
                        change.batch() == null ? w.batch() : change.batch());
                if (Boolean.TRUE.equals(change.enabled())) {
                    next = next.enabledAgain();
                } else if (Boolean.FALSE.equals(change.enabled()) && next.enabled()) {
                    next = next.disabled("disabled by its owner");
                }
                return next;
            });
        }).thenCompose(updated -> registry.changedHere().thenApply(v -> view(updated.orElseThrow(() -> notFound(id)), false)));
    }

    @DELETE
    @Path("/{id}")
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook", description = "Nothing more is sent to it, queued messages included.")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "404", description = "No webhook of this key has the id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> delete(@PathParam("id") String id, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return registry.changed().thenCompose(v -> {
            find(id, key);
            return registry.store().remove(id);
        }).thenCompose(removed -> registry.changedHere()).thenCompose(v -> dispatcher.forget(id)).thenApply(v -> Response.noContent().build());
    }

    @GET
    @Path("/{id}/deliveries")
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "listWebhookDeliveries", summary = "Recent deliveries of a webhook",
            description = "The last 100 messages sent to it, by whichever node sent them, newest first: status, attempts, last answer.")
    @APIResponse(responseCode = "200", description = "The deliveries", content = @Content(schema = @Schema(implementation = Delivery[].class)))
    @APIResponse(responseCode = "404", description = "No webhook of this key has the id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<List<Delivery>> deliveries(@PathParam("id") String id, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return registry.changed().thenCompose(v -> {
            find(id, key);
            return dispatcher.deliveries(id);
        });
    }

    @POST
    @Path("/{id}/deliveries/{did}/retry")
    @RequiresScope(Scope.WEBHOOKS_WRITE)
    @Operation(operationId = "retryWebhookDelivery", summary = "Send a failed delivery again",
            description = "One more attempt, with the same webhook-id, by the node that delivers to the webhook (within about 2 s when that is another node).")
    @APIResponse(responseCode = "202", description = "Queued")
    @APIResponse(responseCode = "404", description = "No failed delivery of this webhook has the id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> retry(@PathParam("id") String id, @PathParam("did") String deliveryId, @Context RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return registry.changed().thenCompose(v -> {
            find(id, key);
            return dispatcher.retry(id, deliveryId);
        }).thenApply(queued -> {
            if (!queued) {
                throw new NotFoundException("webhook " + Echo.of(id) + " has no failed delivery '" + Echo.of(deliveryId) + "'");
            }
            return Response.accepted().build();
        });
    }

    private Webhook find(String id, ApiKey key) {
        return registry.webhooks().stream().filter(w -> w.id().equals(id) && visible(w, key)).findFirst().orElseThrow(() -> notFound(id));
    }

    private static boolean visible(Webhook w, ApiKey key) {
        return isAdmin(key) || w.ownerKeyId().equals(key.id());
    }

    private static boolean isAdmin(ApiKey key) {
        return key.scopes().contains(Scope.ADMIN);
    }

    private static NotFoundException notFound(String id) {
        return new NotFoundException("no webhook has the id '" + Echo.of(id) + "'");
    }

    static Set<WebhookEventType> events(List<String> labels) {
        if (labels == null || labels.isEmpty()) {
            throw invalid("events is required: a non-empty list of " + ALL_EVENTS);
        }
        Set<WebhookEventType> events = EnumSet.noneOf(WebhookEventType.class);
        for (String label : labels) {
            try {
                events.add(WebhookEventType.ofLabel(label));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw invalid("events holds '" + Echo.of(String.valueOf(label)) + "', which is none of " + ALL_EVENTS);
            }
        }
        return events;
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-webhook", detail);
    }

    private static WebhookView view(Webhook w, boolean withSecret) {
        return new WebhookView(w.id(), w.url(), w.events().stream().map(WebhookEventType::label).sorted().toList(), w.batch(), w.enabled(),
                w.enabled() ? null : w.disabledReason(), Instant.ofEpochMilli(w.createdAtMillis()), withSecret ? w.secret() : null);
    }
}
