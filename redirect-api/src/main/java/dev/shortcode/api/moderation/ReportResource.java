package dev.shortcode.api.moderation;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.AbuseReport;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.LinkDisable;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Visitors report a link (no key needed; a few reports per address per hour); admins list the
 * reports and resolve them, dismissing or disabling the link. Reports of one code are merged into
 * one record (a count and the latest words), so storage grows with the links reported, and only
 * live links can be reported.
 */
@Path("/api/v1/reports")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.MODERATION)
public class ReportResource {

    @Inject
    Moderation moderation;

    @Inject
    LinkResolver resolver;

    @Inject
    ReportAllowance allowance;

    public record NewReport(String code, String reason) {}

    public record ReportView(String code, long count, String lastReason, Instant firstAt, Instant lastAt, String resolution,
            String resolvedBy) {
        static ReportView of(AbuseReport r) {
            return new ReportView(r.code(), r.count(), r.lastReason(), Instant.ofEpochMilli(r.firstAtMillis()),
                    Instant.ofEpochMilli(r.lastAtMillis()), r.open() ? null : r.resolution(), r.open() ? null : r.resolvedBy());
        }
    }

    public record Resolution(String action, String reason) {}

    @POST
    @Operation(operationId = "reportLink", summary = "Report a link", description = "Public. A few reports per client address per hour; the code must be a live link.")
    @APIResponse(responseCode = "202", description = "Recorded", content = @Content(schema = @Schema(implementation = ReportView.class)))
    @APIResponse(responseCode = "404", description = "No live link has the code",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "Too many reports from this address; retry after Retry-After",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = "The moderation store is unreachable; nothing was recorded; retry after Retry-After",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> report(NewReport request, @Context RoutingContext routing) {
        try {
            if (request == null || request.code() == null || request.code().isBlank()) {
                throw new InvalidRequestException("invalid-report", "code is required: the short code being reported");
            }
            if (request.reason() == null || request.reason().isBlank()) {
                throw new InvalidRequestException("invalid-report", "reason is required: say what is wrong with the link");
            }
            allowance.take(routing.request().remoteAddress() == null ? "unknown" : routing.request().remoteAddress().hostAddress());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return resolver.loadForEdit(request.code()).thenCompose(found -> {
            if (found.isEmpty()) {
                throw new NotFoundException("no live link has the code '" + Echo.of(request.code()) + "'");
            }
            return moderation.store().report(request.code(), request.reason(), Clock.systemUTC().millis());
        }).thenApply(report -> Response.accepted(ReportView.of(report)).build());
    }

    @GET
    @SecurityRequirement(name = "apiKey")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "listReports", summary = "List reports", description = "Newest first; open ones only unless all=true.")
    public CompletionStage<List<ReportView>> list(@QueryParam("all") boolean all) {
        return moderation.store().reports().thenApply(reports -> reports.stream().filter(r -> all || r.open()).map(ReportView::of).toList());
    }

    @POST
    @Path("/{code}/resolve")
    @SecurityRequirement(name = "apiKey")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "resolveReports", summary = "Resolve a link's reports", description = "action: dismiss, or disable (the link answers 410 from then on).")
    @APIResponse(responseCode = "204", description = "Resolved")
    @APIResponse(responseCode = "404", description = "No report of this code",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> resolve(@PathParam("code") String code, Resolution request, @Context RoutingContext routing) {
        ApiKey admin = routing.get(ApiKeyFilter.KEY);
        String by = admin == null ? "unknown" : admin.id();
        String action = request == null || request.action() == null ? "" : request.action();
        if (!action.equals("dismiss") && !action.equals("disable")) {
            return CompletableFuture.failedFuture(new InvalidRequestException("invalid-resolution",
                    "action must be dismiss or disable, not '" + Echo.of(action) + "'"));
        }
        return moderation.store().resolve(code, action.equals("disable") ? "disabled" : "dismissed", by).thenCompose(resolved -> {
            if (!resolved) {
                throw new NotFoundException("no report of '" + Echo.of(code) + "'");
            }
            if (!action.equals("disable")) {
                return CompletableFuture.completedFuture((Void) null);
            }
            LinkDisable disable = new LinkDisable(code, request.reason() == null || request.reason().isBlank() ? "reported by visitors"
                    : request.reason(), by, Clock.systemUTC().millis());
            return moderation.store().disable(disable).thenCompose(v -> moderation.changed());
        }).thenApply(v -> Response.noContent().build());
    }
}
