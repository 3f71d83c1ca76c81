package dev.shortcode.api.bulk;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.auth.LastUseRecorder;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.error.MissingScopeException;
import dev.shortcode.api.error.UnauthenticatedException;
import dev.shortcode.api.http.StreamedBodies;
import dev.shortcode.api.limit.ApiRateLimiter;
import dev.shortcode.api.limit.RateLimitHeaders;
import dev.shortcode.api.link.BatchCreator;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkRequests;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.problem.ProblemWriter;
import dev.shortcode.core.Storage;
import dev.shortcode.core.store.ApiKey;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Locale;

/**
 * {@code POST /api/v1/links/bulk}: NDJSON in, NDJSON out, streamed ({@link BulkStream}). A plain
 * Vert.x route, like the redirect: JAX-RS would read the whole body before the endpoint ran. It
 * authenticates like every endpoint ({@code X-API-Key} with {@code links:write}: 401, 403 as
 * problems before anything is read), accepts {@value #NDJSON} only (415 otherwise), then answers
 * 200 and one result line per input line.
 *
 * <p>The JAX-RS auth filter does not run for this route, so the per-key limits are applied here as
 * it would: opening a stream takes one unit of the key's requests a minute (429 {@code
 * rate-limited} with Retry-After, before the body is read), the RateLimit-Policy and RateLimit
 * fields go on the answer, and the lines take their links from the key's daily quota as they are
 * created ({@link BulkQuota}). The key is checked again while the stream is open
 * ({@link BulkKeyCheck}): a key revoked or expired meanwhile ends it.
 */
@ApplicationScoped
public class BulkRoute {

    public static final String PATH = "/api/v1/links/bulk";
    public static final String NDJSON = "application/x-ndjson";

    @Inject
    ApiKeys keys;

    @Inject
    ServiceOptions settings;

    @Inject
    ObjectMapper json;

    @Inject
    LinkRequests requests;

    @Inject
    BatchCreator batches;

    @Inject
    LinkReader reader;

    @Inject
    Storage storage;

    @Inject
    MeterRegistry registry;

    @Inject
    ApiRateLimiter limits;

    @Inject
    LastUseRecorder lastUse;

    /** Between the request guard (-100) and Quarkus' upload limit (-2). */
    static final int ROUTE_ORDER = -50;

    private BulkCreator creator;
    private BulkLineReader lines;
    private ObjectWriter results;
    private BulkMetrics metrics;

    void register(@Observes Router router) {
        creator = new BulkCreator(requests, batches, reader, new BulkRefs(storage.idempotency(), settings.idempotencyTtl()));
        lines = new BulkLineReader(json);
        results = json.writerFor(BulkResult.class).without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE); // one flush per chunk, at its end
        metrics = new BulkMetrics(registry);
        // Before Quarkus' own body-size check (order -2), which refuses a large Content-Length: a
        // stream has no size limit. After the connection deadlines and the request guard.
        router.post(PATH).order(ROUTE_ORDER).handler(this::bulk);
        router.route(PATH).order(ROUTE_ORDER).handler(rc -> {
            rc.response().putHeader(HttpHeaders.ALLOW, "POST");
            ProblemWriter.write(rc.response(), ProblemResponse.of(405, "method-not-allowed", "Method not allowed",
                    "the bulk endpoint answers POST only", PATH), json);
        });
    }

    private void bulk(RoutingContext rc) {
        HttpServerRequest request = rc.request();
        request.pause(); // nothing is read before the caller is known
        StreamedBodies.takeOverBodyDeadline(request);
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith(NDJSON)) {
            refuse(rc, ProblemResponse.of(415, "unsupported-media-type", "Unsupported media type",
                    "the bulk endpoint reads " + NDJSON + ": one JSON create request per line", PATH));
            return;
        }
        String presented = request.getHeader(ApiKeyFilter.HEADER);
        if (presented == null || presented.isBlank()) {
            refuse(rc, ErrorMapping.map(new UnauthenticatedException("send an API key in the " + ApiKeyFilter.HEADER + " header"), PATH));
            return;
        }
        Context context = Vertx.currentContext();
        keys.authenticate(presented.trim()).whenComplete((found, failure) -> context.runOnContext(v -> {
            if (failure != null) {
                refuse(rc, ErrorMapping.map(failure, PATH));
            } else if (found.isEmpty()) {
                refuse(rc, ErrorMapping.map(new UnauthenticatedException("the API key in " + ApiKeyFilter.HEADER
                        + " is unknown, revoked or expired"), PATH));
            } else if (!found.get().allows(ApiKey.Scope.LINKS_WRITE)) {
                refuse(rc, ErrorMapping.map(new MissingScopeException(found.get().id(), ApiKey.Scope.LINKS_WRITE.label()), PATH));
            } else {
                admit(rc, found.get(), new BulkKeyCheck(keys, presented.trim()));
            }
        }));
    }

    /** Charges the stream's request unit, as the auth filter does for every other request, then starts the stream. */
    private void admit(RoutingContext rc, ApiKey key, BulkKeyCheck keyCheck) {
        lastUse.record(key);
        Context context = Vertx.currentContext();
        limits.admit(key, rc).whenComplete((refused, failure) -> context.runOnContext(v -> {
            RateLimitHeaders.of(rc).forEach(rc.response()::putHeader);
            if (failure != null) {
                refuse(rc, ErrorMapping.map(failure, PATH));
            } else if (refused != null) {
                refuse(rc, ErrorMapping.map(refused, PATH));
            } else {
                new BulkStream(rc.request(), creator, lines, results, settings.bulk(), key.id(), new BulkQuota(limits.partialQuota(rc)),
                        keyCheck, metrics).start();
            }
        }));
    }

    /** Answers before the body is read, and closes the connection: its unread body cannot be skipped cheaply. */
    private void refuse(RoutingContext rc, ProblemResponse problem) {
        rc.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        rc.response().endHandler(v -> rc.request().connection().close());
        ProblemWriter.write(rc.response(), problem, json);
    }
}
