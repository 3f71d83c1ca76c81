package dev.shortcode.api.qr;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.problem.ErrorMapping;
import io.vertx.core.Context;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import dev.shortcode.api.link.LinkKeys;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /{code}/qr}: the QR code of a short link, public like the redirect (it shows nothing
 * the link does not). A plain Vert.x route beside the redirect; the drawing happens on
 * {@link QrCodes}' own threads and the answer is written back on the request's event loop.
 */
@ApplicationScoped
public class QrRoute {

    static final String QR_PATH = "/([A-Za-z0-9_-]{2,64})/qr";

    /** Public caches may keep it an hour; a client then revalidates with its ETag. */
    static final String CACHE_CONTROL = "public, max-age=3600";

    @Inject
    QrCodes codes;

    @Inject
    LinkKeys keys;

    @Inject
    ObjectMapper json;

    void register(@Observes Router router) {
        router.getWithRegex(QR_PATH).handler(this::qr);
        router.headWithRegex(QR_PATH).handler(this::qr);
    }

    private void qr(RoutingContext rc) {
        String code = keys.key(rc.pathParam("param0"), keys.domainOf(rc.request()));
        Context context = Vertx.currentContext();
        QrSpec spec;
        try {
            spec = QrSpec.parse(parameters(rc.queryParams()), rc.request().getHeader(HttpHeaders.ACCEPT));
        } catch (RuntimeException e) {
            RouteAnswers.problem(rc, ErrorMapping.map(e, rc.request().path()), json);
            return;
        }
        codes.image(code, spec, rc.request().getHeader(HttpHeaders.IF_NONE_MATCH)).whenComplete((image, failure) ->
                RouteAnswers.onContext(context, () -> {
                    if (failure != null) {
                        RouteAnswers.problem(rc, ErrorMapping.map(failure, rc.request().path()), json);
                        return;
                    }
                    rc.response().putHeader(HttpHeaders.ETAG, image.etag()).putHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
                            .putHeader(HttpHeaders.VARY, "Accept");
                    if (image.notModified()) {
                        rc.response().setStatusCode(304).end();
                    } else {
                        rc.response().putHeader(HttpHeaders.CONTENT_TYPE, image.mediaType())
                                .putHeader("X-Content-Type-Options", "nosniff")
                                .end(io.vertx.core.buffer.Buffer.buffer(image.bytes()));
                    }
                }));
    }

    static Map<String, List<String>> parameters(MultiMap query) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String name : query.names()) {
            out.put(name, query.getAll(name));
        }
        return out;
    }
}
