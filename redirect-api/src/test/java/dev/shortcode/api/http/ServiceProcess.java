package dev.shortcode.api.http;

import dev.shortcode.testing.redis.FreePorts;
import dev.shortcode.testing.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged service ({@code target/quarkus-app/quarkus-run.jar}) as a child process, the way
 * README's command runs it: for restart and bad-configuration tests.
 */
final class ServiceProcess implements AutoCloseable {

    /** A distributed node connects to HBase and reads the watermarks first: a minute and more on a loaded 2-core machine. */
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
    /** Every request's bound: a node that never answers fails the test instead of hanging the build. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    final int port;
    /** The management interface's port: /q/health, /q/metrics, /q/openapi. */
    final int managementPort;
    final Path log;
    private final Process process;

    private ServiceProcess(int port, int managementPort, Path log, Process process) {
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.process = process;
    }

    static ServiceProcess start(Map<String, String> env, Path logDir) {
        return start(env, List.of(), logDir);
    }

    /** @param jvmArgs more arguments for the JVM, such as {@code -Dshortcode.lease.prefetch-at=0.3} */
    static ServiceProcess start(Map<String, String> env, List<String> jvmArgs, Path logDir) {
        int port = FreePorts.find();
        int managementPort = FreePorts.find();
        Path appDir = Path.of(System.getProperty("quarkus.app.dir", "target/quarkus-app"));
        Path jar = appDir.resolve("quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: run the integration tests after `package`");
        }
        try {
            Files.createDirectories(logDir);
            Path log = Files.createTempFile(logDir, "service-", ".log");
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx512m"));
            command.addAll(ChildJvm.OPTIONS);
            command.addAll(jvmArgs);
            command.addAll(List.of("-jar", jar.toString()));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
            builder.environment().put("QUARKUS_HTTP_HOST", "127.0.0.1");
            builder.environment().put("QUARKUS_MANAGEMENT_PORT", Integer.toString(managementPort));
            builder.environment().put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
            builder.environment().putAll(env);
            return new ServiceProcess(port, managementPort, log, builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Creates {@code n} links through the batch API (ttl null: the default) and adds each code
     * and its URL to {@code links}; every item must succeed.
     */
    void createBatch(Map<String, String> links, int n, String ttl) throws IOException, InterruptedException {
        StringBuilder body = new StringBuilder("{\"links\":[");
        for (int i = 0; i < n; i++) {
            body.append(i == 0 ? "" : ",").append("{\"url\":\"https://example.com/r/").append(links.size() + i)
                    .append(ttl == null ? "\"}" : "\",\"ttl\":\"" + ttl + "\"}");
        }
        body.append("]}");
        HttpResponse<String> response = HttpClient.newHttpClient().send(request("/api/v1/links/batch")
                .header("X-API-Key", ApiClient.ADMIN_KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError("batch answered " + response.statusCode() + ": " + response.body());
        }
        for (JsonNode result : JSON.readTree(response.body()).get("results")) {
            if (result.get("status").asInt() != 201) {
                throw new AssertionError("batch item failed: " + result);
            }
            links.put(result.get("link").get("code").asText(), result.get("link").get("url").asText());
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    /** Waits until readiness answers 200, or fails with the service's log. */
    ServiceProcess awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("service exited with " + process.exitValue() + ":\n" + logText());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(managementUrl() + "/q/health/ready"))
                                .timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            sleep(200);
        }
        throw new AssertionError("service not ready within " + READY_TIMEOUT + ":\n" + logText());
    }

    /** A request to this node's {@code path}, bounded by {@link #REQUEST_TIMEOUT}. */
    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(REQUEST_TIMEOUT);
    }

    /** One JSON request to the service; {@code apiKey} and {@code json} may be null. */
    HttpResponse<String> send(String method, String path, String apiKey, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (apiKey != null) {
            request.header("X-API-Key", apiKey);
        }
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A GET on the management interface, e.g. {@code /q/health/ready}. */
    HttpResponse<String> management(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(managementUrl() + path))
                .timeout(REQUEST_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The value of a top-level string field of a JSON answer. */
    static String field(HttpResponse<String> response, String name) throws IOException {
        JsonNode value = JSON.readTree(response.body()).get(name);
        if (value == null) {
            throw new AssertionError("no '" + name + "' in " + response.statusCode() + " " + response.body());
        }
        return value.asText();
    }

    /** Waits for the process to exit by itself and returns its exit code. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("service did not exit within " + timeout + ":\n" + logText());
        }
        return process.exitValue();
    }

    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    /** SIGKILL: what a crashed node or an OOM kill looks like. */
    void kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: an orderly stop. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** SIGKILL if still running; never throws, so that a test interrupted by its timeout still stops every node it started. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill(); // the signal goes before the wait, so an interrupted wait still leaves the node killed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
