package dev.shortcode.api.redirect;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.LinkDisabledException;
import dev.shortcode.api.link.LinkKeys;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.password.PasswordWork;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.stats.ClickRecorder;
import dev.shortcode.api.stats.VisitorFacts;
import dev.shortcode.api.targets.DeviceRedirects;
import dev.shortcode.core.Storage;
import dev.shortcode.core.store.Domain;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
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

    @Inject
    PasswordWork passwords;

    @Inject
    Storage storage;

    private RoutingChooser routes;
    private PasswordGate gate;

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
        gate = new PasswordGate(passwords, storage.rateLimits(), visitors, json);
        router.getWithRegex(CODE_PATH).handler(this::redirect);
        router.headWithRegex(CODE_PATH).handler(this::redirect);
        router.postWithRegex(CODE_PATH).handler(rc -> { // a password, for a link that has one
            // Held until the link is known and its gate reads the form; released (and drained) once answered, whatever the answer.
            rc.request().pause();
            rc.addEndHandler(v -> rc.request().resume());
            redirect(rc);
        });
        // Any other method on a short link: say which ones it takes, rather than "no such resource".
        router.routeWithRegex(CODE_PATH).handler(rc -> notAllowed(rc, rc.request().method() + " is not one of them"));
    }

    private void notAllowed(RoutingContext rc, String why) {
        rc.response().putHeader(HttpHeaders.ALLOW, "GET, HEAD");
        respond(rc, ProblemResponse.of(405, "method-not-allowed", "Method not allowed", "a short link answers GET and HEAD (and POST"
                + " with its password when it has one); " + why, rc.request().path()));
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

    /** A link past its validUntil or its click limit: its expiredUrl, or 410 with a page for browsers. Not a click. */
    private void over(RoutingContext rc, String code, LinkRouting routing, String why) {
        expired.increment();
        if (routing.expiredUrl() != null) {
            rc.response().setStatusCode(302).putHeader(HttpHeaders.LOCATION, routing.expiredUrl())
                    .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0").end();
            return;
        }
        respond(rc, ProblemResponse.of(410, "link-expired", "Gone", "the link '" + Echo.of(code) + "' " + why, rc.request().path()));
    }

    /**
     * A live link: 410 when moderation blocks it, 404 or over outside its window, its password
     * form when it has one (a POST: the password checked), else one click and the redirect.
     */
    private void answer(RoutingContext rc, String code, LinkRecord link) {
        Optional<Moderation.Block> blocked = links.blocked(link);
        if (blocked.isPresent()) {
            gone.increment();
            respond(rc, ErrorMapping.map(new LinkDisabledException(code, blocked.get().reason()), rc.request().path()));
            return;
        }
        LinkRouting routing = link.routing();
        long now = routing == LinkRouting.NONE ? 0 : System.currentTimeMillis(); // links without routing read no clock
        if (routing != LinkRouting.NONE) {
            switch (LinkWindow.of(routing, now)) {
                case NOT_YET -> {
                    notFound(rc, code);
                    return;
                }
                case OVER -> {
                    over(rc, code, routing, "was valid until " + Instant.ofEpochMilli(routing.validUntilMillis()));
                    return;
                }
                case OPEN -> { }
            }
        }
        boolean post = rc.request().method() == HttpMethod.POST;
        if (routing.passwordHash() != null) {
            if (post) {
                gate.unlock(rc, link, () -> send(rc, link, routing, now));
            } else {
                gate.ask(rc);
            }
        } else if (post) {
            notAllowed(rc, "this link has no password");
        } else {
            send(rc, link, routing, now);
        }
    }

    /**
     * One click and the redirect: where a rule or the split chose, else by device for links with
     * targets, else the url. A link with a click limit takes a person's click from its count first
     * (a bot's only reads it), and is over once the count is full.
     */
    private void send(RoutingContext rc, LinkRecord link, LinkRouting routing, long now) {
        RoutingChooser.Pick pick = routing.choosesTarget() ? routes.choose(link, rc.request(), now) : RoutingChooser.UNROUTED;
        Long max = routing.maxClicks();
        if (max == null) {
            sendNow(rc, link, routing, pick);
            return;
        }
        Context context = Vertx.currentContext();
        CompletionStage<Boolean> open = routes.human(rc.request())
                ? storage.clickCaps().take(link.code(), link.createdAt().toEpochMilli(), max, link.permanent() ? 0 : link.ttlSeconds())
                : storage.clickCaps().served(link.code(), link.createdAt().toEpochMilli()).thenApply(served -> served < max);
        open.whenComplete((taken, failure) -> RouteAnswers.onContext(context, () -> {
            if (failure != null) {
                failed.increment();
                respond(rc, ErrorMapping.map(failure, rc.request().path()));
            } else if (taken) {
                sendNow(rc, link, routing, pick);
            } else {
                over(rc, link.code(), routing, "has served its " + max + (max == 1 ? " click" : " clicks"));
            }
        }));
    }

    private void sendNow(RoutingContext rc, LinkRecord link, LinkRouting routing, RoutingChooser.Pick pick) {
        found.increment();
        clicks.record(rc.request(), link, pick.variant());
        if (pick.url() != null) {
            redirect(rc, pick.url(), routing);
        } else if (!link.targets().isEmpty()) {
            devices.answer(rc, link, status(rc));
        } else {
            redirect(rc, link.url(), routing);
        }
    }

    /** The configured redirect status; 303 after a password's POST, which the browser must follow with a GET. */
    private int status(RoutingContext rc) {
        return rc.request().method() == HttpMethod.POST ? 303 : settings.redirectStatus();
    }

    /** The redirect to {@code url}, the short URL's query merged in when the link (or the service) forwards it. */
    private void redirect(RoutingContext rc, String url, LinkRouting routing) {
        boolean forward = routing.forwardQuery() != null ? routing.forwardQuery() : settings.forwardQuery();
        rc.response().setStatusCode(status(rc))
                .putHeader(HttpHeaders.LOCATION, forward ? QueryForwarding.merge(url, rc.request().query()) : url)
                .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0")
                .end();
    }

    private void respond(RoutingContext rc, ProblemResponse problem) {
        RouteAnswers.problem(rc, problem, json);
    }
}
