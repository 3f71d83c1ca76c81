package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks of the packaged service on embedded storage against a real receiver: every link event
 * reaches it at least once, signed by the Standard Webhooks rules, through a receiver answering
 * 503, a SIGKILL of the node with events queued, and a restart; batches carry many events per
 * message; bad registrations change nothing.
 */
class EmbeddedWebhookProcessIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path LOGS = Path.of("target/service-logs");

    @TempDir
    Path dataDir;

    private Map<String, String> env() {
        return Map.of("SHORTCODE_DATA_DIR", dataDir.toString(), "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY,
                "SHORTCODE_WEBHOOKS_ALLOW_INTERNAL_ADDRESSES", "true");
    }

    @Test
    void everyLinkEvent_isDeliveredSigned_atLeastOnce_throughFailuresAndAKill() throws Exception {
        Map<String, String> links = new HashMap<>();
        String singleSecret;
        String batchSecret;
        String singleId;
        JsonNode shownBefore;
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            try (ServiceProcess first = ServiceProcess.start(env(), LOGS).awaitReady()) {
                HttpResponse<String> single = first.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                        "{\"url\":\"" + receiver.url("/single") + "\",\"events\":[\"link.created\",\"link.deleted\",\"link.disabled\",\"link.enabled\",\"link.clicked\"]}");
                assertThat(single.statusCode()).as(single.body()).isEqualTo(201);
                singleSecret = ServiceProcess.field(single, "secret");
                singleId = ServiceProcess.field(single, "id");
                HttpResponse<String> batch = first.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                        "{\"url\":\"" + receiver.url("/batch") + "\",\"events\":[\"link.created\"],\"batch\":true}");
                assertThat(batch.statusCode()).as(batch.body()).isEqualTo(201);
                batchSecret = ServiceProcess.field(batch, "secret");
                assertThat(singleSecret).startsWith("whsec_").isNotEqualTo(batchSecret);
                HttpResponse<String> listed = first.send("GET", "/api/v1/webhooks", ApiClient.ADMIN_KEY, null);
                assertThat(JSON.readTree(listed.body())).hasSize(2);
                assertThat(listed.body()).doesNotContain(singleSecret).doesNotContain("whsec_");

                receiver.answer(503); // the receiver is down while the first links are made
                first.createBatch(links, 200, null);
                await().atMost(Duration.ofSeconds(30)).until(() -> !receiver.received().isEmpty());
                first.kill(); // events queued, one message failed once
            }
            assertThat(receiver.accepted("/single")).isEmpty();

            receiver.answer(204);
            try (ServiceProcess second = ServiceProcess.start(env(), LOGS).awaitReady()) {
                second.createBatch(links, 100, null);
                String deleted = links.keySet().iterator().next();
                assertThat(second.send("DELETE", "/api/v1/links/" + deleted, ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);
                String disabled = links.keySet().stream().filter(c -> !c.equals(deleted)).findFirst().orElseThrow();
                assertThat(second.send("POST", "/api/v1/links/" + disabled + "/disable", ApiClient.ADMIN_KEY, "{\"reason\":\"phishing\"}")
                        .statusCode()).isEqualTo(200);
                assertThat(second.send("POST", "/api/v1/links/" + disabled + "/enable", ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);
                String clicked = links.keySet().stream().filter(c -> !c.equals(deleted) && !c.equals(disabled)).findFirst().orElseThrow();
                for (int i = 0; i < 3; i++) {
                    assertThat(second.send("GET", "/" + clicked, null, null).statusCode()).isEqualTo(302);
                }

                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                    assertThat(codes(receiver.accepted("/single"), "link.created")).containsAll(links.keySet());
                    assertThat(codes(receiver.accepted("/single"), "link.deleted")).contains(deleted);
                    assertThat(codes(receiver.accepted("/single"), "link.disabled")).containsExactly(disabled);
                    assertThat(codes(receiver.accepted("/single"), "link.enabled")).containsExactly(disabled);
                    assertThat(receiver.accepted("/single").stream().map(WebhookReceiver.Received::json)
                            .filter(m -> m.get("type").asText().equals("link.clicked"))
                            .mapToLong(m -> m.get("data").get("clicks").asLong()).sum()).as("one message per flush, not per click").isEqualTo(3);
                    assertThat(codes(receiver.accepted("/batch"), "link.created")).containsAll(links.keySet());
                });

                // A receiver that fails once more: the message is retried within seconds, with the same webhook-id.
                receiver.answer(503);
                Map<String, String> later = new HashMap<>();
                second.createBatch(later, 3, null);
                await().atMost(Duration.ofSeconds(20)).until(() -> receiver.received().stream().anyMatch(r -> r.answered() == 503
                        && r.path().equals("/single") && later.keySet().stream().anyMatch(r.body()::contains)));
                receiver.answer(204);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                        assertThat(codes(receiver.accepted("/single"), "link.created")).containsAll(later.keySet()));

                JsonNode deliveries = JSON.readTree(second.send("GET", "/api/v1/webhooks/" + singleId + "/deliveries", ApiClient.ADMIN_KEY, null).body());
                assertThat(deliveries.findValuesAsText("status")).contains("succeeded");
                assertThat(deliveries.findValues("attempts").stream().mapToInt(JsonNode::asInt).max().orElse(0)).isGreaterThanOrEqualTo(2);
                shownBefore = deliveries;
            }
            // The deliveries are kept with the data: a restarted node shows them as the last one left them.
            try (ServiceProcess third = ServiceProcess.start(env(), LOGS).awaitReady()) {
                JsonNode shown = JSON.readTree(third.send("GET", "/api/v1/webhooks/" + singleId + "/deliveries", ApiClient.ADMIN_KEY, null).body());
                List<String> before = shownBefore.findValuesAsText("id");
                assertThat(shown.findValuesAsText("id")).as("after a restart").doesNotHaveDuplicates()
                        .containsAll(before.subList(0, Math.min(50, before.size())));
                assertThat(shown.findValuesAsText("status")).contains("succeeded");
            }

            Set<String> failedIds = new HashSet<>();
            for (WebhookReceiver.Received r : receiver.received()) {
                assertThat(WebhookReceiver.verifies(r, r.path().equals("/single") ? singleSecret : batchSecret)).as(r.toString()).isTrue();
                assertThat(Math.abs(r.timestamp() - System.currentTimeMillis() / 1000)).isLessThan(600);
                if (r.answered() == 503 && r.path().equals("/single")) {
                    failedIds.add(r.id());
                }
            }
            Set<String> acceptedIds = new HashSet<>();
            receiver.accepted("/single").forEach(r -> acceptedIds.add(r.id()));
            assertThat(acceptedIds).as("a retried message keeps its webhook-id").containsAll(failedIds);
            for (WebhookReceiver.Received r : receiver.accepted("/single")) {
                assertThat(r.json().get("type").asText()).isIn("link.created", "link.deleted", "link.disabled", "link.enabled", "link.clicked");
                if (r.json().get("type").asText().equals("link.disabled")) {
                    assertThat(r.json().get("data").get("reason").asText()).isEqualTo("phishing");
                }
                if (r.json().get("type").asText().equals("link.clicked")) {
                    continue; // its data is counts of the code, not the link
                }
                assertThat(r.json().get("timestamp").asText()).isNotEmpty();
                assertThat(r.json().get("data").get("shortUrl").asText()).endsWith("/" + r.json().get("data").get("code").asText());
            }
            List<WebhookReceiver.Received> batches = receiver.accepted("/batch");
            assertThat(batches).allSatisfy(r -> {
                assertThat(r.json().get("type").asText()).isEqualTo("batch");
                assertThat(r.json().get("events").size()).isBetween(1, 1000);
            });
            assertThat(batches.size()).as("300 events in few messages").isLessThan(30);
        }
    }

    @Test
    void badRegistrations_answer400NamingTheField_or403WithoutTheScope_andRegisterNothing() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(env(), LOGS).awaitReady()) {
            HttpResponse<String> badEvent = service.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                    "{\"url\":\"https://hooks.example/x\",\"events\":[\"link.exploded\"]}");
            assertThat(badEvent.statusCode()).isEqualTo(400);
            assertThat(ServiceProcess.field(badEvent, "detail")).contains("events").contains("link.exploded");
            HttpResponse<String> noEvents = service.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY, "{\"url\":\"https://hooks.example/x\"}");
            assertThat(noEvents.statusCode()).isEqualTo(400);
            assertThat(ServiceProcess.field(noEvents, "detail")).contains("events");
            HttpResponse<String> badUrl = service.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                    "{\"url\":\"ftp://hooks.example/x\",\"events\":[\"link.created\"]}");
            assertThat(badUrl.statusCode()).isEqualTo(400);
            assertThat(ServiceProcess.field(badUrl, "detail")).contains("url");

            HttpResponse<String> key = service.send("POST", "/api/v1/keys", ApiClient.ADMIN_KEY, "{\"name\":\"writer\",\"scopes\":[\"links:write\"]}");
            String writer = ServiceProcess.field(key, "key");
            assertThat(service.send("POST", "/api/v1/webhooks", writer,
                    "{\"url\":\"https://hooks.example/x\",\"events\":[\"link.created\"]}").statusCode()).isEqualTo(403);
            assertThat(service.send("GET", "/api/v1/webhooks", ApiClient.ADMIN_KEY, null).body()).isEqualTo("[]");

            String hooker = ServiceProcess.field(service.send("POST", "/api/v1/keys", ApiClient.ADMIN_KEY,
                    "{\"name\":\"hooks\",\"scopes\":[\"webhooks:write\"]}"), "key");
            HttpResponse<String> own = service.send("POST", "/api/v1/webhooks", hooker,
                    "{\"url\":\"https://hooks.example/x\",\"events\":[\"link.created\"]}");
            assertThat(own.statusCode()).isEqualTo(201);
            String id = ServiceProcess.field(own, "id");
            HttpResponse<String> patched = service.send("PATCH", "/api/v1/webhooks/" + id, hooker, "{\"events\":[\"link.deleted\"],\"enabled\":false}");
            assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
            assertThat(JSON.readTree(patched.body()).get("events").toString()).isEqualTo("[\"link.deleted\"]");
            assertThat(JSON.readTree(patched.body()).get("enabled").asBoolean()).isFalse();
            assertThat(service.send("PATCH", "/api/v1/webhooks/" + id, hooker, "{\"events\":[]}").statusCode()).isEqualTo(400);
            assertThat(service.send("GET", "/api/v1/webhooks/" + id, ApiClient.ADMIN_KEY, null).statusCode()).as("admins see all").isEqualTo(200);
            assertThat(service.send("DELETE", "/api/v1/webhooks/" + id, hooker, null).statusCode()).isEqualTo(204);
            assertThat(service.send("GET", "/api/v1/webhooks/" + id, hooker, null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aRevokedKeysWebhooks_areDisabledWithTheReason_andSendNothingMore() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver();
                ServiceProcess service = ServiceProcess.start(env(), LOGS).awaitReady()) {
            HttpResponse<String> key = service.send("POST", "/api/v1/keys", ApiClient.ADMIN_KEY,
                    "{\"name\":\"crm\",\"scopes\":[\"links:write\",\"webhooks:write\"]}");
            String secret = ServiceProcess.field(key, "key");
            String keyId = ServiceProcess.field(key, "id");
            String own = ServiceProcess.field(service.send("POST", "/api/v1/webhooks", secret,
                    "{\"url\":\"" + receiver.url("/own") + "\",\"events\":[\"link.created\",\"link.deleted\"]}"), "id");
            // the admin's webhook sees the same deletion: once it has it, the revoked key's would have had it too
            assertThat(service.send("POST", "/api/v1/webhooks", ApiClient.ADMIN_KEY,
                    "{\"url\":\"" + receiver.url("/admin") + "\",\"events\":[\"link.deleted\"]}").statusCode()).isEqualTo(201);
            HttpResponse<String> link = service.send("POST", "/api/v1/links", secret, "{\"url\":\"https://example.com/crm\"}");
            assertThat(link.statusCode()).as(link.body()).isEqualTo(201);
            String code = ServiceProcess.field(link, "code");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(codes(receiver.accepted("/own"), "link.created")).containsExactly(code));

            assertThat(service.send("DELETE", "/api/v1/keys/" + keyId, ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                JsonNode view = JSON.readTree(service.send("GET", "/api/v1/webhooks/" + own, ApiClient.ADMIN_KEY, null).body());
                assertThat(view.get("enabled").asBoolean()).isFalse();
                assertThat(view.get("disabledReason").asText()).contains(keyId).contains("revoked");
            });
            assertThat(service.send("DELETE", "/api/v1/links/" + code, ApiClient.ADMIN_KEY, null).statusCode()).isEqualTo(204);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(codes(receiver.accepted("/admin"), "link.deleted")).containsExactly(code));
            Thread.sleep(1_000);
            assertThat(codes(receiver.received().stream().filter(r -> r.path().equals("/own")).toList(), "link.deleted"))
                    .as("nothing more for the revoked key").isEmpty();
        }
    }

    /** The codes of the events of {@code type} in these messages, single or batched. */
    private static List<String> codes(List<WebhookReceiver.Received> messages, String type) {
        List<String> codes = new ArrayList<>();
        for (WebhookReceiver.Received r : messages) {
            JsonNode body = r.json();
            List<JsonNode> events = new ArrayList<>();
            if (body.get("type").asText().equals("batch")) {
                body.get("events").forEach(events::add);
            } else {
                events.add(body);
            }
            events.stream().filter(e -> e.get("type").asText().equals(type)).forEach(e -> codes.add(e.get("data").get("code").asText()));
        }
        return codes;
    }
}
