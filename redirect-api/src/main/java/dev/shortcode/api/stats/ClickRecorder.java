package dev.shortcode.api.stats;

import dev.shortcode.core.store.LinkRecord;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.time.Clock;

/**
 * The redirect route's one call into click statistics: {@link #record} keeps references to the
 * request's User-Agent, Referer, query and client address and hands them to the flusher's queue.
 * Nothing is parsed or looked up here, and nothing waits: it is safe and cheap on the event loop.
 * Behind a proxy the client address is the proxy's unless the service is told to trust
 * forwarding headers ({@code quarkus.http.proxy.proxy-address-forwarding=true}).
 */
public final class ClickRecorder {

    /** Records nothing: statistics are off. */
    static final ClickRecorder OFF = new ClickRecorder(null, Clock.systemUTC());

    private final ClickPipeline pipeline;
    private final Clock clock;

    ClickRecorder(ClickPipeline pipeline, Clock clock) {
        this.pipeline = pipeline;
        this.clock = clock;
    }

    /** Counts a redirect to {@code link}, answered to {@code request}. */
    public void record(HttpServerRequest request, LinkRecord link) {
        if (pipeline == null) {
            return;
        }
        SocketAddress remote = request.remoteAddress();
        pipeline.offer(new Click(link.code(), link.ownerKeyId(), clock.millis(), request.getHeader(HttpHeaders.USER_AGENT),
                remote == null ? null : remote.host(), request.getHeader(HttpHeaders.REFERER), request.query(),
                request.method() == HttpMethod.HEAD));
    }
}
