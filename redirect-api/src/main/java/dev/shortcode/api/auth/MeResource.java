package dev.shortcode.api.auth;

import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/v1/me}: the key a client sent, as the key listing shows it (scopes, limits,
 * expiry). Any valid key may ask about itself, so a client (the console, a script) learns what
 * it may do without trying and being refused.
 */
@SecurityRequirement(name = "apiKey")
@Path("/api/v1/me")
@Produces(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.KEYS)
public class MeResource {

    @GET
    @RequiresKey
    @Operation(operationId = "getCurrentKey", summary = "The API key of this request",
            description = "Its id, name, scopes (admin implies every other), limits and expiry; never its secret.")
    @APIResponse(responseCode = "200", description = "The key", content = @Content(schema = @Schema(implementation = KeyResource.KeyView.class)))
    @APIResponse(responseCode = "401", description = "No key, or one that is unknown, revoked or expired",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public KeyResource.KeyView me(@Context RoutingContext routing) {
        return KeyResource.KeyView.of(routing.get(ApiKeyFilter.KEY));
    }
}
