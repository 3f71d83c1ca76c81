package dev.shortcode.api.dashboard;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code GET /dashboard} answers the capacity page itself: the static files live under
 * {@code META-INF/resources/dashboard/}, where the static handler serves {@code /dashboard/}
 * (its index.html), but the bare path would otherwise be taken for a short code by the redirect
 * route and answer 404. Re-routed inside the server, not redirected, so the address stays as
 * typed; the page refers to its files by absolute paths. A regex route, because a plain
 * {@code /dashboard} route also matches {@code /dashboard/} and would re-route to itself forever.
 */
@ApplicationScoped
public class DashboardRoute {

    /** Before the redirect route's code pattern, which matches {@code /dashboard} too. */
    static final int ORDER = -100;

    void register(@Observes Router router) {
        router.getWithRegex("/dashboard").order(ORDER).handler(rc -> rc.reroute("/dashboard/"));
        router.headWithRegex("/dashboard").order(ORDER).handler(rc -> rc.reroute("/dashboard/"));
    }
}
