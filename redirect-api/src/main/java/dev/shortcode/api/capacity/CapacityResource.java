package dev.shortcode.api.capacity;

import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.NotReadyException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.capacity.CapacityModel;
import dev.shortcode.core.store.ApiKey.Scope;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Capacity planning: the last measurement of the stores with its forecast, and the what-if.
 * Runs on the event loop: the report is read from the sampler's cache, the plan is arithmetic.
 */
@SecurityRequirement(name = "apiKey")
@APIResponse(responseCode = "401", description = "No API key, or an unknown or revoked one", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "403", description = "The API key lacks the capacity:read scope (admin keys have it)", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@Path("/api/v1/capacity")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.CAPACITY)
public class CapacityResource {

    /** How long the first request after start waits for the first measurement. */
    static final long FIRST_REPORT_WAIT_SECONDS = 15;

    @Inject
    CapacitySampler sampler;

    @Inject
    PlanValidator plans;

    @GET
    @RequiresScope(Scope.CAPACITY_READ)
    @Operation(operationId = "getCapacity", summary = "Capacity of every pool and store", description = "Per pool: capacity, epoch, ids leased this epoch, "
            + "issue rates (last hour, 24 h, 7- and 30-day means, trend), days to wrap, live links (exact or sampled, with the method "
            + "and its 95 % error), live fraction now and at the next wrap, what collisions cost, a verdict; the hot store's and "
            + "the archive's size and projections; this node's allocators. Served from the last measurement (see sampling and "
            + "measuredAt; refreshed every shortcode.capacity.refresh, 30 s by default): a request never measures.")
    @APIResponse(responseCode = "200", description = "The last measurement and its forecast",
            content = @Content(schema = @Schema(implementation = CapacityReport.class)))
    @APIResponse(responseCode = "503", description = "No measurement finished yet (just after start, or the stores do not answer); retry after Retry-After",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<CapacityReport> report() {
        CapacityReport latest = sampler.latest();
        if (latest != null) {
            return CompletableFuture.completedFuture(latest);
        }
        return sampler.first().copy().orTimeout(FIRST_REPORT_WAIT_SECONDS, TimeUnit.SECONDS).exceptionally(e -> {
            throw new NotReadyException("the stores have not been measured yet; retry shortly");
        });
    }

    @POST
    @Path("/plan")
    @RequiresScope(Scope.CAPACITY_READ)
    @Operation(operationId = "planCapacity", summary = "What-if: compare code lengths for a volume", description = "dailyVolume (required), growthPerMonth "
            + "(compounded, 0.05 = +5 %), ttlMix ([{ttl, share}], default the pools' TTLs), permanentShare, permanentHotTtl, "
            + "lengths (default 5-8), urlLength (default 60) → per length: days to wrap and its date, live fraction at the wrap, "
            + "attempts per create after it, Redis memory (today and in a year), archive growth per year, a verdict; and the "
            + "recommended length (the shortest healthy one). Unknown fields are refused.")
    @APIResponse(responseCode = "200", description = "One option per length, and the recommendation",
            content = @Content(schema = @Schema(implementation = PlanView.class)))
    @APIResponse(responseCode = "400", description = "A field out of range; detail begins with its name",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public PlanView plan(PlanRequest request) {
        return PlanView.of(CapacityModel.plan(plans.validate(request), Clock.systemUTC().instant()));
    }
}
