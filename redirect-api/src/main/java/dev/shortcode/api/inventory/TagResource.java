package dev.shortcode.api.inventory;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.openapi.ApiTags;
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
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /api/v1/tags}: the caller's tags and how many links carry each. */
@Path("/api/v1/tags")
@Produces(MediaType.APPLICATION_JSON)
@NonBlocking
@SecurityRequirement(name = "apiKey")
@Tag(name = ApiTags.LINKS)
public class TagResource {

    @Inject
    LinkInventory inventory;

    public record TagCount(@Schema(required = true) String tag, @Schema(required = true) long links) {}

    public record TagList(@Schema(required = true) List<TagCount> tags) {}

    @GET
    @RequiresScope(Scope.LINKS_READ)
    @Operation(operationId = "listTags", summary = "List your tags", description = "Each tag of the caller's links (live or expired, "
            + "not deleted) with how many carry it, by name. Admin keys may pass owner.")
    @APIResponse(responseCode = "200", description = "The tags", content = @Content(schema = @Schema(implementation = TagList.class)))
    public CompletionStage<TagList> list(@Parameter(description = "Admin keys: the key id whose tags to list") @QueryParam("owner") String owner,
            @Context RoutingContext routing) {
        return inventory.tags(owner, routing.get(ApiKeyFilter.KEY))
                .thenApply(counts -> new TagList(counts.entrySet().stream().map(e -> new TagCount(e.getKey(), e.getValue())).toList()));
    }
}
