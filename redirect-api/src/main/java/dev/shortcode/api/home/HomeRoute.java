package dev.shortcode.api.home;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.core.store.Domain;
import java.util.Optional;
import dev.shortcode.api.page.Html;
import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.problem.ProblemResponse;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /}: a page naming the service and linking to what a person can open in a browser: the
 * console (when its route is registered), the capacity dashboard and the API's documentation
 * (the OpenAPI UI and document, on the management port). A JSON client asking for {@code /} gets the 404
 * problem it always got. The start log names the same addresses. On a branded domain with a root
 * redirect, {@code /} goes there instead.
 */
@ApplicationScoped
public class HomeRoute {

    private static final System.Logger LOG = System.getLogger(HomeRoute.class.getName());

    static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.4rem}a{color:#0645ad}li{margin:.4rem 0}";

    static final String POLICY = PageHeaders.policy(STYLE, null);

    static final String CONSOLE_PATH = "/console/";

    @Inject
    ServiceOptions settings;

    @Inject
    ObjectMapper json;

    @Inject
    DomainRegistry domains;

    /** The management port, where {@code /q/swagger-ui} and {@code /q/openapi} are served. */
    @ConfigProperty(name = "quarkus.management.port", defaultValue = "9000")
    int managementPort;

    private Router router;

    void register(@Observes Router router) {
        this.router = router;
        router.get("/").handler(this::home);
        router.head("/").handler(this::home);
    }

    void announce(@Observes StartupEvent event) {
        LOG.log(System.Logger.Level.INFO, "console at " + settings.baseUrl() + CONSOLE_PATH + ", capacity dashboard at " + settings.baseUrl() + "/dashboard, OpenAPI UI at "
                + managementBase(settings.baseUrl()) + "/q/swagger-ui");
    }

    private void home(RoutingContext rc) {
        Optional<Domain> domain = domains.of(rc.request());
        if (domain.isPresent() && !domain.get().rootRedirect().isEmpty()) {
            rc.response().setStatusCode(302).putHeader(HttpHeaders.LOCATION, domain.get().rootRedirect())
                    .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0").end();
            return;
        }
        String accept = rc.request().getHeader(HttpHeaders.ACCEPT);
        if (accept != null && accept.contains("application/json") && !accept.contains("text/html")) {
            RouteAnswers.problem(rc, ProblemResponse.of(404, "not-found", "Not found",
                    "the service's API is under /api/v1; / is a page for people", rc.request().path()), json);
            return;
        }
        rc.response().putHeader(HttpHeaders.VARY, "Accept");
        PageHeaders.write(rc.response(), 200, POLICY, html(managementBase(origin(rc)), hasConsole()));
    }

    static String html(String management, boolean console) {
        String docs = Html.escape(management);
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" + Html.VIEWPORT
                + "<title>shortcode</title><style>" + STYLE + "</style></head><body><main><h1>shortcode</h1>"
                + "<p>Short links: this service issues short codes and redirects them to their targets.</p><ul>"
                + "<li><a id=\"dashboard\" href=\"/dashboard\">Capacity dashboard</a></li>"
                + (console ? "<li><a id=\"console\" href=\"" + CONSOLE_PATH + "\">Console</a></li>" : "")
                + "<li><a id=\"openapi-ui\" href=\"" + docs + "/q/swagger-ui\">API documentation</a> (OpenAPI UI, management port)</li>"
                + "<li><a id=\"openapi\" href=\"" + docs + "/q/openapi\">OpenAPI document</a></li>"
                + "</ul></main></body></html>";
    }

    /** Whether a route serves the console: its link is shown only then. */
    private boolean hasConsole() {
        return router.getRoutes().stream().anyMatch(r -> CONSOLE_PATH.equals(r.getPath()));
    }

    /** Scheme and host the request came to, from its Host header; the configured base URL without one. */
    private String origin(RoutingContext rc) {
        String host = rc.request().authority() == null ? null : rc.request().authority().host();
        return host == null ? settings.baseUrl() : rc.request().scheme() + "://" + host;
    }

    /** {@code base}'s scheme and host with the management port. */
    String managementBase(String base) {
        URI uri = URI.create(base);
        String host = uri.getHost() == null ? "localhost" : uri.getHost();
        return uri.getScheme() + "://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + managementPort;
    }
}
