package dev.shortcode.loadtest;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The Vert.x HTTP/1.1 client that sends the load: {@code --connections} keep-alive connections,
 * no pipelining, redirects never followed (a 302 is the answer being measured, and its Location
 * must never be fetched).
 *
 * <p>The connections are split into lanes, one per event loop, each lane with its own pool used
 * only from its own event loop. A request therefore stays on one thread from pool to response;
 * a single shared pool would hand connections across event loops and pay a thread hop each way.
 * {@link #send} may be called from any thread: the request is handed to a lane round-robin, so the
 * scheduler thread only enqueues and never waits on the network.
 */
final class LoadClient implements AutoCloseable {

    private final TargetUrl target;
    private final String apiKey;
    private final long timeoutMillis;
    private final Vertx vertx;
    private final Lane[] lanes;
    private final AtomicInteger nextLane = new AtomicInteger();

    private record Lane(Context context, HttpClient client) {
    }

    LoadClient(TargetUrl target, int connections, Duration timeout, String apiKey) {
        this.target = target;
        this.apiKey = apiKey;
        this.timeoutMillis = Math.max(1, timeout.toMillis());
        int eventLoops = Math.max(1, Math.min(connections, Runtime.getRuntime().availableProcessors()));
        this.vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(eventLoops)
                .setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1)
                // No class-path file cache: this process serves no files, and should leave no temp dirs.
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false)
                        .setClassPathResolvingEnabled(false)));
        this.lanes = new Lane[eventLoops];
        for (int i = 0; i < eventLoops; i++) {
            int laneConnections = connections / eventLoops + (i < connections % eventLoops ? 1 : 0);
            // From a non-Vert.x thread each call makes a new context, on the next event loop round-robin.
            lanes[i] = new Lane(vertx.getOrCreateContext(), vertx.createHttpClient(
                    new HttpClientOptions()
                            .setKeepAlive(true)
                            .setPipelining(false)
                            .setTcpNoDelay(true)
                            .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis)),
                    new PoolOptions()
                            .setHttp1MaxSize(laneConnections)
                            // The generator bounds outstanding requests itself (--max-in-flight).
                            .setMaxWaitQueueSize(-1)));
        }
    }

    /** Sends a request and reports how it ended to {@code onDone}, on an event-loop thread. */
    void send(RequestSpec spec, Consumer<Exchange> onDone) {
        Lane lane = lanes[Math.floorMod(nextLane.getAndIncrement(), lanes.length)];
        lane.context().runOnContext(ignored -> {
            long[] sentAt = {-1};
            lane.client().request(options(spec))
                    .compose(request -> {
                        sentAt[0] = System.nanoTime();
                        return spec.body() == null ? request.send() : request.send(spec.body());
                    })
                    // Read the whole body: latency ends when the response is complete, and the
                    // connection can only be reused once it is.
                    .compose(response -> response.body().map(body -> response.statusCode()))
                    .onComplete(result -> {
                        long done = System.nanoTime();
                        onDone.accept(result.succeeded()
                                ? Exchange.response(sentAt[0], done, result.result())
                                : Exchange.failed(sentAt[0], done, FailureKind.classify(result.cause(), sentAt[0] >= 0)));
                    });
        });
    }

    /** One request whose body the caller needs (working-set creation); not part of any measurement. */
    Future<Response> call(RequestSpec spec) {
        Promise<Response> promise = Promise.promise();
        Lane lane = lanes[0];
        lane.context().runOnContext(ignored -> lane.client().request(options(spec))
                .compose(request -> spec.body() == null ? request.send() : request.send(spec.body()))
                .compose(response -> response.body().map(body -> new Response(response.statusCode(), body)))
                .onComplete(promise));
        return promise.future();
    }

    /**
     * Every request's User-Agent: a desktop browser's, so that the service's click statistics count
     * the redirects as people's (classified, hashed as visitors, broken down), their costlier path.
     */
    static final String USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.0.0 Safari/537.36";

    private RequestOptions options(RequestSpec spec) {
        RequestOptions options = new RequestOptions()
                .setMethod(spec.method())
                .setHost(target.connectHost())
                .setPort(target.port())
                .setURI(target.uri(spec.path()))
                .setConnectTimeout(timeoutMillis)
                .setIdleTimeout(timeoutMillis)
                .setFollowRedirects(false)
                .putHeader(HttpHeaders.USER_AGENT, USER_AGENT);
        if (spec.body() != null) {
            options.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        }
        if (apiKey != null) {
            options.putHeader(LinkApi.API_KEY_HEADER, apiKey);
        }
        return options;
    }

    @Override
    public void close() {
        for (Lane lane : lanes) {
            try {
                lane.client().close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // Closing Vert.x below closes the client too; nothing more to do here.
            }
        }
        VertxCloser.close(vertx);
    }

    record Response(int status, Buffer body) {
    }
}
