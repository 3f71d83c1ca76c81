package dev.shortcode.api.preview;

import dev.shortcode.api.error.Echo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.error.LinkDisabledException;
import dev.shortcode.api.link.DeviceTargets;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkKeys;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.core.store.LinkRecord;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.net.URI;

/**
 * {@code GET /{code}+}: where a short link goes, without going there. An HTML page
 * ({@link PreviewPage}), or {@link PreviewView} as JSON for {@code Accept: application/json}. A
 * preview is not a visit: it is not counted as a redirect, and it does not extend the link's life
 * ({@link LinkReader#peek}). Unknown, deleted and expired codes are a 404, and a disabled or
 * deny-listed link a 410, like the redirect.
 */
@ApplicationScoped
public class PreviewRoute {

    static final String PREVIEW_PATH = "/([A-Za-z0-9_-]{2,64})\\+";
    /** The same with the plus percent-encoded, as some clients send it. */
    static final String ENCODED_PREVIEW_PATH = "/([A-Za-z0-9_-]{2,64})%2[Bb]";

    @Inject
    LinkReader links;

    @Inject
    LinkViews views;

    @Inject
    LinkKeys keys;

    @Inject
    ObjectMapper json;

    void register(@Observes Router router) {
        for (String path : new String[] {PREVIEW_PATH, ENCODED_PREVIEW_PATH}) {
            router.getWithRegex(path).handler(this::preview);
            router.headWithRegex(path).handler(this::preview);
        }
    }

    private void preview(RoutingContext rc) {
        String domain = keys.domainOf(rc.request());
        String code = keys.key(rc.pathParam("param0"), domain);
        Context context = Vertx.currentContext();
        links.peek(code).whenComplete((peeked, failure) -> RouteAnswers.onContext(context, () -> {
            Optional<LinkRecord> found = peeked == null ? Optional.empty() : peeked.filter(link -> LinkKeys.servedOn(link, domain));
            if (failure != null) {
                RouteAnswers.problem(rc, ErrorMapping.map(failure, rc.request().path()), json);
            } else if (found.isEmpty() && links.disabled(code).isPresent()) {
                RouteAnswers.problem(rc, ErrorMapping.map(new LinkDisabledException(code, links.disabled(code).get().reason()),
                        rc.request().path()), json);
            } else if (found.isEmpty()) {
                RouteAnswers.problem(rc, ProblemResponse.of(404, "not-found", "Not found", "no live link has the code '" + Echo.of(code) + "'",
                        rc.request().path()), json);
            } else if (links.blocked(found.get()).isPresent()) {
                // Moderation first, as on the redirect: a preview of a disabled or deny-listed link would show its target.
                RouteAnswers.problem(rc, ErrorMapping.map(new LinkDisabledException(code, links.blocked(found.get()).get().reason()),
                        rc.request().path()), json);
            } else {
                answer(rc, view(found.get()));
            }
        }));
    }

    private PreviewView view(LinkRecord link) {
        if (link.routing().passwordHash() != null) { // the password guards the target: the preview must not give it away
            return new PreviewView(link.code(), views.shortUrl(link), null, null, link.createdAt(), null, Boolean.TRUE);
        }
        return new PreviewView(link.code(), views.shortUrl(link), link.url(), host(link.url()), link.createdAt(),
                DeviceTargets.of(link.targets()), null);
    }

    private void answer(RoutingContext rc, PreviewView view) {
        rc.response().putHeader(HttpHeaders.VARY, "Accept");
        String accept = rc.request().getHeader(HttpHeaders.ACCEPT);
        if (accept != null && accept.contains("application/json") && !accept.contains("text/html")) {
            try {
                rc.response().setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                        .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0").end(json.writeValueAsString(view));
            } catch (JsonProcessingException e) {
                // A view of strings and an instant always serialises: a failure here is a bug (500), not a bad request.
                RouteAnswers.problem(rc, ErrorMapping.map(new IllegalStateException("preview of " + view.code(), e), rc.request().path()), json);
            }
            return;
        }
        PageHeaders.write(rc.response(), 200, PreviewPage.POLICY, PreviewPage.html(view));
    }

    /** The host of a stored url (absolute http(s), ASCII); the whole url should it have none. */
    static String host(String url) {
        try {
            String host = URI.create(url).getHost();
            return host == null ? url : host;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}
