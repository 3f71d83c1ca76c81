package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service on embedded storage, as README's first command runs it: the generated
 * admin key, restarts (orderly and SIGKILL) that lose no acknowledged link, bad settings and
 * unknown keys that stop the start naming their key, documented keys that it takes.
 */
class EmbeddedServiceProcessIntegrationTests {

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @TempDir
    Path dataDir;

    @Test
    void firstStart_writesTheAdminKeyFileAndLogsWhere() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(Map.of("SHORTCODE_DATA_DIR", dataDir.toString()), Path.of("target/service-logs"))) {
            service.awaitReady();
            Path keyFile = dataDir.resolve("admin.key");
            assertThat(keyFile).exists();
            assertThat(Files.getPosixFilePermissions(keyFile)).containsExactlyInAnyOrder(
                    PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            assertThat(service.logText()).contains(keyFile.toString());
            String admin = Files.readString(keyFile).trim();
            HttpResponse<String> keys = http.send(service.request("/api/v1/keys")
                    .header("X-API-Key", admin).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(keys.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void restart_killedOrStopped_everyAcknowledgedLinkStillResolves() throws Exception {
        Map<String, String> env = Map.of("SHORTCODE_DATA_DIR", dataDir.toString(), "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
        Map<String, String> links = new HashMap<>();
        try (ServiceProcess first = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
            first.createBatch(links, 300, null);
            first.kill();
        }
        try (ServiceProcess second = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
            assertAllResolve(second, links);
            second.createBatch(links, 300, null);
            second.stop();
        }
        try (ServiceProcess third = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
            assertAllResolve(third, links);
            assertThat(links).hasSize(600);
        }
    }

    @Test
    void badSetting_stopsTheStartNamingTheKey() throws Exception {
        Map<String, String> keys = Map.of(
                "SHORTCODE_REDIS_MODE", "shortcode.redis.mode",
                "SHORTCODE_BASE_URL", "shortcode.base-url",
                "SHORTCODE_DEFAULT_TTL", "shortcode.default-ttl",
                "SHORTCODE_EMBEDDED_COMMIT_DELAY", "shortcode.embedded.commit-delay",
                "SHORTCODE_HTTP_HEADER_TIMEOUT", "shortcode.http.header-timeout",
                "SHORTCODE_LEASE_PREFETCH_AT", "shortcode.lease.prefetch-at");
        Map<String, String> values = Map.of(
                "SHORTCODE_REDIS_MODE", "clustr",
                "SHORTCODE_BASE_URL", "not a url",
                "SHORTCODE_DEFAULT_TTL", "P999D",
                "SHORTCODE_EMBEDDED_COMMIT_DELAY", "PT1S",
                "SHORTCODE_HTTP_HEADER_TIMEOUT", "PT0S",
                "SHORTCODE_LEASE_PREFETCH_AT", "7");
        // One service per setting, all started at once, each on its own data directory.
        Map<String, ServiceProcess> services = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, String> c : keys.entrySet()) {
                Map<String, String> env = new HashMap<>(Map.of("SHORTCODE_DATA_DIR", dataDir.resolve(c.getKey()).toString()));
                env.put(c.getKey(), values.get(c.getKey()));
                services.put(c.getKey(), ServiceProcess.start(env, Path.of("target/service-logs")));
            }
            for (Map.Entry<String, String> c : keys.entrySet()) {
                ServiceProcess service = services.get(c.getKey());
                int exit = service.awaitExit(Duration.ofSeconds(90));
                assertThat(exit).as(c.getKey()).isNotZero();
                assertThat(service.logText()).as(c.getKey()).contains(c.getValue());
            }
        } finally {
            services.values().forEach(ServiceProcess::close);
        }
    }

    @Test
    void unknownKeyAsSystemProperty_stopsTheStartNamingIt() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(Map.of("SHORTCODE_DATA_DIR", dataDir.toString()),
                List.of("-Dshortcode.lease.prefetch-att=0.3"), Path.of("target/service-logs"))) {
            assertThat(service.awaitExit(Duration.ofSeconds(60))).isNotZero();
            assertThat(service.logText()).contains("shortcode.lease.prefetch-att");
        }
    }

    @Test
    void documentedKeyAsSystemProperty_starts() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(Map.of("SHORTCODE_DATA_DIR", dataDir.toString()),
                List.of("-Dshortcode.lease.prefetch-at=0.3", "-Dshortcode.redis.archiver.consumer=node-1"),
                Path.of("target/service-logs")).awaitReady()) {
            assertThat(service.management("/q/health/ready").statusCode()).isEqualTo(200);
        }
    }

    private void assertAllResolve(ServiceProcess service, Map<String, String> links) throws Exception {
        for (Map.Entry<String, String> link : links.entrySet()) {
            HttpResponse<Void> r = http.send(service.request("/" + link.getKey()).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertThat(r.statusCode()).as(link.getKey()).isEqualTo(302);
            assertThat(r.headers().firstValue("Location")).contains(link.getValue());
        }
    }

}
