package dev.shortcode.api.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.error.DomainTakenException;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.Domain;
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
import java.util.ArrayList;
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
 * Branded domains, for admins. The base URL's host is the default domain: it is always listed and
 * cannot be added or removed. A domain added here answers on every node within a few seconds
 * (at once on this one): its {@code /} and unknown codes go to its redirects when set, and it
 * serves its own association files.
 */
@SecurityRequirement(name = "apiKey")
@Path("/api/v1/domains")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.DOMAINS)
public class DomainResource {

    @Inject
    DomainRegistry domains;

    @Inject
    DomainPolicy policy;

    @Inject
    ServiceOptions settings;

    @Inject
    ObjectMapper json;

    /** A domain as the API shows it; the default domain has only {@code host} and {@code default}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DomainView(@Schema(required = true, examples = "go.example.com") String host,
            @JsonProperty("default") @Schema(description = "Whether it is the default domain (the base URL's host)", required = true)
            boolean isDefault,
            @Schema(description = "Where / on this domain sends visitors") String rootRedirect,
            @Schema(description = "Where an unknown code on this domain sends visitors") String notFoundRedirect,
            @Schema(description = "This domain's apple-app-site-association file") JsonNode appleAppSiteAssociation,
            @Schema(description = "This domain's assetlinks.json file") JsonNode assetlinks,
            Instant createdAt, String createdBy) {}

    @POST
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "addDomain", summary = "Add a branded domain",
            description = "Point the domain's DNS at the service first; links answer on it once added.")
    @APIResponse(responseCode = "201", description = "Added; answered on every node within a few seconds",
            content = @Content(schema = @Schema(implementation = DomainView.class)))
    @APIResponse(responseCode = "400", description = "Invalid host, redirect or association file",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "The host is registered already, or is the default domain",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> add(DomainPolicy.Registration request, @Context RoutingContext routing) {
        Domain domain;
        try {
            ApiKey admin = routing.get(ApiKeyFilter.KEY);
            domain = policy.validate(request, Clock.systemUTC().millis(), admin == null ? "unknown" : admin.id());
        } catch (InvalidRequestException | DomainTakenException e) {
            return CompletableFuture.failedFuture(e);
        }
        return domains.store().add(domain).thenCompose(added -> {
            if (!added) {
                throw new DomainTakenException(domain.host(), false);
            }
            return domains.changed();
        }).thenApply(v -> Response.status(201).entity(view(domain)).build());
    }

    @GET
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "listDomains", summary = "List the domains", description = "The default domain first, then the others, oldest first.")
    @APIResponse(responseCode = "200", description = "The domains",
            content = @Content(schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.ARRAY,
                    implementation = DomainView.class)))
    public List<DomainView> list() {
        List<DomainView> all = new ArrayList<>();
        all.add(new DomainView(settings.baseHost(), true, null, null, null, null, null, null));
        domains.domains().forEach(d -> all.add(view(d)));
        return all;
    }

    @DELETE
    @Path("/{host}")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "removeDomain", summary = "Remove a branded domain",
            description = "Its host then answers as the default domain does.")
    @APIResponse(responseCode = "204", description = "Removed")
    @APIResponse(responseCode = "404", description = "No such domain",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "The default domain, which cannot be removed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> remove(@PathParam("host") String host) {
        String key = DomainRegistry.hostOf(host);
        if (key.equals(settings.baseHost())) {
            return CompletableFuture.failedFuture(new DomainTakenException(key, true));
        }
        return domains.store().remove(key).thenCompose(removed -> {
            if (!removed) {
                throw new NotFoundException("no domain '" + Echo.of(host) + "' is registered");
            }
            return domains.changed();
        }).thenApply(v -> Response.noContent().build());
    }

    private DomainView view(Domain d) {
        return new DomainView(d.host(), false, emptyToNull(d.rootRedirect()), emptyToNull(d.notFoundRedirect()),
                parsed(d.appleAppSiteAssociation()), parsed(d.assetLinks()), Instant.ofEpochMilli(d.createdAtMillis()), d.createdBy());
    }

    private JsonNode parsed(String file) {
        try {
            return file.isEmpty() ? null : json.readTree(file);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a stored association file is not JSON", e);
        }
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
