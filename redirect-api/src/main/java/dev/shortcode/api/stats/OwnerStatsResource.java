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

/** {@code GET /api/v1/stats}: the calling API key's links together; an admin key's: every link. */
@Path("/api/v1/stats")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = "apiKey")
@NonBlocking
@Tag(name = ApiTags.STATS)
public class OwnerStatsResource {

    @Inject
    StatsReader stats;

    @GET
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "getOwnerStats", summary = "Click statistics of the calling key's links", description = "Totals (clicks, humans, bots, QR scans), "
            + "the series per unit and the links with the most clicks in the window, over the links the calling API key "
            + "created; for an admin key over all links (owner: all).")
    @APIResponse(responseCode = "200", description = "The statistics",
            content = @Content(schema = @Schema(implementation = StatsViews.OwnerStats.class)))
    @APIResponse(responseCode = "400", description = "Invalid unit, units, unit_reference or limit; detail says which",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<StatsViews.OwnerStats> get(
            @Parameter(description = LinkStatsResource.UNIT) @QueryParam("unit") String unit,
            @Parameter(description = LinkStatsResource.UNITS) @QueryParam("units") String units,
            @Parameter(description = LinkStatsResource.REFERENCE) @QueryParam("unit_reference") String reference,
            @Parameter(description = "how many of the links with the most clicks: 1-100, default 10") @QueryParam("limit") String limit,
            @Context RoutingContext routing) {
        return stats.owner(unit, units, reference, limit, routing.get(ApiKeyFilter.KEY));
    }
}
