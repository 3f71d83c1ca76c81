package dev.shortcode.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged service ({@code redirect-api/target/quarkus-app/quarkus-run.jar}, built before this
 * module) as a child process with embedded storage in {@code dataDir}, on free loopback ports,
 * with {@link #ADMIN_KEY} as its admin key.
 */
public final class ServiceUnderTest implements AutoCloseable {

    public static final String ADMIN_KEY = "client-tests-admin-key-0123456789";
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
    /** C1 only and the serial collector: a short-lived child on two shared cores (as the service's own tests start it). */
    public static final List<String> CHILD_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final int port;
    private final int managementPort;
    private final Path log;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ServiceUnderTest(int port, int managementPort, Path log, Process process) {
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.process = process;
    }

    public static ServiceUnderTest start(Path dataDir) throws IOException {
        return start(dataDir, java.util.Map.of());
    }

    /** @param env more settings, e.g. {@code QUARKUS_HTTP_SSL_PORT} and a key store for https */
    public static ServiceUnderTest start(Path dataDir, java.util.Map<String, String> env) throws IOException {
        Path jar = Path.of(System.getProperty("quarkus.app.dir", "../redirect-api/target/quarkus-app"), "quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: package redirect-api first (mvn verify from the root does)");
        }
        int port = freePort();
        int managementPort = freePort();
        Files.createDirectories(Path.of("target/service-logs"));
        Path log = Files.createTempFile(Path.of("target/service-logs"), "service-", ".log");
        List<String> command = new java.util.ArrayList<>(List.of(java(), "-Xmx512m"));
        command.addAll(CHILD_JVM_OPTIONS);
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        builder.environment().put("QUARKUS_HTTP_HOST", "127.0.0.1");
        builder.environment().put("QUARKUS_MANAGEMENT_PORT", Integer.toString(managementPort));
        builder.environment().put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
        builder.environment().put("SHORTCODE_DATA_DIR", dataDir.toString());
        builder.environment().put("SHORTCODE_ADMIN_KEY", ADMIN_KEY);
        builder.environment().putAll(env);
        ServiceUnderTest service = new ServiceUnderTest(port, managementPort, log, builder.start());
        try {
            service.awaitReady();
        } catch (RuntimeException | Error e) {
            service.close();
            throw e;
        }
        return service;
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the service exited with " + process.exitValue() + ":\n" + logText());
            }
            try {
                if (management("/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        throw new AssertionError("the service was not ready within " + READY_TIMEOUT + ":\n" + logText());
    }

    private HttpResponse<String> management(String path) throws IOException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Codes issued by all pools since the start ({@code shortcode_codes_issued_total}): every link the service made. */
    public long codesIssued() throws IOException {
        String metrics = management("/q/metrics").body();
        Matcher counter = Pattern.compile("(?m)^shortcode_codes_issued_total\\{[^}]*} ([0-9.E+]+)$").matcher(metrics);
        double total = 0;
        boolean found = false;
        while (counter.find()) {
            total += Double.parseDouble(counter.group(1));
            found = true;
        }
        if (!found) {
            throw new AssertionError("no shortcode_codes_issued_total in the metrics");
        }
        return (long) total;
    }

    /** A GET of {@code path} on the public port, as a browser would send it (redirects not followed). */
    public HttpResponse<String> visit(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(Duration.ofSeconds(10))
                .header("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A POST of a JSON body to {@code path} on the public port, as the admin. */
    public HttpResponse<String> postAsAdmin(String path, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(Duration.ofSeconds(10))
                .header("X-API-Key", ADMIN_KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    public String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
