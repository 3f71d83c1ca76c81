package dev.shortcode.api.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.page.VersionedAssets;
import dev.shortcode.api.problem.ProblemResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The console at {@code /console/}: one HTML page whose JS modules draw every view (sign-in,
 * create, find, a link, the admin pages) from the public JSON API, exactly as any client would; no
 * endpoint of its own. Its files live under {@code META-INF/resources/console/} and are answered
 * here only: the page, never stored, names them under their content's version
 * ({@link VersionedAssets}), stored for a year. Every answer carries the policy of a page that
 * holds an API key: this origin's scripts, styles, images and API calls only, no inline script, no
 * frame around it.
 */
@ApplicationScoped
public class ConsoleRoute {

    /** The console's address; the landing page links to it when this route is registered. */
    public static final String PATH = "/console/";

    /** Before the redirect route's code pattern ({@code /console} is shaped like a code) and the static handler. */
    static final int ORDER = -100;

    static final String DIRECTORY = "META-INF/resources/console/";

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:;"
            + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    /** Every file the page loads: the modules import each other relatively, under one version. */
    static final List<String> FILES = List.of("console.css", "app.js", "api.js", "dom.js", "format.js", "charts.js", "problems.js",
            "views/login.js", "views/create.js", "views/find.js", "views/link.js", "views/keys.js", "views/denylist.js",
            "views/reports.js", "views/routing.js", "views/targets.js");

    /** Where index.html puts the versioned prefix of the files. */
    static final String ASSETS = "{{assets}}";

    private final VersionedAssets assets = new VersionedAssets(DIRECTORY, "/console", FILES);

    private final String html = page(read("index.html"), assets.prefix());

    @Inject
    ObjectMapper json;

    void register(@Observes Router router) {
        router.get(PATH).order(ORDER).handler(this::page);
        router.head(PATH).order(ORDER).handler(this::page);
        router.getWithRegex("/console/index\\.html").order(ORDER).handler(this::page);
        router.routeWithRegex("/console").order(ORDER).handler(rc -> rc.response().setStatusCode(301)
                .putHeader(HttpHeaders.LOCATION, PATH).putHeader(HttpHeaders.CACHE_CONTROL, "no-cache").end());
        router.getWithRegex("/console/v/([0-9a-f]{16})/([a-z0-9_/-]+\\.(js|css))").order(ORDER).handler(rc -> {
            if (!assets.serve(rc.response(), rc.pathParam("param0"), rc.pathParam("param1"), POLICY)) {
                notFound(rc, "no console file is named " + rc.request().path() + " in this version of the service");
            }
        });
        // Anything else under /console/ is not the console's, nor a short code: a 404 of its own, not the static handler's.
        router.routeWithRegex("/console/.*").order(ORDER + 1).handler(rc -> notFound(rc, "the console is at " + PATH));
    }

    /** The version of the console's files, as their names carry it. */
    public String version() {
        return assets.version();
    }

    private void page(RoutingContext rc) {
        PageHeaders.write(rc.response(), 200, POLICY, html, "no-cache");
    }

    private void notFound(RoutingContext rc, String detail) {
        rc.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        RouteAnswers.problem(rc, ProblemResponse.of(404, "not-found", "Not found", detail, rc.request().path()), json);
    }

    /** {@code index.html} with its files' versioned prefix in place. */
    static String page(String index, String prefix) {
        if (!index.contains(ASSETS)) {
            throw new IllegalStateException("the console's index.html no longer refers to its files through " + ASSETS);
        }
        return index.replace(ASSETS, prefix);
    }

    private static String read(String file) {
        try (InputStream in = ConsoleRoute.class.getClassLoader().getResourceAsStream(DIRECTORY + file)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + file + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
