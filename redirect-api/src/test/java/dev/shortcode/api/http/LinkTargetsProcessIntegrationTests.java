package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.applinks.SampleAssociationFiles;
import dev.shortcode.hbase.testing.HBaseProcess;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device targets and association files on the packaged service: the files served as configured
 * and a malformed one refusing the start; targets across a restart of embedded storage and back
 * from HBase after Redis lost everything; the app page, in a real headless Chromium, falling back
 * to the web url under its Content-Security-Policy.
 */
class LinkTargetsProcessIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGETS = "{\"ios\": \"jdmobile://item/7\", \"android\": \"https://play.google.com/store/apps/details?id=com.example\", "
            + "\"desktop\": \"https://shop.example/desktop\", \"wechat\": {\"appid\": \"wx0123456789abcdef\", \"path\": \"pages/index/index\", "
            + "\"query\": \"id=7\", \"envVersion\": \"release\"}}";

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @TempDir
    Path dir;

    @Test
    void embedded_associationFilesAreServed_targetsSurviveARestart_andTheAppPageFallsBackInChromium() throws Exception {
        Path aasa = Files.writeString(dir.resolve("apple-app-site-association"), SampleAssociationFiles.AASA);
        Path assetLinks = Files.writeString(dir.resolve("assetlinks.json"), SampleAssociationFiles.ASSET_LINKS);
        // Short URLs on a public host and internal addresses allowed: the app page's web url below is a page of this
        // very service, which a service whose short domain is the local machine refuses (it would loop).
        Map<String, String> env = Map.of("SHORTCODE_DATA_DIR", dir.resolve("data").toString(), "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY,
                "SHORTCODE_APP_LINKS_APPLE_APP_SITE_ASSOCIATION", aasa.toString(), "SHORTCODE_APP_LINKS_ASSETLINKS", assetLinks.toString(),
                "SHORTCODE_BASE_URL", "https://sho.rt.example", "SHORTCODE_REFUSE_INTERNAL_ADDRESSES", "false");
        Map<String, JsonNode> links = new LinkedHashMap<>();
        try (ServiceProcess first = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
            for (Map.Entry<String, Path> file : Map.of("/.well-known/apple-app-site-association", aasa,
                    "/.well-known/assetlinks.json", assetLinks).entrySet()) {
                HttpResponse<String> served = first.send("GET", file.getKey(), null, null);
                assertThat(served.statusCode()).as(file.getKey()).isEqualTo(200);
                assertThat(served.headers().firstValue("Content-Type")).contains("application/json");
                assertThat(served.headers().firstValue("Location")).isEmpty();
                assertThat(served.body()).isEqualTo(Files.readString(file.getValue()));
            }
            links.put("single", created(first.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY,
                    "{\"url\": \"https://shop.example/a\", \"targets\": " + TARGETS + "}")));
            HttpResponse<String> batch = first.send("POST", "/api/v1/links/batch", ApiClient.ADMIN_KEY, "{\"links\": ["
                    + "{\"url\": \"https://shop.example/b\", \"targets\": {\"desktop\": \"https://desk.example/b\"}}, "
                    + "{\"url\": \"https://shop.example/c\", \"targets\": " + TARGETS + "}]}");
            assertThat(batch.statusCode()).as(batch.body()).isEqualTo(200);
            links.put("batch", JSON.readTree(batch.body()).get("results").get(0).get("link"));
            String patchedCode = JSON.readTree(batch.body()).get("results").get(1).get("link").get("code").asText();
            links.put("patched", created(first.send("PATCH", "/api/v1/links/" + patchedCode, ApiClient.ADMIN_KEY,
                    "{\"targets\": {\"android\": \"https://android.example/c\"}}")));
            first.kill();
        }
        try (ServiceProcess second = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
            for (Map.Entry<String, JsonNode> link : links.entrySet()) {
                String code = link.getValue().get("code").asText();
                HttpResponse<String> read = second.send("GET", "/api/v1/links/" + code, ApiClient.ADMIN_KEY, null);
                assertThat(read.statusCode()).isEqualTo(200);
                assertThat(JSON.readTree(read.body()).get("targets")).as("%s link after a SIGKILL and a restart", link.getKey())
                        .isEqualTo(link.getValue().get("targets"));
            }
            assertThat(links.get("patched").get("targets").toString()).isEqualTo("{\"android\":\"https://android.example/c\"}");
            String single = links.get("single").get("code").asText();
            HttpResponse<String> page = visit(second, single, AbstractLinkTargetsApiTests.IPHONE);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("data-app=\"jdmobile://item/7\"");

            // A web url that is a page of this very service, so that Chromium can be seen arriving there.
            String web = second.baseUrl() + "/.well-known/assetlinks.json";
            String local = created(second.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY,
                    "{\"url\": \"" + web + "\", \"targets\": " + TARGETS + "}")).get("code").asText();
            String dom = HeadlessChromium.finalDom(second.baseUrl() + "/" + local, AbstractLinkTargetsApiTests.IPHONE,
                    dir.resolve("chromium-profile"), 5_000);
            assertThat(dom).as("Chromium ran the page's script (allowed by its hash) and fell back to the web url")
                    .contains("delegate_permission/common.handle_all_urls").doesNotContain("Opening the app");
            assertThat(visit(second, links.get("batch").get("code").asText(), AbstractLinkTargetsApiTests.WINDOWS)
                    .headers().firstValue("Location")).contains("https://desk.example/b");
        }
    }

    @Test
    void malformedAssociationFile_stopsTheStartNamingItsKey() throws Exception {
        Map<String, String> cases = Map.of(
                "SHORTCODE_APP_LINKS_APPLE_APP_SITE_ASSOCIATION", "shortcode.app-links.apple-app-site-association",
                "SHORTCODE_APP_LINKS_ASSETLINKS", "shortcode.app-links.assetlinks");
        Path malformed = Files.writeString(dir.resolve("malformed.json"), "{\"applinks\": {\"details\": [{\"appIDs\": []}]}}");
        // One service per case, all started at once, each on its own data directory.
        Map<String, ServiceProcess> services = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, String> c : cases.entrySet()) {
                Map<String, String> env = new HashMap<>(Map.of("SHORTCODE_DATA_DIR", dir.resolve("data-" + c.getKey()).toString()));
                env.put(c.getKey(), malformed.toString());
                services.put(c.getKey(), ServiceProcess.start(env, Path.of("target/service-logs")));
            }
            for (Map.Entry<String, String> c : cases.entrySet()) {
                ServiceProcess service = services.get(c.getKey());
                assertThat(service.awaitExit(Duration.ofSeconds(90))).as(c.getKey()).isNotZero();
                assertThat(service.logText()).as(c.getKey()).contains(c.getValue() + ": " + malformed);
            }
        } finally {
            services.values().forEach(ServiceProcess::close);
        }
    }

    /**
     * Redis loses everything under a running node: links with targets, single, batch and patched,
     * come back from HBase at their first read with every target, and the redirect chooses by them.
     */
    @Test
    void distributed_targetsComeBackFromHBase_afterRedisLostEverything() throws Exception {
        HBaseProcess hbase = HBaseProcess.shared();
        try (RedisDeployment redis = RedisServers.standalone()) {
            Map<String, String> env = Map.of(
                    "SHORTCODE_DATA_DIR", dir.resolve("data").toString(),
                    "SHORTCODE_REDIS_URIS", redis.uris().get(0).toURI().toString(),
                    "SHORTCODE_HBASE_ZOOKEEPER_QUORUM", hbase.zookeeperQuorum(),
                    "SHORTCODE_SECRET", "targets test secret shared by all nodes",
                    "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY);
            try (ServiceProcess node = ServiceProcess.start(env, Path.of("target/service-logs")).awaitReady()) {
                Map<String, JsonNode> links = new LinkedHashMap<>();
                links.put("single", created(node.send("POST", "/api/v1/links", ApiClient.ADMIN_KEY,
                        "{\"url\": \"https://shop.example/a\", \"ttl\": \"permanent\", \"targets\": " + TARGETS + "}")));
                HttpResponse<String> batch = node.send("POST", "/api/v1/links/batch", ApiClient.ADMIN_KEY, "{\"links\": ["
                        + "{\"url\": \"https://shop.example/b\", \"ttl\": \"permanent\", \"targets\": {\"desktop\": \"https://desk.example/b\"}}, "
                        + "{\"url\": \"https://shop.example/c\", \"targets\": " + TARGETS + "}]}");
                assertThat(batch.statusCode()).as(batch.body()).isEqualTo(200);
                links.put("batch, permanent", JSON.readTree(batch.body()).get("results").get(0).get("link"));
                String temporary = JSON.readTree(batch.body()).get("results").get(1).get("link").get("code").asText();
                links.put("batch, temporary, patched", created(node.send("PATCH", "/api/v1/links/" + temporary, ApiClient.ADMIN_KEY,
                        "{\"targets\": {\"ios\": \"https://apps.apple.com/app/id1\", \"wechat\": {\"appid\": \"wx0123456789abcdef\"}}}")));
                Outbox.awaitDrained(redis, Duration.ofSeconds(60));
                Thread.sleep(1_500); // older than a cached watermark may be before it is read again
                redis.onEachMaster(r -> r.flushall());

                for (Map.Entry<String, JsonNode> link : links.entrySet()) {
                    String code = link.getValue().get("code").asText();
                    HttpResponse<String> read = node.send("GET", "/api/v1/links/" + code, ApiClient.ADMIN_KEY, null);
                    assertThat(read.statusCode()).as("%s after Redis lost everything: %s", link.getKey(), read.body()).isEqualTo(200);
                    assertThat(JSON.readTree(read.body()).get("targets")).as(link.getKey()).isEqualTo(link.getValue().get("targets"));
                }
                assertThat(links.get("batch, temporary, patched").get("targets").get("android")).as("the PATCH replaced the set").isNull();
                assertThat(visit(node, links.get("batch, temporary, patched").get("code").asText(), AbstractLinkTargetsApiTests.IPHONE)
                        .headers().firstValue("Location")).contains("https://apps.apple.com/app/id1");
                assertThat(visit(node, links.get("single").get("code").asText(), AbstractLinkTargetsApiTests.ANDROID)
                        .headers().firstValue("Location")).contains("https://play.google.com/store/apps/details?id=com.example");
            }
        }
    }

    private static JsonNode created(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isIn(200, 201);
        JsonNode link = JSON.readTree(response.body());
        assertThat(link.get("targets")).as("targets in %s", response.body()).isNotNull();
        return link;
    }

    private HttpResponse<String> visit(ServiceProcess service, String code, String userAgent) throws Exception {
        return http.send(service.request("/" + code).header("User-Agent", userAgent).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
