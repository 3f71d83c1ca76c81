package dev.shortcode.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.Promise;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A client of the shortcode API: one base URL (http or https, optionally with a path prefix) and
 * one API key. Calls block until the answer is there and throw a {@link ProblemException} (by
 * kind) when the service refuses, a {@link ShortcodeException} when it cannot be reached.
 *
 * <p>Built on Vert.x' HTTP client because of {@link #bulk}: a bulk stream is full duplex, the
 * answers come while the body is still being sent, and a client that sends everything before it
 * reads stalls the service's back-pressure until its idle timeout closes the stream.
 * {@code java.net.http} does not read a response while it is still sending on HTTP/1.1.
 */
public final class ShortcodeClient implements AutoCloseable {

    public static final String API_KEY_HEADER = "X-API-Key";
    static final String NDJSON = "application/x-ndjson";
    private static final String LINKS = "/api/v1/links";

    private final Vertx vertx;
    private final HttpClient http;
    private final String host;
    private final int port;
    private final boolean ssl;
    private final String basePath;
    private final String apiKey;
    private final Duration timeout;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * @param baseUrl the service's public base URL, e.g. {@code https://sho.rt} (a path is a prefix)
     * @param apiKey  sent as {@value #API_KEY_HEADER}; null sends none
     * @param timeout bound of each single request, and of the silence tolerated in a bulk stream
     */
    public ShortcodeClient(String baseUrl, String apiKey, Duration timeout) {
        URI uri = parseBase(baseUrl);
        this.ssl = "https".equals(uri.getScheme());
        this.host = uri.getHost();
        this.port = uri.getPort() > 0 ? uri.getPort() : ssl ? 443 : 80;
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        this.basePath = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        this.apiKey = apiKey;
        this.timeout = Objects.requireNonNull(timeout);
        // Two event loops are plenty for one CLI; no worker pool is used.
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2).setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1));
        this.http = vertx.createHttpClient(new HttpClientOptions()
                .setSsl(ssl).setForceSni(ssl).setVerifyHost(true)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .setTcpNoDelay(true).setKeepAlive(true).setMaxPoolSize(2));
    }

    public ShortcodeClient(String baseUrl, String apiKey) {
        this(baseUrl, apiKey, Duration.ofSeconds(30));
    }

    private static URI parseBase(String baseUrl) {
        URI uri;
        try {
            uri = URI.create(baseUrl.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + baseUrl, e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException("the base URL must be http(s)://host[:port][/prefix]: " + baseUrl);
        }
        return uri;
    }

    /** {@code POST /api/v1/links}: a new link (201); a {@code ref} of the request is not sent. */
    public Link create(LinkRequest request) {
        LinkRequest body = request.ref() == null ? request : request.withRef(null);
        return read(send(HttpMethod.POST, LINKS, "application/json", Buffer.buffer(bytes(body))), Link.class);
    }

    /** {@code GET /api/v1/links/{code}}; a read extends the link's life like a redirect. */
    public Link get(String code) {
        return read(send(HttpMethod.GET, LINKS + "/" + segment(code), null, null), Link.class);
    }

    /**
     * {@code GET /api/v1/links}: a page of the caller's links, newest first.
     *
     * @param filters the listing's parameters by name ({@code tag} may hold several values)
     * @param limit   1 to 1,000
     * @param cursor  the previous page's {@link LinkPage#next()}, or null for the first
     */
    public LinkPage list(Map<String, List<String>> filters, int limit, String cursor) {
        StringBuilder query = query(filters).append("&limit=").append(limit);
        if (cursor != null) {
            query.append("&cursor=").append(segment(cursor));
        }
        return read(send(HttpMethod.GET, LINKS + "?" + query.substring(1), null, null), LinkPage.class);
    }

    /**
     * {@code GET /api/v1/links/export}: every link the filters select, written to {@code out} as it
     * arrives (memory stays flat however many).
     *
     * @param format {@code ndjson} or {@code csv}
     * @return the bytes written
     */
    public long export(String format, Map<String, List<String>> filters, OutputStream out) {
        String path = LINKS + "/export?format=" + segment(format) + query(filters);
        AtomicLong written = new AtomicLong();
        Future<Void> done = http.request(options(HttpMethod.GET, path).setIdleTimeout(timeout.toMillis()))
                .compose(HttpClientRequest::send)
                .compose(response -> {
                    if (response.statusCode() >= 400) {
                        return response.body().compose(b -> Future.failedFuture(problemException(json, response, b)));
                    }
                    Promise<Void> end = Promise.promise();
                    response.handler(chunk -> {
                        try {
                            out.write(chunk.getBytes());
                            written.addAndGet(chunk.length());
                        } catch (IOException e) {
                            response.request().reset(0, e);
                            end.tryFail(e);
                        }
                    });
                    response.exceptionHandler(end::tryFail);
                    response.endHandler(v -> end.tryComplete());
                    return end.future();
                });
        try {
            done.toCompletionStage().toCompletableFuture().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ProblemException problem) {
                throw problem;
            }
            throw new ShortcodeException("the export from " + host + ":" + port + " broke off: " + reasons(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ShortcodeException("interrupted", e);
        }
        return written.get();
    }

    /** {@code &name=value} for every filter value given, encoded. */
    private static StringBuilder query(Map<String, List<String>> filters) {
        StringBuilder query = new StringBuilder();
        filters.forEach((name, values) -> {
            for (String value : values) {
                query.append('&').append(segment(name)).append('=').append(segment(value));
            }
        });
        return query;
    }

    /** {@code DELETE /api/v1/links/{code}} (204). */
    public void delete(String code) {
        send(HttpMethod.DELETE, LINKS + "/" + segment(code), null, null);
    }

    /**
     * {@code GET /api/v1/links/{code}/qr}: the image's bytes.
     *
     * @param format {@code png} or {@code svg}
     * @param size   pixels, 128 to 2048; 0 for the service's default
     */
    public byte[] qrCode(String code, String format, int size) {
        String query = "?format=" + segment(format) + (size > 0 ? "&size=" + size : "");
        return send(HttpMethod.GET, LINKS + "/" + segment(code) + "/qr" + query, null, null).body().getBytes();
    }

    /**
     * {@code GET /api/v1/links/{code}/stats}.
     *
     * @param unit  {@code hour}, {@code day} or {@code month}; null for the service's default (day)
     * @param units how many units, ending now; 0 for the service's default
     */
    public Stats stats(String code, String unit, int units) {
        StringBuilder query = new StringBuilder();
        if (unit != null) {
            query.append("unit=").append(segment(unit));
        }
        if (units > 0) {
            query.append(query.length() == 0 ? "" : "&").append("units=").append(units);
        }
        String path = LINKS + "/" + segment(code) + "/stats" + (query.length() == 0 ? "" : "?" + query);
        return read(send(HttpMethod.GET, path, null, null), Stats.class);
    }

    /**
     * {@code POST /api/v1/links/bulk}: sends one line per item while it reads the result lines, and
     * hands each result to {@code onResult} together with the item it answers, in order, on the
     * calling thread. Back-pressure both ways: the sender waits while the connection's write queue
     * is full (the service stopped reading), and the answer is paused while {@code onResult} falls
     * behind.
     *
     * @param items     what to send; taken one at a time, so a file can be read as it is sent
     * @param toRequest the line an item becomes, its {@code ref} included
     * @throws BulkStreamBrokenException when the stream ended before every sent line was answered
     * @throws ProblemException when the service refused the stream itself (401, 403, 415, 429)
     */
    public <T> BulkSummary bulk(Iterator<T> items, Function<? super T, LinkRequest> toRequest,
                                BiConsumer<? super T, BulkResult> onResult) {
        HttpClientRequest request = await(http.request(options(HttpMethod.POST, LINKS + "/bulk")
                .putHeader("Content-Type", NDJSON).putHeader("Accept", NDJSON)));
        return new BulkStream<T>(json, request, timeout).run(items, toRequest, onResult);
    }

    private RequestOptions options(HttpMethod method, String path) {
        RequestOptions options = new RequestOptions().setMethod(method).setHost(host).setPort(port).setSsl(ssl)
                .setURI(basePath + path);
        if (apiKey != null) {
            options.putHeader(API_KEY_HEADER, apiKey);
        }
        return options;
    }

    /** One request and its whole answer; a status of 400 or more is thrown as its problem. */
    private Answer send(HttpMethod method, String path, String contentType, Buffer body) {
        RequestOptions options = options(method, path).setIdleTimeout(timeout.toMillis());
        if (contentType != null) {
            options.putHeader("Content-Type", contentType);
        }
        Future<Answer> answer = http.request(options)
                .compose(request -> body == null ? request.send() : request.send(body))
                .compose(response -> response.body().map(b -> new Answer(response.statusCode(), b,
                        response.statusCode() >= 400 ? problemException(json, response, b) : null)));
        Answer result = await(answer);
        if (result.failure != null) {
            throw result.failure;
        }
        return result;
    }

    /** The problem of a refusal: its problem+json body, or one made from the status when the body is not one. */
    static ProblemException problemException(ObjectMapper json, HttpClientResponse response, Buffer body) {
        return ProblemException.of(problemOf(json, response.statusCode(), response.statusMessage(),
                response.getHeader("Content-Type"), body), retryAfterSeconds(response.getHeader("Retry-After")));
    }

    static Problem problemOf(ObjectMapper json, int status, String statusMessage, String contentType, Buffer body) {
        if (contentType != null && contentType.contains("json") && body != null && body.length() > 0) {
            try {
                Problem problem = json.readValue(body.getBytes(), Problem.class);
                return problem.status() == 0 ? new Problem(problem.type(), problem.title(), status, problem.detail()) : problem;
            } catch (java.io.IOException e) {
                // not a problem body after all: described below
            }
        }
        String text = body == null ? "" : body.toString(StandardCharsets.UTF_8);
        return new Problem(null, statusMessage, status, text.length() > 200 ? text.substring(0, 200) + "…" : text);
    }

    private static long retryAfterSeconds(String header) {
        try {
            return header == null ? -1 : Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private <V> V read(Answer answer, Class<V> type) {
        try {
            return json.readValue(answer.body.getBytes(), type);
        } catch (java.io.IOException e) {
            throw new ShortcodeException("the service answered " + answer.status + " with a body that is not a "
                    + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private byte[] bytes(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits for a Vert.x result at most the timeout (plus a margin for the connect) and unwraps its failure. */
    private <V> V await(Future<V> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(timeout.toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new ShortcodeException("could not reach " + (ssl ? "https" : "http") + "://" + host + ":" + port
                    + ": " + reasons(cause), cause);
        } catch (TimeoutException e) {
            throw new ShortcodeException("no answer from " + host + ":" + port + " within " + timeout.multipliedBy(2), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ShortcodeException("interrupted", e);
        }
    }

    /** A failure and its causes' messages: "Failed to create SSL connection" alone does not say the certificate is untrusted. */
    private static String reasons(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null && text.length() < 500; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (text.indexOf(message) < 0) {
                text.append(text.length() == 0 ? "" : ": ").append(message);
            }
        }
        return text.toString();
    }

    /** A path segment or query value, percent-encoded. */
    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public void close() {
        try {
            http.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // closing is best effort: the process is about to end
        }
    }

    /** A whole answer; {@code failure} is set when the status is 400 or more. */
    private record Answer(int status, Buffer body, ProblemException failure) {
    }
}
