package dev.shortcode.api.stats;

import dev.shortcode.core.store.LinkRecord;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.time.Clock;

/**
 * The redirect route's one call into click statistics: {@link #record} keeps references to the
 * request's User-Agent, Referer, query and client address and hands them to the flusher's queue.
 * Nothing is parsed or looked up here, and nothing waits: it is safe and cheap on the event loop.
 * Behind a proxy the client address is the proxy's unless the service is told to trust
 * forwarding headers ({@code quarkus.http.proxy.proxy-address-forwarding=true}).
 *
 * <p>Without that trust the address is the connection's peer (a PROXY protocol header's address
 * when there is one), not the request's: Vert.x Web works out a request's whole forwarded view
 * (scheme, authority, host and address) the first time any of them is asked for, which was 1.4 µs
 * of the event loop per redirect and two thirds of what counting a click cost there; the
 * connection knows its peer once for all its requests.
 */
public final class ClickRecorder {

    /** The variant of a click on a link without a split, or whose visitor a rule sent. */
    public static final int NO_VARIANT = -1;

    /** Records nothing: statistics are off. */
    static final ClickRecorder OFF = new ClickRecorder(null, Clock.systemUTC(), false);

    private final ClickPipeline pipeline;
    private final Clock clock;
    private final boolean forwardedTrusted;

    /** @param forwardedTrusted whether the client address comes from forwarding headers Quarkus was told to trust */
    ClickRecorder(ClickPipeline pipeline, Clock clock, boolean forwardedTrusted) {
        this.pipeline = pipeline;
        this.clock = clock;
        this.forwardedTrusted = forwardedTrusted;
    }

    /** Counts a redirect to {@code link}, answered to {@code request}. */
    public void record(HttpServerRequest request, LinkRecord link) {
        record(request, link, NO_VARIANT);
    }

    /** Counts a redirect to variant {@code variant} of {@code link}'s split ({@link #NO_VARIANT}: none). */
    public void record(HttpServerRequest request, LinkRecord link, int variant) {
        if (pipeline == null) {
            return;
        }
        pipeline.offer(new Click(link.code(), link.ownerKeyId(), clock.millis(), request.getHeader(HttpHeaders.USER_AGENT),
                VisitorFacts.clientAddress(request, forwardedTrusted), request.getHeader(HttpHeaders.REFERER), request.query(),
                request.method() == HttpMethod.HEAD, variant, link.routing().domain()));
    }
}
