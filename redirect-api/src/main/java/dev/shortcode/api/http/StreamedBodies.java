package dev.shortcode.api.http;

import io.netty.channel.ChannelHandler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.Set;

/**
 * The routes that read their bodies as a stream (the bulk endpoint) instead of whole: no body-size
 * limit applies to them ({@link RequestGuard} lets them through unread), and their connection's
 * body deadline is handed to the route, which knows when it waits for the client and when the
 * client waits for it.
 */
public final class StreamedBodies {

    private static final Set<String> PATHS = Set.of("/api/v1/links/bulk");

    private StreamedBodies() {}

    static boolean streamed(String path) {
        return path != null && PATHS.contains(path);
    }

    /**
     * Takes the body deadline off the request in progress on this connection: the route bounds
     * its body's idle time itself. Call on the request's event loop, before reading the body.
     */
    public static void takeOverBodyDeadline(HttpServerRequest request) {
        if (request.connection() instanceof ConnectionBase connection) {
            ChannelHandler handler = connection.channel().pipeline().get(ConnectionDeadlines.NAME);
            if (handler instanceof ConnectionDeadlines deadlines) {
                deadlines.bodyStreamedByRoute();
            }
        }
    }
}
