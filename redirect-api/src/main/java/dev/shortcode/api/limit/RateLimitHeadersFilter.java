package dev.shortcode.api.limit;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/** Writes the RateLimit-Policy and RateLimit fields ({@link RateLimitHeaders}) on every API answer of a limited key, 429s included. */
public final class RateLimitHeadersFilter {

    @ServerResponseFilter
    public void headers(ContainerResponseContext response, RoutingContext routing) {
        RequestLimits limits = routing.get(RequestLimits.KEY);
        if (limits == null) {
            return;
        }
        response.getHeaders().putSingle(RateLimitHeaders.POLICY, RateLimitHeaders.policy(limits.burst, limits.daily));
        String state = RateLimitHeaders.state(limits.burstDecision, limits.dailyDecision);
        if (!state.isEmpty()) {
            response.getHeaders().putSingle(RateLimitHeaders.STATE, state);
        }
    }
}
