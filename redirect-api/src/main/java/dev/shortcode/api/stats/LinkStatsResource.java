package dev.shortcode.api.stats;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /api/v1/links/{code}/stats}: one link's clicks. Runs on the event loop: every store call is non-blocking. */
@Path("/api/v1/links/{code}/stats")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = "apiKey")
@NonBlocking
@Tag(name = ApiTags.STATS)
public class LinkStatsResource {

    /** The parameters both stats endpoints take, as the OpenAPI document describes them. */
    static final String UNIT = "hour, day or month (UTC buckets); default day";
    static final String UNITS = "how many buckets, ending with the one holding unit_reference: 1-168 hours (7 days kept), "
            + "1-400 days, 1-120 months; default 24, 30, 12";
    static final String REFERENCE = "an ISO-8601 time (2025-03-17T10:00:00Z) or date; default now";

    @Inject
    StatsReader stats;

    @GET
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "getLinkStats", summary = "A link's click statistics", description = "Totals (clicks, humans, bots, unique visitors, QR scans), "
            + "the series per unit, and the human clicks by device, referrer host and country (when a country database is "
            + "configured). Counts arrive within about a second of the redirect. Only the API key that created the link, or "
            + "an admin key, may read them (else 403).")
    @APIResponse(responseCode = "200", description = "The statistics",
            content = @Content(schema = @Schema(implementation = StatsViews.LinkStats.class)))
    @APIResponse(responseCode = "400", description = "Invalid unit, units or unit_reference; detail says which",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "Another API key's link, or the key lacks links:read",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No such link, or it was deleted",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<StatsViews.LinkStats> get(@PathParam("code") String code,
            @Parameter(description = UNIT) @QueryParam("unit") String unit,
            @Parameter(description = UNITS) @QueryParam("units") String units,
            @Parameter(description = REFERENCE) @QueryParam("unit_reference") String reference,
            @Context RoutingContext routing) {
        return stats.link(code, unit, units, reference, routing.get(ApiKeyFilter.KEY));
    }
}
