package dev.shortcode.api.dashboard;

import dev.shortcode.api.page.PageHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The capacity page. Its files live under {@code META-INF/resources/dashboard/}, served by the
 * static handler, but its HTML is answered here, for three reasons:
 * <ul>
 * <li>{@code /dashboard} without the slash would otherwise be taken for a short code by the
 * redirect route (a regex route, because a plain {@code /dashboard} route also matches
 * {@code /dashboard/});
 * <li>the static handler marks what it serves immutable for a day, so the page's own script and
 * style are referred to with {@code ?v=} and their content's hash, and the HTML itself is never
 * stored: an upgrade reaches every browser at its next load;
 * <li>the page holds an admin key, so it and its files carry the headers of every page: a policy
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

    private final String html = versioned(read("index.html"));

    void register(@Observes Router router) {
        router.getWithRegex("/dashboard(/|/index\\.html)?").order(ORDER).handler(this::page);
        router.headWithRegex("/dashboard(/|/index\\.html)?").order(ORDER).handler(this::page);
        // The script, style and anything else under /dashboard/: the static handler answers, with these headers.
        router.routeWithRegex("/dashboard/.+").order(ORDER).handler(rc -> {
            rc.response().putHeader("Content-Security-Policy", POLICY).putHeader("Referrer-Policy", "no-referrer");
            rc.next();
        });
    }

    private void page(RoutingContext rc) {
        PageHeaders.write(rc.response(), 200, POLICY, html, "no-cache");
    }

    /** {@code index.html} with each of the page's own files referred to as {@code file?v=<hash of its content>}. */
    static String versioned(String index) {
        String out = index;
        for (String file : new String[] {"dashboard.js", "dashboard.css"}) {
            String path = "/dashboard/" + file + "\"";
            if (!out.contains(path)) {
                throw new IllegalStateException("the dashboard's index.html no longer refers to " + path);
            }
            out = out.replace(path, "/dashboard/" + file + "?v=" + hash(read(file)) + "\"");
        }
        return out;
    }

    private static String hash(String content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
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
