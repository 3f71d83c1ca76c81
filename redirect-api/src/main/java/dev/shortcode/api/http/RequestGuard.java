package dev.shortcode.api.http;

import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.error.Echo;
import io.netty.util.AttributeKey;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses, before any route sees it, a request that two HTTP parsers could read two ways or that
 * exceeds a limit, answering problem+json where Quarkus would answer with no body or log an
 * error: a {@code Transfer-Encoding} other than exactly {@code chunked}, or together with a
 * {@code Content-Length} (400, connection closed); a field that may appear once given twice
 * ({@code Host}, {@code X-API-Key}, {@code Content-Type}, {@code Idempotency-Key}: 400); more than
 * {@code shortcode.http.max-header-count} fields (431); a body over
 * {@code quarkus.http.limits.max-body-size} (413, connection closed); and, as a failure handler,
 * the router's own refusals, such as a request without {@code Host} (400).
 *
 * <p>Design note. RFC 9112 §6.1 leaves a server no choice over a {@code Transfer-Encoding} whose
 * final coding is not {@code chunked} (Netty frames such a request by its {@code Content-Length},
 * or as bodiless): answer 400 and close the connection, since the bytes after it may be a request
 * smuggled past a proxy that framed it otherwise. Closing is not enough by itself: Vert.x has
 * decoded and queued a request pipelined behind it, and starts it as soon as the 400 is written,
 * before the close takes effect. So the connection is marked first, and any request still arriving
 * on a marked connection is dropped unanswered, before it can do anything.
 */
@ApplicationScoped
public class RequestGuard {

    /** After the deadline installer, before everything else, Quarkus' own body-size check (-2) included. */
    static final int ROUTE_ORDER = -100;
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf("shortcode.refused-framing");

    @Inject
    ServiceOptions settings;

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> maxBodySize;

    private int maxHeaderCount;
    private long maxBody;
    /**
     * A chunked body announces no length, and the endpoint's reader would answer its excess with
     * a bare 413: such bodies are read here instead, and an excess fails the route, which
     * {@link #refused} answers as a problem.
     */
    private BodyHandler chunkedBodies;

    void register(@Observes Router router) {
        maxHeaderCount = settings.http().maxHeaderCount();
        maxBody = maxBodySize.map(MemorySize::asLongValue).orElse(Long.MAX_VALUE);
        chunkedBodies = BodyHandler.create(false).setBodyLimit(maxBody).setMergeFormAttributes(false);
        router.route().order(ROUTE_ORDER).handler(this::check);
        router.route().order(ROUTE_ORDER).failureHandler(this::refused);
    }

    private void check(RoutingContext rc) {
        HttpServerRequest request = rc.request();
        if (request.connection() instanceof ConnectionBase connection && connection.channel().hasAttr(REFUSED)) {
            request.connection().close(); // pipelined behind a request refused for its framing: never answered
            return;
        }
        MultiMap headers = request.headers();
        String framing = framingProblem(request.version(), headers);
        if (framing != null) {
            if (request.connection() instanceof ConnectionBase connection) {
                connection.channel().attr(REFUSED).set(Boolean.TRUE);
            }
            TransportProblems.respond(rc, 400, "invalid-framing", "Bad request", framing, true);
            return;
        }
        int count = 0;
        int singletons = 0; // one bit per field that may appear once, set when it has
        for (Map.Entry<String, String> header : headers) {
            if (++count > maxHeaderCount) {
                TransportProblems.respond(rc, 431, "too-many-headers", "Request header fields too large",
                        "a request may have at most " + maxHeaderCount + " header fields", true);
                return;
            }
            int bit = singleton(header.getKey());
            if (bit != 0 && (singletons & bit) != 0) {
                // Which one counts is up to each parser: a proxy and this service could act on different ones.
                TransportProblems.respond(rc, 400, "duplicate-header", "Bad request",
                        "the header field " + SINGLETONS.get(Integer.numberOfTrailingZeros(bit)) + " may appear only once", false);
                return;
            }
            singletons |= bit;
        }
        if (StreamedBodies.streamed(request.path())) {
            rc.next(); // read as a stream by its route, line by line: no size limit
            return;
        }
        String length = headers.get(HttpHeaders.CONTENT_LENGTH);
        if (length != null && announced(length) > maxBody) {
            TransportProblems.respond(rc, 413, "body-too-large", "Payload too large",
                    "a request body may have at most " + maxBody + " bytes; this one announces " + Echo.of(length.trim()), true);
            return;
        }
        if (length == null && headers.contains(HttpHeaders.TRANSFER_ENCODING)) {
            chunkedBodies.handle(rc); // read here, within the limit (413 below if not), rather than by the endpoint
            return;
        }
        rc.next();
    }

    /** Fields a request may carry once (RFC 9112 §3.2 for Host; the others are single values here). */
    private static final List<String> SINGLETONS = List.of("Host", "X-API-Key", "Content-Type", "Idempotency-Key");

    /** The bit of a field in {@link #SINGLETONS}, 0 for any other; by length first, as nearly every field is another. */
    private static int singleton(String name) {
        int index = switch (name.length()) {
            case 4 -> 0;
            case 9 -> 1;
            case 12 -> 2;
            case 15 -> 3;
            default -> -1;
        };
        return index >= 0 && name.equalsIgnoreCase(SINGLETONS.get(index)) ? 1 << index : 0;
    }

    /** The announced body length; Netty has checked it is one decimal number, so only a huge one is left to refuse. */
    private static long announced(String length) {
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Why the body of this request cannot be framed reliably; {@code null} when it can. */
    static String framingProblem(HttpVersion version, MultiMap headers) {
        List<String> codings = headers.getAll(HttpHeaders.TRANSFER_ENCODING);
        if (codings.isEmpty()) {
            return null;
        }
        if (version == HttpVersion.HTTP_1_0) {
            return "Transfer-Encoding is not part of HTTP/1.0; the body cannot be framed";
        }
        if (codings.size() > 1 || !codings.get(0).trim().equalsIgnoreCase("chunked")) {
            return "Transfer-Encoding must be exactly 'chunked'; '" + Echo.of(String.join(", ", codings))
                    + "' leaves the body's length uncertain";
        }
        if (headers.contains(HttpHeaders.CONTENT_LENGTH)) {
            return "Transfer-Encoding and Content-Length together leave the body's length uncertain; send one of them";
        }
        return null;
    }

    /** The router's refusals before any route ran (no or a malformed Host header) and other 4xx failures, as problems. */
    private void refused(RoutingContext rc) {
        int status = rc.statusCode();
        if (status < 400 || status >= 500 || rc.response().ended()) {
            rc.next(); // a failure of the service itself: Quarkus' handler renders and logs it
            return;
        }
        HttpServerRequest request = rc.request();
        String why = rc.failure() == null ? "" : String.valueOf(rc.failure().getMessage());
        String host = request.headers().get(HttpHeaders.HOST);
        if (status == 400 && why.contains("'Host' header")) {
            TransportProblems.respond(rc, 400, "invalid-host", "Bad request", host == null
                    ? "an HTTP/1.1 request must name its host in a Host header"
                    : "the Host header '" + Echo.of(host) + "' is not a valid host[:port]", false);
        } else if (status == 413) {
            TransportProblems.respond(rc, 413, "body-too-large", "Payload too large",
                    "a request body may have at most " + maxBody + " bytes", true);
        } else {
            TransportProblems.respond(rc, status, "http-" + status, "Request refused",
                    "the request was refused with status " + status, false);
        }
    }
}
