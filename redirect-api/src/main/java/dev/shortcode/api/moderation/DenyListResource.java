package dev.shortcode.api.moderation;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.DenyRule;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The deny-list, for admins: rules by host (and its subdomains) or by exact URL prefix. A rule
 * refuses new links to what it names (400 naming the rule) and makes existing ones answer 410 on
 * every node within a few seconds. Rules from the configuration file are listed and cannot be
 * removed here.
 */
@SecurityRequirement(name = "apiKey")
@Path("/api/v1/denylist")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.MODERATION)
public class DenyListResource {

    @Inject
    Moderation moderation;

    @Inject
    RuleValues values;

    public record NewRule(String kind, String value, String reason) {}

    public record RuleView(String id, String kind, String value, String reason, String createdBy, Instant createdAt, String source) {}

    @POST
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "addDenyRule", summary = "Add a deny-list rule", description = "kind: host (the host and its subdomains) or prefix (URLs starting with it).")
    @APIResponse(responseCode = "201", description = "Added; in force on every node within a few seconds",
            content = @Content(schema = @Schema(implementation = RuleView.class)))
    @APIResponse(responseCode = "400", description = "Invalid kind or value",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> add(NewRule request, @Context RoutingContext routing) {
        DenyRule rule;
        try {
            if (request == null || request.kind() == null) {
                throw new InvalidRequestException("invalid-rule", "kind is required: host or prefix");
            }
            DenyRule.Kind kind = switch (request.kind().toLowerCase(Locale.ROOT)) {
                case "host" -> DenyRule.Kind.HOST;
                case "prefix" -> DenyRule.Kind.PREFIX;
                default -> throw new InvalidRequestException("invalid-rule", "kind '" + Echo.of(request.kind())
                        + "' is neither host nor prefix");
            };
            ApiKey admin = routing.get(ApiKeyFilter.KEY);
            rule = new DenyRule("r_" + UUID.randomUUID().toString().substring(0, 12), kind, values.of(kind, request.value()),
                    request.reason(), admin == null ? "unknown" : admin.id(), Clock.systemUTC().millis());
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return moderation.store().addRule(rule).thenCompose(added -> moderation.changed())
                .thenApply(v -> Response.status(201).entity(view(rule)).build());
    }

    @GET
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "listDenyRules", summary = "List the deny-list", description = "Rules from the configuration file first, then those added here.")
    public List<RuleView> list() {
        return moderation.rules().stream().map(this::view).toList();
    }

    @DELETE
    @Path("/{id}")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "removeDenyRule", summary = "Remove a deny-list rule")
    @APIResponse(responseCode = "204", description = "Removed")
    @APIResponse(responseCode = "404", description = "No such rule added here (rules from the configuration file stay)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> remove(@PathParam("id") String id) {
        if (moderation.configured(id)) {
            return CompletableFuture.failedFuture(new InvalidRequestException("configured-rule",
                    "rule " + Echo.of(id) + " comes from the configuration file (" + DenyListFile.KEY + "); remove it there"));
        }
        return moderation.store().removeRule(id).thenCompose(removed -> {
            if (!removed) {
                throw new NotFoundException("no deny-list rule has the id '" + Echo.of(id) + "'");
            }
            return moderation.changed();
        }).thenApply(v -> Response.noContent().build());
    }

    private RuleView view(DenyRule rule) {
        return new RuleView(rule.id(), rule.kind().label(), rule.value(), rule.reason(), rule.createdBy(),
                rule.createdAtMillis() == 0 ? null : Instant.ofEpochMilli(rule.createdAtMillis()),
                moderation.configured(rule.id()) ? "config" : "api");
    }
}
