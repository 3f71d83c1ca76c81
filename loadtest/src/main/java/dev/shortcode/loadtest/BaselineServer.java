package dev.shortcode.loadtest;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;

import java.util.concurrent.TimeUnit;

/**
 * The bare Vert.x baseline: what a 302 (and a small 201) costs on this box with no application
 * logic at all, so the service's figures can be read against the floor of the same stack.
 * {@code GET /*} → 302 with a fixed Location; {@code POST …/batch} → 200 {@code {"results":[]}};
 * any other {@code POST} → 201 with a fixed small JSON link. Request bodies are read, not parsed.
 */
public final class BaselineServer implements AutoCloseable {

    static final String LOCATION = "https://example.com/";
    static final Buffer LINK_JSON = Buffer.buffer(
            "{\"code\":\"baseline\",\"shortUrl\":\"http://127.0.0.1/baseline\",\"url\":\"https://example.com/\"}");
    static final Buffer BATCH_JSON = Buffer.buffer("{\"results\":[]}");

    private final Vertx vertx;
    private final int port;

    private BaselineServer(Vertx vertx, int port) {
        this.vertx = vertx;
        this.port = port;
    }

    /**
     * @param port 0 for any free port (see {@link #port()})
     * @param eventLoops server instances, one per event loop, sharing the port
     */
    public static BaselineServer start(String host, int port, int eventLoops) {
        if (!TargetUrl.isLoopback(host)) {
            throw new IllegalArgumentException("--host must be a loopback address (was " + host + ")");
        }
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops).setWorkerPoolSize(1)
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false)
                        .setClassPathResolvingEnabled(false)));
        try {
            // The first instance learns the actual port (port 0 = any); the rest share it.
            int actual = deploy(vertx, host, port, 1);
            if (eventLoops > 1) {
                deploy(vertx, host, actual, eventLoops - 1);
            }
            return new BaselineServer(vertx, actual);
        } catch (RuntimeException e) {
            VertxCloser.close(vertx);
            throw e;
        }
    }

    private static int deploy(Vertx vertx, String host, int port, int instances) {
        int[] bound = new int[1];
        try {
            vertx.deployVerticle(() -> new Verticle(host, port, bound), new DeploymentOptions().setInstances(instances))
                    .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the baseline server", e);
        } catch (Exception e) {
            throw new IllegalStateException("baseline server could not listen on " + host + ":" + port + ": "
                    + (e.getCause() == null ? e : e.getCause()), e);
        }
        return bound[0];
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        VertxCloser.close(vertx);
    }

    private static final class Verticle extends AbstractVerticle {
        private final String host;
        private final int port;
        private final int[] bound;

        Verticle(String host, int port, int[] bound) {
            this.host = host;
            this.port = port;
            this.bound = bound;
        }

        @Override
        public void start(Promise<Void> started) {
            vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true))
                    .requestHandler(Verticle::handle)
                    .listen(port, host)
                    .onSuccess(server -> {
                        bound[0] = server.actualPort();
                        started.complete();
                    })
                    .onFailure(started::fail);
        }

        private static void handle(HttpServerRequest request) {
            // Wait for the whole request (bodies included) before answering, as a real service would.
            request.end().onComplete(ignored -> {
                if (request.method() == HttpMethod.GET || request.method() == HttpMethod.HEAD) {
                    request.response().setStatusCode(302).putHeader(HttpHeaders.LOCATION, LOCATION).end();
                } else if (request.method() == HttpMethod.POST) {
                    boolean batch = request.path().endsWith("/batch");
                    request.response().setStatusCode(batch ? 200 : 201)
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .end(batch ? BATCH_JSON : LINK_JSON);
                } else {
                    request.response().setStatusCode(405).end();
                }
            });
        }
    }
}
