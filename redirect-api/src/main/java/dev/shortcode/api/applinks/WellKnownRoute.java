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
import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.core.store.Domain;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code /.well-known/apple-app-site-association} and {@code /.well-known/assetlinks.json}: the
 * configured files ({@link AppLinksOptions}), or a branded domain's own when it has them, as
 * {@code application/json}, answered directly (iOS and Android follow no redirect for them), or
 * 404 when there is none.
 */
@ApplicationScoped
public class WellKnownRoute {

    static final String AASA_PATH = "/.well-known/apple-app-site-association";
    static final String ASSET_LINKS_PATH = "/.well-known/assetlinks.json";

    @Inject
    ServiceOptions settings;

    @Inject
    ObjectMapper json;

    @Inject
    DomainRegistry domains;

    void register(@Observes Router router) {
        AppLinksOptions files = settings.appLinks();
        router.get(AASA_PATH).handler(rc -> serve(rc, file(rc, Domain::appleAppSiteAssociation, files.appleAppSiteAssociation()), AppLinksOptions.AASA_KEY));
        router.head(AASA_PATH).handler(rc -> serve(rc, file(rc, Domain::appleAppSiteAssociation, files.appleAppSiteAssociation()), AppLinksOptions.AASA_KEY));
        router.get(ASSET_LINKS_PATH).handler(rc -> serve(rc, file(rc, Domain::assetLinks, files.assetLinks()), AppLinksOptions.ASSET_LINKS_KEY));
        router.head(ASSET_LINKS_PATH).handler(rc -> serve(rc, file(rc, Domain::assetLinks, files.assetLinks()), AppLinksOptions.ASSET_LINKS_KEY));
    }

    /** The file of the branded domain the request names, when it has its own; else the configured one. */
    private Optional<byte[]> file(RoutingContext rc, Function<Domain, String> ofDomain, Optional<byte[]> configured) {
        return domains.of(rc.request()).map(ofDomain).filter(f -> !f.isEmpty()).map(f -> f.getBytes(StandardCharsets.UTF_8))
                .or(() -> configured);
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
