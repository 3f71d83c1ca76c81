package dev.shortcode.api.applinks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.AppLinksOptions;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.problem.ProblemResponse;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * {@code /.well-known/apple-app-site-association} and {@code /.well-known/assetlinks.json}: the
 * configured files ({@link AppLinksOptions}) as {@code application/json}, answered directly (iOS
 * and Android follow no redirect for them), or 404 when not configured.
 */
@ApplicationScoped
public class WellKnownRoute {

    static final String AASA_PATH = "/.well-known/apple-app-site-association";
    static final String ASSET_LINKS_PATH = "/.well-known/assetlinks.json";

    @Inject
    ServiceOptions settings;

    @Inject
    ObjectMapper json;

    void register(@Observes Router router) {
        AppLinksOptions files = settings.appLinks();
        router.get(AASA_PATH).handler(rc -> serve(rc, files.appleAppSiteAssociation(), AppLinksOptions.AASA_KEY));
        router.head(AASA_PATH).handler(rc -> serve(rc, files.appleAppSiteAssociation(), AppLinksOptions.AASA_KEY));
        router.get(ASSET_LINKS_PATH).handler(rc -> serve(rc, files.assetLinks(), AppLinksOptions.ASSET_LINKS_KEY));
        router.head(ASSET_LINKS_PATH).handler(rc -> serve(rc, files.assetLinks(), AppLinksOptions.ASSET_LINKS_KEY));
    }

    private void serve(RoutingContext rc, Optional<byte[]> file, String key) {
        if (file.isEmpty()) {
            RouteAnswers.problem(rc, ProblemResponse.of(404, "not-found", "Not found", "this service has no such file; set " + key
                    + " to serve one", rc.request().path()), json);
            return;
        }
        rc.response().setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
                .putHeader("X-Content-Type-Options", "nosniff")
                .end(Buffer.buffer(file.get()));
    }
}
