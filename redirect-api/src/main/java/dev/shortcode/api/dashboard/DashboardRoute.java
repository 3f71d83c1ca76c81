package dev.shortcode.api.dashboard;

import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.api.page.VersionedAssets;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The capacity page. Its files live under {@code META-INF/resources/dashboard/}, but are answered
 * here, for three reasons:
 * <ul>
 * <li>{@code /dashboard} without the slash would otherwise be taken for a short code by the
 * redirect route (a regex route, because a plain {@code /dashboard} route also matches
 * {@code /dashboard/});
 * <li>the page's script and style are referred to as {@code /dashboard/v/<hash of their
 * content>/<file>} ({@link VersionedAssets}), stored for a year, and the HTML itself is never
 * stored: an upgrade reaches every browser at its next load. The fixed names
 * ({@code /dashboard/dashboard.js}) still answer, for a page loaded before an upgrade, but are
 * never stored;
 * <li>the page holds an API key, so it and its files carry the headers of every page: a policy
 * that allows this origin's scripts, styles and API calls only, never an inline script, never a
 * frame around it.
 * </ul>
 */
@ApplicationScoped
public class DashboardRoute {

    /** Before the redirect route's code pattern, which matches {@code /dashboard} too, and before the static handler. */
    static final int ORDER = -100;

    static final String DIRECTORY = "META-INF/resources/dashboard/";

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
            + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    static final List<String> FILES = List.of("dashboard.js", "dashboard.css");

    private final VersionedAssets assets = new VersionedAssets(DIRECTORY, "/dashboard", FILES);

    private final String html = versioned(read("index.html"), assets);

    void register(@Observes Router router) {
        router.getWithRegex("/dashboard(/|/index\\.html)?").order(ORDER).handler(this::page);
        router.headWithRegex("/dashboard(/|/index\\.html)?").order(ORDER).handler(this::page);
        router.getWithRegex("/dashboard/v/([0-9a-f]{16})/([a-z.]+)").order(ORDER).handler(rc -> {
            if (!assets.serve(rc.response(), rc.pathParam("param0"), rc.pathParam("param1"), POLICY)) {
                rc.next();
            }
        });
        router.getWithRegex("/dashboard/([a-z]+\\.(js|css))").order(ORDER).handler(rc -> {
            String file = rc.pathParam("param0");
            if (assets.content(file) == null) {
                rc.next();
                return;
            }
            VersionedAssets.write(rc.response(), file, assets.content(file), POLICY, "no-cache");
        });
        // Anything else under /dashboard/: the static handler answers (or 404), with these headers.
        router.routeWithRegex("/dashboard/.+").order(ORDER + 1).handler(rc -> {
            rc.response().putHeader("Content-Security-Policy", POLICY).putHeader("Referrer-Policy", "no-referrer");
            rc.next();
        });
    }

    private void page(RoutingContext rc) {
        PageHeaders.write(rc.response(), 200, POLICY, html, "no-cache");
    }

    /** {@code index.html} with each of the page's own files referred to under the assets' versioned prefix. */
    static String versioned(String index, VersionedAssets assets) {
        String out = index;
        for (String file : FILES) {
            String path = "\"/dashboard/" + file + "\"";
            if (!out.contains(path)) {
                throw new IllegalStateException("the dashboard's index.html no longer refers to " + path);
            }
            out = out.replace(path, "\"" + assets.prefix() + file + "\"");
        }
        return out;
    }

    private static String read(String file) {
        try (InputStream in = DashboardRoute.class.getClassLoader().getResourceAsStream(DIRECTORY + file)) {
            if (in == null) {
                throw new IllegalStateException("the dashboard's " + file + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
