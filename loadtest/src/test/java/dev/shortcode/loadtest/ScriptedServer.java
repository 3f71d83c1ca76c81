package dev.shortcode.loadtest;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A small Vert.x server for the tests, on 127.0.0.1 and a free port, whose reply to the n-th
 * request (1-based, in arrival order) is given by a script: a status, a body, an optional delay,
 * or no reply at all. Counts requests by path and remembers the last API key it saw.
 */
final class ScriptedServer implements AutoCloseable {

    /** What to answer. {@code hang} = never answer (the client must time out). */
    record Reply(int status, String body, long delayMillis, boolean hang) {
        static Reply of(int status) {
            return new Reply(status, "", 0, false);
        }

        static Reply json(int status, String body) {
            return new Reply(status, body, 0, false);
        }

        static Reply delayed(int status, long millis) {
            return new Reply(status, "", millis, false);
        }

        static Reply noReply() {
            return new Reply(0, "", 0, true);
        }
    }

    @FunctionalInterface
    interface Script {
        Reply reply(long n, HttpServerRequest request, Buffer body);
    }

    private final Vertx vertx;
    private final HttpServer server;
    private final AtomicLong requests = new AtomicLong();
    private final ConcurrentHashMap<String, LongAdder> paths = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> replies = new ConcurrentHashMap<>();
    private volatile String lastApiKey;

    private ScriptedServer(Script script) throws Exception {
        // One event loop: the order of arrival is the order of n, which the scripts rely on.
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        server = vertx.createHttpServer().requestHandler(request -> request.body().onSuccess(body -> {
            long n = requests.incrementAndGet();
            paths.computeIfAbsent(request.method() + " " + request.path(), k -> new LongAdder()).increment();
            String key = request.getHeader(LinkApi.API_KEY_HEADER);
            if (key != null) {
                lastApiKey = key;
            }
            Reply reply = script.reply(n, request, body);
            if (reply.hang()) {
                return;
            }
            Runnable respond = () -> {
                replies.computeIfAbsent(Integer.toString(reply.status()), k -> new LongAdder()).increment();
                request.response().setStatusCode(reply.status())
                        .putHeader("Content-Type", reply.body().isEmpty() ? "text/plain" : "application/json")
                        .end(reply.body());
            };
            if (reply.delayMillis() > 0) {
                vertx.setTimer(reply.delayMillis(), id -> respond.run());
            } else {
                respond.run();
            }
        })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static ScriptedServer start(Script script) throws Exception {
        return new ScriptedServer(script);
    }

    String url() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    long requests() {
        return requests.get();
    }

    /** "METHOD /path" → requests, sorted. */
    Map<String, Long> paths() {
        Map<String, Long> out = new TreeMap<>();
        paths.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Status → responses sent: the ground truth the generator's counts are checked against. */
    Map<String, Long> replies() {
        Map<String, Long> out = new TreeMap<>();
        replies.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    String lastApiKey() {
        return lastApiKey;
    }

    @Override
    public void close() {
        VertxCloser.close(vertx);
    }
}
