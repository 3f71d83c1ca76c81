package dev.shortcode.api.link;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.BatchTooLargeException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.limit.ApiRateLimiter;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The JSON link API. Runs on the event loop: every store call is non-blocking. */
@SecurityScheme(securitySchemeName = "apiKey", type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.HEADER,
        apiKeyName = ApiKeyFilter.HEADER, description = "An API key; scopes links:read, links:write, capacity:read, admin. "
                + "Missing or unknown: 401; without the endpoint's scope: 403.")
@SecurityRequirement(name = "apiKey")
@APIResponse(responseCode = "401", description = "No API key, or an unknown, revoked or expired one", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "403", description = "The API key lacks the endpoint's scope", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "429", description = "The API key used up its requests a minute (rate-limited) or its links a day "
        + "(quota-exceeded; a batch counts its items); nothing was done; retry after Retry-After. Every answer to a limited key "
        + "carries RateLimit-Policy and RateLimit", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "503", description = "A store is unreachable or overloaded; nothing was changed; retry after Retry-After",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@Path("/api/v1/links")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.LINKS)
public class LinkResource {

    /** Largest batch: bounds one request's memory and time. */
    public static final int MAX_BATCH = 1_000;

    @Inject
    IdempotentCreator creates;

    @Inject
    BatchCreator batches;

    @Inject
    LinkReader reads;

    @Inject
    LinkEditor edits;

    @Inject
    ApiRateLimiter limits;

    /** Items are read one by one (see {@link BatchItems}): one of the wrong shape must not fail the batch. */
    public record BatchRequest(@Schema(type = SchemaType.ARRAY, implementation = CreateLinkRequest.class)
            @JsonDeserialize(using = BatchItems.Deserializer.class) BatchItems links) {}

    public record BatchResponse(List<BatchItemResult> results) {}

    @POST
    @RequiresScope(Scope.LINKS_WRITE)
    @Operation(operationId = "createLink", summary = "Create a short link", description = "ttl: an ISO-8601 duration (P30D, PT12H, P2W) or \"permanent\"; "
            + "absent: the configured default. The smallest pool whose idle TTL covers it serves it. alias: 3 to 64 of "
            + "[A-Za-z0-9_-], not a reserved word, and not shaped like an issued code (5 to 7 base62 characters), "
            + "which could collide with codes the pools issue. targets: where iOS, Android, desktop and WeChat clients go "
            + "instead of url (see DeviceTargets; each bad one a 400 naming it, e.g. targets.ios). Unknown fields are refused.")
    @APIResponse(responseCode = "201", description = "Created; Location is the short URL",
            content = @Content(schema = @Schema(implementation = LinkView.class)))
    @APIResponse(responseCode = "400", description = "Invalid url, ttl, alias, targets or body; detail says which and why",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "The alias is taken",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "The Idempotency-Key was used for a different request",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> create(CreateLinkRequest request,
            @Parameter(description = "Retries with the same key (per API key, for 24 h) return the link the first request "
                    + "made, with 201, however many race; the same key with another url, ttl or alias answers 422. 1 to 255 characters.")
            @HeaderParam("Idempotency-Key") String idempotencyKey,
            @Context RoutingContext routing) {
        if (idempotencyKey == null && routing.request().headers().contains("Idempotency-Key")) {
            idempotencyKey = ""; // sent empty (or blank, trimmed to empty): refused, not taken as absent
        }
        return creates.create(request, owner(routing), idempotencyKey, limits.quota(routing))
                .thenApply(view -> Response.created(URI.create(view.shortUrl())).entity(view).build());
    }

    @POST
    @Path("/batch")
    @RequiresScope(Scope.LINKS_WRITE)
    @Operation(operationId = "createLinks", summary = "Create up to 1,000 links", description = "Each item is a create body and succeeds or fails on its own; "
            + "results keep the order of the items, each with its status and either the link or a problem.")
    @APIResponse(responseCode = "200", description = "One result per item, in order",
            content = @Content(schema = @Schema(implementation = BatchResponse.class)))
    @APIResponse(responseCode = "400", description = "The body is not {\"links\": [...]}",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "More than 1,000 items",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<BatchResponse> batch(BatchRequest request, @Context RoutingContext routing) {
        if (request == null || request.links() == null) {
            return CompletableFuture.failedFuture(new InvalidRequestException("invalid-body", "expected {\"links\": [...]}"));
        }
        if (request.links().size() > MAX_BATCH) {
            return CompletableFuture.failedFuture(new BatchTooLargeException(request.links().size(), MAX_BATCH));
        }
        return batches.create(request.links().requests(), request.links().unreadable(), owner(routing), limits.quota(routing))
                .thenApply(BatchResponse::new);
    }

    @GET
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "getLink", summary = "Read a link", description = "A read is an access like a redirect: it extends the link's life, "
            + "and expiresAt is counted from it.")
    @APIResponse(responseCode = "200", description = "The live link", content = @Content(schema = @Schema(implementation = LinkView.class)))
    @APIResponse(responseCode = "404", description = "Unknown, deleted or expired",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<LinkView> get(@PathParam("code") String code) {
        return reads.get(code);
    }

    @PATCH
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_WRITE)
    @Operation(operationId = "updateLink", summary = "Change a link's url, ttl or targets", description = "Every node redirects to the new url within a second. "
            + "A new ttl must belong to the link's pool. targets replaces the whole set (a part left out is removed); "
            + "\"targets\": null removes them all; without the field they stay. "
            + "Only the API key that created the link, or an admin key, may change it (else 403).")
    @APIResponse(responseCode = "200", description = "The changed link", content = @Content(schema = @Schema(implementation = LinkView.class)))
    @APIResponse(responseCode = "400", description = "Invalid url, ttl or targets",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "Unknown, deleted or expired",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<LinkView> update(@PathParam("code") String code, UpdateLinkRequest request, @Context RoutingContext routing) {
        return edits.update(code, request, routing.get(ApiKeyFilter.KEY));
    }

    @DELETE
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_WRITE)
    @Operation(operationId = "deleteLink", summary = "Delete a link", description = "The code answers 404 on every node within a second. "
            + "Only the API key that created the link, or an admin key, may delete it (else 403).")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "404", description = "Unknown, deleted or expired",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> delete(@PathParam("code") String code, @Context RoutingContext routing) {
        return edits.delete(code, routing.get(ApiKeyFilter.KEY)).thenApply(v -> Response.noContent().build());
    }

    static String owner(RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return key == null ? "anonymous" : key.id();
    }

}
