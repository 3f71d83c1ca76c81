package dev.shortcode.api.link;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.BatchTooLargeException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.inventory.BulkEdits;
import dev.shortcode.api.inventory.ExportFormat;
import dev.shortcode.api.inventory.LinkExport;
import dev.shortcode.api.inventory.LinkInventory;
import dev.shortcode.api.inventory.ListingRequest;
import dev.shortcode.api.limit.ApiRateLimiter;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.buffer.Buffer;
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
import jakarta.ws.rs.QueryParam;
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
import org.jboss.resteasy.reactive.RestMulti;

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

    @Inject
    LinkInventory inventory;

    @Inject
    LinkExport exports;

    @Inject
    BulkEdits bulkEdits;

    /** A page of a listing. */
    public record LinkList(@Schema(required = true) List<LinkView> links,
            @Schema(description = "Pass as cursor for the next page; null on the last page", nullable = true, required = true) String next) {}

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
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "listLinks", summary = "List and search links", description = "The caller's links, newest first; an admin key "
            + "sees every owner's, or one owner's with owner. Filters combine: every tag given, the target's host (subdomains "
            + "included), words of q in the title or url, pool, creation time, status (live by default). Pages never repeat or "
            + "skip a link while links are created or deleted between requests. A page may hold fewer than limit links and "
            + "still have a next (a filter that matches little is read in bounded steps); stop when next is null. "
            + "In Redis mode a link appears once the archive has it (the archive's lag, a second or less).")
    @APIResponse(responseCode = "200", description = "A page of links", content = @Content(schema = @Schema(implementation = LinkList.class)))
    @APIResponse(responseCode = "400", description = "A bad parameter; detail names it",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<LinkList> list(@Parameter(description = "1 to 1000; default 100") @QueryParam("limit") String limit,
            @Parameter(description = "The next of the previous page") @QueryParam("cursor") String cursor,
            @Parameter(description = "A tag every link must carry; repeat for several") @QueryParam("tag") List<String> tags,
            @QueryParam("externalId") String externalId,
            @Parameter(description = "The target's host; subdomains included") @QueryParam("host") String host,
            @Parameter(description = "Words that must all occur in the title or the url") @QueryParam("q") String q,
            @QueryParam("pool") String pool,
            @Parameter(description = "ISO-8601 instant, exclusive") @QueryParam("createdAfter") String createdAfter,
            @Parameter(description = "ISO-8601 instant, exclusive") @QueryParam("createdBefore") String createdBefore,
            @Parameter(description = "live (default), expired, disabled or all") @QueryParam("status") String status,
            @Parameter(description = "Admin keys: the key id whose links to list") @QueryParam("owner") String owner,
            @Context RoutingContext routing) {
        ListingRequest request;
        try {
            request = ListingRequest.parse(limit, cursor, tags, externalId, host, q, pool, createdAfter, createdBefore, status, owner);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return inventory.list(request, routing.get(ApiKeyFilter.KEY))
                .thenApply(page -> new LinkList(page.links(), page.next() == null ? null : LinkExport.cursor(page.next())));
    }

    @GET
    @Path("/export")
    @Produces(MediaType.TEXT_PLAIN) // one type for Quarkus REST to stream with; the answer's Content-Type is the format's
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "exportLinks", summary = "Export links as NDJSON or CSV", description = "Every link the same filters as "
            + "listLinks select, streamed as it is read (flat memory however many): NDJSON, one link per line; or CSV with a header "
            + "row, tags joined by |.")
    @APIResponse(responseCode = "200", description = "The links", content = {@Content(mediaType = LinkExport.NDJSON,
            schema = @Schema(implementation = LinkView.class)), @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "400", description = "A bad parameter; detail names it",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public RestMulti<Buffer> export(@Parameter(description = "ndjson (default) or csv") @QueryParam("format") String format,
            @QueryParam("tag") List<String> tags, @QueryParam("externalId") String externalId, @QueryParam("host") String host,
            @QueryParam("q") String q, @QueryParam("pool") String pool, @QueryParam("createdAfter") String createdAfter,
            @QueryParam("createdBefore") String createdBefore, @QueryParam("status") String status, @QueryParam("owner") String owner,
            @Context RoutingContext routing) {
        ExportFormat as = ExportFormat.parse(format); // a bad parameter throws: a 400 before anything is read
        ListingRequest request = ListingRequest.parse(null, null, tags, externalId, host, q, pool, createdAfter, createdBefore, status, owner);
        return exports.export(request, as, routing.get(ApiKeyFilter.KEY));
    }

    @POST
    @Path("/bulk-update")
    @RequiresScope(Scope.LINKS_WRITE)
    @Tag(name = ApiTags.BULK)
    @Operation(operationId = "updateLinks", summary = "Change up to 1,000 links by code", description = "set replaces title, tags or ttl; "
            + "addTags and removeTags change the tags. Each code succeeds or fails on its own (its owner or an admin only), "
            + "results in input order.")
    @APIResponse(responseCode = "200", description = "One result per code, in order",
            content = @Content(schema = @Schema(implementation = BulkEdits.Results.class)))
    @APIResponse(responseCode = "400", description = "The body is not a bulk update; detail says why",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "More than 1,000 codes",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<BulkEdits.Results> updateMany(BulkEdits.UpdateRequest request, @Context RoutingContext routing) {
        return bulkEdits.update(request, routing.get(ApiKeyFilter.KEY));
    }

    @POST
    @Path("/bulk-delete")
    @RequiresScope(Scope.LINKS_WRITE)
    @Tag(name = ApiTags.BULK)
    @Operation(operationId = "deleteLinks", summary = "Delete up to 1,000 links by code", description = "Each code succeeds (204) or fails "
            + "on its own (its owner or an admin only), results in input order.")
    @APIResponse(responseCode = "200", description = "One result per code, in order",
            content = @Content(schema = @Schema(implementation = BulkEdits.Results.class)))
    @APIResponse(responseCode = "400", description = "The body is not {\"codes\": [...]}",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "More than 1,000 codes",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<BulkEdits.Results> deleteMany(BulkEdits.DeleteRequest request, @Context RoutingContext routing) {
        return bulkEdits.delete(request, routing.get(ApiKeyFilter.KEY));
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
