package dev.shortcode.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * Creates (single and batch) and redirects spread over service nodes by a few threads, the way
 * clients would hit them, recording what every answer was: the acknowledged links (code → url),
 * every failure with its status and time, and whatever is never allowed (a 500, a redirect to the
 * wrong place). A node that is down answers nothing: connection failures are counted apart.
 */
final class FaultLoad implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A failed request: when it was answered (nanoTime), the status (0 for no answer), to which node. */
    record Failure(long atNanos, int status, int node, String what) {}

    final Map<String, String> acknowledged = new ConcurrentHashMap<>();
    /** Every code any create acknowledged, duplicates included: the duplicate check. */
    final List<String> everyAcknowledgedCode = new CopyOnWriteArrayList<>();
    /** The acknowledged codes of permanent links: what must survive Redis losing everything. */
    final java.util.Set<String> permanent = ConcurrentHashMap.newKeySet();
    final List<Failure> failures = new CopyOnWriteArrayList<>();
    final List<String> forbidden = new CopyOnWriteArrayList<>();
    final AtomicLong requests = new AtomicLong();
    final AtomicInteger createsAcknowledged = new AtomicInteger();

    private final IntFunction<String> baseUrlOf;
    private final int nodes;
    private final String apiKey;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    /** @param baseUrlOf the current base URL of node i (nodes are restarted on other ports) */
    FaultLoad(int nodes, IntFunction<String> baseUrlOf, String apiKey) {
        this.nodes = nodes;
        this.baseUrlOf = baseUrlOf;
        this.apiKey = apiKey;
    }

    FaultLoad start(int threadCount) {
        for (int t = 0; t < threadCount; t++) {
            Thread thread = new Thread(this::loop, "fault-load-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        return this;
    }

    private void loop() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (running) {
            int node = random.nextInt(nodes);
            int dice = random.nextInt(100);
            try {
                if (dice < 55 && !acknowledged.isEmpty()) {
                    redirect(node);
                } else if (dice < 90) {
                    create(node, random.nextBoolean());
                } else {
                    batch(node);
                }
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void create(int node, boolean permanent) throws InterruptedException {
        String url = "https://example.com/fault/" + requests.incrementAndGet();
        String body = "{\"url\": \"" + url + "\"" + (permanent ? ", \"ttl\": \"permanent\"" : "") + "}";
        HttpResponse<String> r = send(node, "POST", "/api/v1/links", body, "create");
        if (r == null) {
            return;
        }
        if (r.statusCode() == 201) {
            String code = field(r.body(), "code");
            acknowledge(code, url);
            if (permanent) {
                this.permanent.add(code);
            }
        } else {
            failed(r, node, "create");
        }
    }

    private void batch(int node) throws InterruptedException {
        StringBuilder body = new StringBuilder("{\"links\":[");
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String url = "https://example.com/fault-batch/" + requests.incrementAndGet();
            urls.add(url);
            body.append(i == 0 ? "" : ",").append("{\"url\":\"").append(url).append("\",\"ttl\":\"permanent\"}");
        }
        HttpResponse<String> r = send(node, "POST", "/api/v1/links/batch", body.append("]}").toString(), "batch");
        if (r == null) {
            return;
        }
        if (r.statusCode() != 200) {
            failed(r, node, "batch");
            return;
        }
        try {
            for (JsonNode item : JSON.readTree(r.body()).get("results")) {
                int status = item.get("status").asInt();
                if (status == 201) {
                    String code = item.get("link").get("code").asText();
                    acknowledge(code, item.get("link").get("url").asText());
                    permanent.add(code);
                } else {
                    record(new Failure(System.nanoTime(), status, node, "batch item"));
                }
            }
        } catch (IOException e) {
            forbidden.add("unreadable batch answer: " + r.body());
        }
    }

    private void redirect(int node) throws InterruptedException {
        List<String> codes = new ArrayList<>(acknowledged.keySet());
        String code = codes.get(ThreadLocalRandom.current().nextInt(codes.size()));
        HttpResponse<String> r = send(node, "GET", "/" + code, null, "redirect");
        if (r == null) {
            return;
        }
        if (r.statusCode() == 302) {
            String location = r.headers().firstValue("Location").orElse("");
            if (!location.equals(acknowledged.get(code))) {
                forbidden.add("redirect of " + code + " to " + location + " instead of " + acknowledged.get(code));
            }
        } else {
            failed(r, node, "redirect " + code);
        }
    }

    private HttpResponse<String> send(int node, String method, String path, String json, String what) throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrlOf.apply(node) + path)).timeout(Duration.ofSeconds(10))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json").header("X-API-Key", apiKey);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            record(new Failure(System.nanoTime(), 0, node, what + ": " + e));
            return null;
        }
    }

    private void acknowledge(String code, String url) {
        everyAcknowledgedCode.add(code);
        createsAcknowledged.incrementAndGet();
        String before = acknowledged.putIfAbsent(code, url);
        if (before != null && !before.equals(url)) {
            forbidden.add("code " + code + " acknowledged for " + before + " and for " + url);
        }
    }

    private void failed(HttpResponse<String> r, int node, String what) {
        if (r.statusCode() == 500 || r.statusCode() < 400) {
            forbidden.add(what + " answered " + r.statusCode() + ": " + r.body());
        } else if (r.statusCode() == 503 && r.headers().firstValue("Retry-After").isEmpty()) {
            forbidden.add(what + " answered 503 without Retry-After: " + r.body());
        }
        record(new Failure(System.nanoTime(), r.statusCode(), node, what + ": " + r.body()));
    }

    private void record(Failure failure) {
        failures.add(failure);
    }

    private static String field(String body, String name) {
        try {
            return JSON.readTree(body).get(name).asText();
        } catch (IOException e) {
            throw new AssertionError("unreadable answer " + body, e);
        }
    }

    /** Failures answered by the service (not "no answer"), at or after {@code fromNanos}. */
    List<Failure> answeredFailuresSince(long fromNanos) {
        return failures.stream().filter(f -> f.atNanos() >= fromNanos && f.status() != 0).toList();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.join(15_000);
        }
    }
}
