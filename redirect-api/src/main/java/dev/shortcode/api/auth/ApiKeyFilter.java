package dev.shortcode.api.auth;

import dev.shortcode.api.error.MissingScopeException;
import dev.shortcode.api.error.UnauthenticatedException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.limit.ApiRateLimiter;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemMapper;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.Executor;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Checks {@code X-API-Key} on every endpoint annotated with {@link RequiresScope}: missing,
 * unknown, revoked or expired key 401, a key without the scope 403, a key over its requests a
 * minute 429 ({@link ApiRateLimiter}). The key is left in the routing context for the endpoint
 * ({@link #KEY}), and its use is recorded ({@link LastUseRecorder}).
 */
public final class ApiKeyFilter {

    public static final String HEADER = "X-API-Key";
    public static final String KEY = "shortcode.api-key";

    @Inject
    ApiKeys keys;

    @Inject
    ApiRateLimiter limits;

    @Inject
    LastUseRecorder lastUse;

    @ServerRequestFilter
    public Uni<Response> authenticate(ContainerRequestContext request, ResourceInfo resource, RoutingContext routing) {
        RequiresScope required = resource.getResourceMethod() == null ? null
                : resource.getResourceMethod().getAnnotation(RequiresScope.class);
        boolean anyKey = resource.getResourceMethod() != null && resource.getResourceMethod().isAnnotationPresent(RequiresKey.class);
        if (required == null && !anyKey) {
            return Uni.createFrom().nullItem();
        }
        String presented = request.getHeaderString(HEADER);
        if (presented == null || presented.isBlank()) {
            return Uni.createFrom().item(problem(new UnauthenticatedException("send an API key in the " + HEADER + " header"), request));
        }
        Executor caller = CallerContext.current();
        return Uni.createFrom().completionStage(keys.authenticate(presented.trim())).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(problem(new UnauthenticatedException("the API key in " + HEADER
                        + " is unknown, revoked or expired"), request));
            }
            ApiKey key = found.get();
            if (required != null && !key.allows(required.value())) {
                return Uni.createFrom().item(problem(new MissingScopeException(key.id(), required.value().label()), request));
            }
            routing.put(KEY, key);
            lastUse.record(key);
            return Uni.createFrom().completionStage(limits.admit(key, routing).thenApplyAsync(
                    refused -> refused == null ? null : problem(refused, request), caller));
        });
    }

    private static Response problem(RuntimeException e, ContainerRequestContext request) {
        return ProblemMapper.render(ErrorMapping.map(e, request.getUriInfo().getPath()));
    }
}
