package dev.shortcode.api.http;

import dev.shortcode.api.config.HttpOptions;
import dev.shortcode.api.config.ServiceOptions;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.AttributeKey;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.quarkus.vertx.http.ManagementInterface;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;

/**
 * Puts a header and a body timeout on the public port, which neither Quarkus nor Vert.x offers:
 * without them a client that sends one header byte per second, or a body that never ends, holds
 * a connection for as long as it likes.
 *
 * <p>Design note. Vert.x gives no hook when a connection opens, so the first request's head is
 * bounded by the one connection-level timer it does have: the write-idle timeout
 * ({@link HttpServerOptions#setWriteIdleTimeout}), set here to the header timeout. Nothing is
 * written to a connection before its first response, so it closes a connection whose first head
 * has not arrived within that time of the connection opening. When that head arrives, the request
 * passes {@link #install}, the first place the service sees the connection: the write-idle timeout
 * is taken off again (it would also cut an answer that takes longer to compute) and
 * {@link ConnectionDeadlines} takes over for the rest of the connection's life. Cleartext HTTP/2
 * (h2c) is turned off: it sniffs the first bytes before any of this applies, and the deadlines
 * here are HTTP/1.x ones. {@code quarkus.http.idle-timeout} still closes a connection on which
 * nothing at all moves.
 *
 * <p>The management port has the same deadlines. Quarkus applies no options customizer to it, so
 * there its idle timeout ({@code quarkus.management.idle-timeout}, set to the header timeout in
 * {@code application.properties}) closes a connection on which nothing arrives before its first
 * head; from that head on, {@link ConnectionDeadlines} holds as on the public port.
 */
@Singleton
public class ConnectionDeadlineInstaller implements HttpServerOptionsCustomizer {

    /** Before every other route of this service: the deadline holds from the head on. */
    static final int ROUTE_ORDER = -200;
    private static final AttributeKey<Boolean> INSTALLED = AttributeKey.valueOf("shortcode.deadlines");

    @Inject
    ServiceOptions settings;

    private volatile HttpOptions limits;

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        apply(options);
    }

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        apply(options);
    }

    @Override
    public void customizeDomainSocketServer(HttpServerOptions options) {
        apply(options);
    }

    private void apply(HttpServerOptions options) {
        limits = settings.http();
        options.setHttp2ClearTextEnabled(false);
        TimeUnit unit = options.getIdleTimeoutUnit(); // the unit Quarkus gave the idle timeout in
        options.setWriteIdleTimeout((int) Math.max(1, unit.convert(limits.headerTimeout().toNanos(), TimeUnit.NANOSECONDS)));
    }

    void register(@Observes Router router) {
        router.route().order(ROUTE_ORDER).handler(this::install);
    }

    void registerManagement(@Observes ManagementInterface management) {
        management.router().route().order(ROUTE_ORDER).handler(this::install);
    }

    private void install(RoutingContext rc) {
        HttpServerRequest request = rc.request();
        HttpOptions current = limits;
        if (current != null && request.connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channel();
            if (!channel.hasAttr(INSTALLED)) {
                channel.attr(INSTALLED).set(Boolean.TRUE);
                takeOver(channel.pipeline(), request, current);
            }
        }
        rc.next();
    }

    private static void takeOver(ChannelPipeline pipeline, HttpServerRequest request, HttpOptions limits) {
        ChannelHandler idle = pipeline.get("idle");
        if (idle instanceof IdleStateHandler handler && handler.getWriterIdleTimeInMillis() > 0) {
            long allIdle = handler.getAllIdleTimeInMillis();
            if (allIdle > 0) {
                pipeline.replace("idle", "idle", new IdleStateHandler(0, 0, allIdle, TimeUnit.MILLISECONDS));
            } else {
                pipeline.remove("idle");
            }
        }
        if (request.version() != HttpVersion.HTTP_2 && pipeline.get("handler") != null) {
            pipeline.addBefore("handler", ConnectionDeadlines.NAME, new ConnectionDeadlines(limits.headerTimeout().toNanos(),
                    limits.bodyTimeout().toNanos(), !request.isEnded(), request::isEnded));
        }
    }
}
