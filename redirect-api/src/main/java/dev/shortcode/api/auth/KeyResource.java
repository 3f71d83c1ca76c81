package dev.shortcode.api.auth;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shortcode.api.error.Echo;
import jakarta.enterprise.event.Event;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.LastAdminKeyException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Admin endpoints for API keys: the secret is shown once, at creation, and never again. A key may
 * have its own limits (requests a minute, links a day) and an expiry, set at creation and changed
 * by PATCH; the listing shows them and the key's last use.
 */
@SecurityRequirement(name = "apiKey")
@APIResponse(responseCode = "401", description = "No API key, or an unknown, revoked or expired one", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "403", description = "The API key lacks the admin scope", content = @Content(
        mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@Path("/api/v1/keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
@Tag(name = ApiTags.KEYS)
public class KeyResource {

    @Inject
    ApiKeys keys;

    @Inject
    Event<KeyRevoked> revokedKeys;

    private final Clock clock = Clock.systemUTC();

    /**
     * @param requestsPerMinute the key's own burst limit (0: none); absent or null: the configured default
     * @param linksPerDay       the key's own daily quota of links (0: none); absent or null: the configured default
     * @param expiresAt         when the key stops working (401 from then on); absent or null: never
     */
    public record CreateKeyRequest(String name, List<String> scopes, Long requestsPerMinute, Long linksPerDay, Instant expiresAt) {}

    /** What PATCH changes: a field left out stays as it is, null resets it (the default limit, no expiry). */
    @Schema(name = "KeySettings")
    public record KeySettingsRequest(
            @Schema(description = "Requests a minute, 0 for no limit, null for the configured default") Long requestsPerMinute,
            @Schema(description = "Links a UTC day, 0 for no limit, null for the configured default") Long linksPerDay,
            @Schema(description = "When the key stops working, null for never") Instant expiresAt) {}

    /**
     * A key as listed: no secret, no hash. Limits are the key's own (null: the configured default
     * applies; 0: none); {@code lastUsedAt} lags behind by up to five minutes.
     */
    public record KeyView(String id, String name, List<String> scopes, Instant createdAt, boolean revoked, Long requestsPerMinute,
            Long linksPerDay, Instant expiresAt, Instant lastUsedAt) {
        static KeyView of(ApiKey key) {
            return new KeyView(key.id(), key.name(), key.scopes().stream().map(Scope::label).sorted().toList(),
                    Instant.ofEpochMilli(key.createdAtMillis()), key.revoked(), boxed(key.requestsPerMinute()), boxed(key.linksPerDay()),
                    key.expiresAtMillis().isPresent() ? Instant.ofEpochMilli(key.expiresAtMillis().getAsLong()) : null,
                    key.lastUsedMillis() == 0 ? null : Instant.ofEpochMilli(key.lastUsedMillis()));
        }

        private static Long boxed(OptionalLong value) {
            return value.isPresent() ? value.getAsLong() : null;
        }
    }

    public record CreatedKey(String id, String name, List<String> scopes, Instant createdAt, String key, Long requestsPerMinute,
            Long linksPerDay, Instant expiresAt) {}

    @POST
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "createKey", summary = "Create an API key", description = "The answer's key is the secret: shown this once, stored only as its SHA-256.")
    @APIResponse(responseCode = "201", description = "Created", content = @Content(schema = @Schema(implementation = CreatedKey.class)))
    @APIResponse(responseCode = "400", description = "Invalid name or scopes",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> create(CreateKeyRequest request) {
        if (request == null || request.name() == null || !request.name().matches("[\\p{L}\\p{N} ._-]{1,64}")) {
            return CompletableFuture.failedFuture(new InvalidRequestException("invalid-key-name",
                    "name is required: 1 to 64 letters, digits, spaces, '.', '_' or '-'"));
        }
        if (request.scopes() == null || request.scopes().isEmpty()) {
            return CompletableFuture.failedFuture(new InvalidRequestException("invalid-scopes",
                    "scopes is required: a non-empty list of links:read, links:write, capacity:read, webhooks:write, admin"));
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String label : request.scopes()) {
            try {
                scopes.add(Scope.ofLabel(label));
            } catch (IllegalArgumentException e) {
                return CompletableFuture.failedFuture(new InvalidRequestException("invalid-scopes",
                        e.getMessage().replace(String.valueOf(label), Echo.of(label))));
            }
        }
        KeySettings settings;
        try {
            settings = KeySettings.ofCreate(request.requestsPerMinute(), request.linksPerDay(), request.expiresAt(), clock.millis());
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return keys.create(request.name(), scopes, settings.requestsPerMinute().get(), settings.linksPerDay().get(),
                settings.expiresAtMillis().get()).thenApply(created -> {
            KeyView view = KeyView.of(created.key());
            return Response.status(201).entity(new CreatedKey(view.id(), view.name(), view.scopes(), view.createdAt(),
                    created.secret(), view.requestsPerMinute(), view.linksPerDay(), view.expiresAt())).build();
        });
    }

    @GET
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "listKeys", summary = "List API keys", description = "Never shows a secret or its hash.")
    @APIResponse(responseCode = "200", description = "Every key, revoked and expired ones included",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = KeyView.class)))
    public CompletionStage<List<KeyView>> list() {
        return keys.store().list().thenApply(all -> all.stream().sorted(Comparator.comparingLong(ApiKey::createdAtMillis))
                .map(KeyView::of).toList());
    }

    @PATCH
    @Path("/{id}")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "updateKey", summary = "Change an API key's limits or expiry", description = "Fields left out stay as they are; null resets a limit "
            + "to the configured default and removes the expiry. Applies on this node at once, on the others once they re-check "
            + "their cached copy (within 5 seconds and a key-store round trip); "
            + "a changed limit starts afresh (its burst at once, its day's quota in full for the rest of the day).")
    @RequestBody(content = @Content(schema = @Schema(implementation = KeySettingsRequest.class)))
    @APIResponse(responseCode = "200", description = "The key as changed", content = @Content(schema = @Schema(implementation = KeyView.class)))
    @APIResponse(responseCode = "400", description = "An unknown field, a negative limit, an expiry not in the future",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No active key has this id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<KeyView> update(@PathParam("id") String id, JsonNode body) {
        KeySettings settings;
        try {
            settings = KeySettings.read(body, clock.millis());
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return keys.update(id, current -> current.revoked() ? current : settings.applyTo(current)).thenApply(updated -> {
            if (updated.isEmpty() || updated.get().revoked()) {
                throw new NotFoundException("no active API key has the id '" + Echo.of(id) + "'");
            }
            return KeyView.of(updated.get());
        });
    }

    @DELETE
    @Path("/{id}")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "revokeKey", summary = "Revoke an API key", description = "Refused on other nodes within 5 seconds, at once on this one.")
    @APIResponse(responseCode = "204", description = "Revoked")
    @APIResponse(responseCode = "404", description = "No active key has this id",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "The last active admin key",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> revoke(@PathParam("id") String id) {
        // Revoking the last admin key would lock everyone out of key management until a restart
        // with SHORTCODE_ADMIN_KEY. (Two admins revoking the last two keys at the same moment can
        // still both pass; an operator race, not a client one.)
        return keys.store().list().thenCompose(all -> {
            boolean lastAdmin = all.stream().anyMatch(k -> k.id().equals(id) && !k.revoked() && k.allows(Scope.ADMIN))
                    && all.stream().filter(k -> !k.revoked() && k.allows(Scope.ADMIN)).count() == 1;
            if (lastAdmin) {
                throw new LastAdminKeyException(id);
            }
            return keys.revoke(id);
        }).thenApply(revoked -> {
            if (!revoked) {
                throw new NotFoundException("no active API key has the id '" + Echo.of(id) + "'");
            }
            revokedKeys.fire(new KeyRevoked(id)); // what speaks for the key stops with it (its webhooks)
            return Response.noContent().build();
        });
    }
}
