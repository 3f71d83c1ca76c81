package dev.shortcode.api.moderation;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.LinkDisable;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shortcode.core.Storage;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WebhookEventType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Admins take single links out of service (410 on every node within a few seconds) and put them
 * back; the link's record is kept.
 *
 * <p>A disable belongs to the code, not to the link: when the owner deletes a disabled link, its
 * short URL still answers 410 and its alias cannot be taken again (a create answers 410
 * {@code link-disabled}), and the link's abuse reports stay listed. Enable is also the release:
 * on a code whose link was deleted it lifts the block, and the alias is free again.
 */
@SecurityRequirement(name = "apiKey")
@Path("/api/v1/links/{code}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.MODERATION)
public class LinkModerationResource {

    @Inject
    Moderation moderation;

    @Inject
    LinkResolver resolver;

    @Inject
    Storage storage;

    public record DisableRequest(String reason) {}

    public record DisabledView(String code, String reason, String by, Instant at) {}

    @POST
    @Path("/disable")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "disableLink", summary = "Disable a link", description = "It answers 410 Gone with a page saying so; the record and the reason are kept.")
    @APIResponse(responseCode = "200", description = "Disabled", content = @Content(schema = @Schema(implementation = DisabledView.class)))
    @APIResponse(responseCode = "404", description = "No live link has the code",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<DisabledView> disable(@PathParam("code") String code, DisableRequest request, @Context RoutingContext routing) {
        ApiKey admin = routing.get(ApiKeyFilter.KEY);
        LinkDisable disable = new LinkDisable(code, request == null ? "" : request.reason(), admin == null ? "unknown" : admin.id(),
                Clock.systemUTC().millis());
        return resolver.loadForEdit(code).thenCompose(found -> {
            if (found.isEmpty()) {
                throw new NotFoundException("no live link has the code '" + Echo.of(code) + "'");
            }
            return moderation.store().disable(disable).thenCompose(v -> recordEvent(WebhookEventType.LINK_DISABLED, found.get(), disable.reason()));
        }).thenCompose(v -> moderation.changed())
                .thenApply(v -> new DisabledView(code, disable.reason(), disable.by(), Instant.ofEpochMilli(disable.atMillis())));
    }

    @POST
    @Path("/enable")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "enableLink", summary = "Put a disabled link back in service",
            description = "On a code whose link was deleted while disabled, releases the code: its alias may be taken again.")
    @APIResponse(responseCode = "204", description = "Enabled")
    @APIResponse(responseCode = "404", description = "The link is not disabled",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> enable(@PathParam("code") String code) {
        // The event goes first: a node that dies before the change leaves the link disabled and
        // the request unanswered, and its retry records the event again and makes the change; the
        // other way round, the retry would find nothing disabled and the event would be lost.
        return moderation.store().disabled(code).thenCompose(disabled -> {
            if (disabled.isEmpty()) {
                throw new NotFoundException("link '" + Echo.of(code) + "' is not disabled");
            }
            return resolver.loadForEdit(code).thenCompose(link -> link.isEmpty() ? CompletableFuture.<Void>completedFuture(null)
                    : recordEvent(WebhookEventType.LINK_ENABLED, link.get(), null));
        }).thenCompose(v -> moderation.store().enable(code)).thenCompose(enabled -> {
            if (!enabled) {
                throw new NotFoundException("link '" + Echo.of(code) + "' is not disabled");
            }
            return moderation.changed();
        }).thenApply(v -> Response.noContent().build());
    }

    /**
     * For webhooks (the journal drops it when nobody subscribes). A disable records it after the
     * change and before the answer: an acknowledged change always has its event, and a retry of
     * an unanswered one (the change is idempotent) records it again.
     */
    private CompletionStage<Void> recordEvent(WebhookEventType type, LinkRecord link, String reason) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        if (reason != null) {
            data.put("reason", reason);
        }
        return storage.events().append(List.of(new LinkEvent(type, Clock.systemUTC().millis(), link.ownerKeyId(), link.code(), data.toString())));
    }
}
