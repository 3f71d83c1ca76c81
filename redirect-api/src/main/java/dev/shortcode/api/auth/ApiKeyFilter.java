package dev.shortcode.api.auth;

import dev.shortcode.api.error.MissingScopeException;
import dev.shortcode.api.error.UnauthenticatedException;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemMapper;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Checks {@code X-API-Key} on every endpoint annotated with {@link RequiresScope}: missing or
 * unknown key 401, a key without the scope 403. The key is left in the routing context for the
 * endpoint ({@link #KEY}).
 */
public final class ApiKeyFilter {

    public static final String HEADER = "X-API-Key";
    public static final String KEY = "shortcode.api-key";

    @Inject
    ApiKeys keys;

    @ServerRequestFilter
    public Uni<Response> authenticate(ContainerRequestContext request, ResourceInfo resource, RoutingContext routing) {
        RequiresScope required = resource.getResourceMethod() == null ? null
                : resource.getResourceMethod().getAnnotation(RequiresScope.class);
        if (required == null) {
            return Uni.createFrom().nullItem();
        }
        String presented = request.getHeaderString(HEADER);
        if (presented == null || presented.isBlank()) {
            return Uni.createFrom().item(problem(new UnauthenticatedException("send an API key in the " + HEADER + " header"), request));
        }
        return Uni.createFrom().completionStage(keys.authenticate(presented.trim())).map(found -> {
            if (found.isEmpty()) {
                return problem(new UnauthenticatedException("the API key in " + HEADER + " is unknown or revoked"), request);
            }
            ApiKey key = found.get();
            if (!key.allows(required.value())) {
                return problem(new MissingScopeException(key.id(), required.value().label()), request);
            }
            routing.put(KEY, key);
            return null;
        });
    }

    private static Response problem(RuntimeException e, ContainerRequestContext request) {
        return ProblemMapper.render(ErrorMapping.map(e, request.getUriInfo().getPath()));
    }
}
