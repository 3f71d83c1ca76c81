package dev.shortcode.api.redirect;

import dev.shortcode.api.error.Echo;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.core.store.Domain;
import dev.shortcode.api.error.LinkDisabledException;
import dev.shortcode.api.link.LinkKeys;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.stats.ClickRecorder;
import dev.shortcode.api.stats.VisitorFacts;
import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.api.targets.DeviceRedirects;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import java.time.Instant;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /{code}}: a plain Vert.x route, the fastest path the stack offers (no JAX-RS
 * dispatch), answered from the event loop with a non-blocking lookup that also extends the
 * link's life. Unknown or expired codes get 404 (or, on a branded domain with a not-found
 * redirect, a redirect there), and failures what {@link ErrorMapping} says
 * (503 with Retry-After for an outage, 500 for a bug): a small HTML page for browsers, with the
 * headers every page sends ({@link RouteAnswers}), problem+json for everyone else. The redirect
 * itself carries only Location and Cache-Control: page headers are for pages.
 */
@ApplicationScoped
public class RedirectRoute {

    /** Single path segments that can be codes or aliases; everything else falls through to other routes. */
    static final String CODE_PATH = "/([A-Za-z0-9_-]{2,64})";

    @Inject
    LinkReader links;

    @Inject
    ServiceOptions settings;

    @Inject
    MeterRegistry registry;

    @Inject
    ObjectMapper json;

    @Inject
    DeviceRedirects devices;

    @Inject
    ClickRecorder clicks;

    @Inject
    DomainRegistry domains;

    @Inject
    LinkKeys keys;

    @Inject
    VisitorFacts visitors;

    private RoutingChooser routes;

    private Counter found;
    private Counter missing;
    private Counter failed;
    private Counter gone;
    private Counter expired;
    private Timer latency;

    void register(@Observes Router router) {
        found = Counter.builder("shortcode.redirects").tag("outcome", "found").register(registry);
        missing = Counter.builder("shortcode.redirects").tag("outcome", "not_found").register(registry);
        failed = Counter.builder("shortcode.redirects").tag("outcome", "error").register(registry);
        gone = Counter.builder("shortcode.redirects").tag("outcome", "disabled").register(registry);
        expired = Counter.builder("shortcode.redirects").tag("outcome", "expired").register(registry);
        latency = Timer.builder("shortcode.redirect.latency").publishPercentiles(0.5, 0.99, 0.999).register(registry);
        routes = new RoutingChooser(UserAgents.standard(), visitors);
        router.getWithRegex(CODE_PATH).handler(this::redirect);
        router.headWithRegex(CODE_PATH).handler(this::redirect);
        // Any other method on a short link: say which ones it takes, rather than "no such resource".
        router.routeWithRegex(CODE_PATH).handler(rc -> {
            rc.response().putHeader(HttpHeaders.ALLOW, "GET, HEAD");
            respond(rc, ProblemResponse.of(405, "method-not-allowed", "Method not allowed",
                    "a short link answers GET and HEAD; " + rc.request().method() + " is not one of them", rc.request().path()));
        });
    }

    private void redirect(RoutingContext rc) {
        String domain = keys.domainOf(rc.request());
        String code = keys.key(rc.pathParam("param0"), domain);
        long began = System.nanoTime();
        Context context = Vertx.currentContext();
        links.target(code).whenComplete((target, failure) -> RouteAnswers.onContext(context, () -> {
            latency.record(System.nanoTime() - began, TimeUnit.NANOSECONDS);
            if (failure != null) {
                failed.increment();
                respond(rc, ErrorMapping.map(failure, rc.request().path()));
            } else if (target.isPresent() && LinkKeys.servedOn(target.get(), domain)) {
                answer(rc, code, target.get());
            } else if (target.isEmpty() && links.disabled(code).isPresent()) {
                // deleted while disabled: the short URL already sent out stays gone until an admin releases it
                gone.increment();
                respond(rc, ErrorMapping.map(new LinkDisabledException(code, links.disabled(code).get().reason()), rc.request().path()));
            } else {
                notFound(rc, code);
            }
        }));
    }

    /** No live link here: the domain's not-found redirect when it has one, else 404. */
    private void notFound(RoutingContext rc, String code) {
        missing.increment();
        Optional<Domain> registered = domains.of(rc.request());
        if (registered.isPresent() && !registered.get().notFoundRedirect().isEmpty()) {
            rc.response().setStatusCode(302).putHeader(HttpHeaders.LOCATION, registered.get().notFoundRedirect())
                    .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0").end();
            return;
        }
        respond(rc, ProblemResponse.of(404, "not-found", "Not found", "no live link has the code '" + Echo.of(code) + "'", rc.request().path()));
    }

    /** A link past its validUntil: its expiredUrl, or 410 with a page for browsers. Not a click. */
    private void over(RoutingContext rc, String code, LinkRouting routing) {
        expired.increment();
        if (routing.expiredUrl() != null) {
            rc.response().setStatusCode(302).putHeader(HttpHeaders.LOCATION, routing.expiredUrl())
                    .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0").end();
            return;
        }
        respond(rc, ProblemResponse.of(410, "link-expired", "Gone", "the link '" + Echo.of(code) + "' was valid until "
                + Instant.ofEpochMilli(routing.validUntilMillis()), rc.request().path()));
    }

    /** A live link: 410 when moderation blocks it, else one click and the redirect (by User-Agent only for links with targets). */
    private void answer(RoutingContext rc, String code, LinkRecord link) {
        Optional<Moderation.Block> blocked = links.blocked(link);
        if (blocked.isPresent()) {
            gone.increment();
            respond(rc, ErrorMapping.map(new LinkDisabledException(code, blocked.get().reason()), rc.request().path()));
            return;
        }
        LinkRouting routing = link.routing();
        RoutingChooser.Pick pick = RoutingChooser.UNROUTED;
        if (routing != LinkRouting.NONE) { // links without routing look no further
            long now = System.currentTimeMillis();
            switch (LinkWindow.of(routing, now)) {
                case NOT_YET -> {
                    notFound(rc, code);
                    return;
                }
                case OVER -> {
                    over(rc, code, routing);
                    return;
                }
                case OPEN -> { }
            }
            if (routing.choosesTarget()) {
                pick = routes.choose(link, rc.request(), now);
            }
        }
        found.increment();
        clicks.record(rc.request(), link, pick.variant());
        if (pick.url() != null) {
            redirect(rc, pick.url(), routing);
        } else if (!link.targets().isEmpty()) {
            devices.answer(rc, link, settings.redirectStatus());
        } else {
            redirect(rc, link.url(), routing);
        }
    }

    /** The redirect to {@code url}, the short URL's query merged in when the link (or the service) forwards it. */
    private void redirect(RoutingContext rc, String url, LinkRouting routing) {
        boolean forward = routing.forwardQuery() != null ? routing.forwardQuery() : settings.forwardQuery();
        rc.response().setStatusCode(settings.redirectStatus())
                .putHeader(HttpHeaders.LOCATION, forward ? QueryForwarding.merge(url, rc.request().query()) : url)
                .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0")
                .end();
    }

    private void respond(RoutingContext rc, ProblemResponse problem) {
        RouteAnswers.problem(rc, problem, json);
    }
}
