package dev.shortcode.loadtest;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class WorkingSetIntegrationTests {

    /** A service stand-in for the batch API: every 10th item comes back as a problem, the rest get codes. */
    private static ScriptedServer.Reply batchOrRedirect(io.vertx.core.http.HttpServerRequest request,
                                                        io.vertx.core.buffer.Buffer body, AtomicInteger codes) {
        if (request.path().equals(LinkApi.BATCH_PATH)) {
            JsonArray results = new JsonArray();
            JsonArray links = body.toJsonObject().getJsonArray("links");
            for (int i = 0; i < links.size(); i++) {
                results.add(i % 10 == 9
                        ? new JsonObject().put("index", i).put("status", 400).put("problem",
                                new JsonObject().put("type", "about:blank").put("title", "Bad URL").put("status", 400))
                        : new JsonObject().put("index", i).put("status", 201).put("link", new JsonObject()
                                .put("code", "k" + codes.incrementAndGet()).put("url", links.getJsonObject(i).getString("url"))));
            }
            return ScriptedServer.Reply.json(200, new JsonObject().put("results", results).encode());
        }
        return ScriptedServer.Reply.of(302);
    }

    @Test
    @Timeout(60)
    void linkJsonJoinsEveryWorkingSetItem_andTheUserAgentGoesWithEveryRequest() throws Exception {
        AtomicInteger codes = new AtomicInteger();
        Set<String> agents = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.List<JsonObject> items = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ScriptedServer server = ScriptedServer.start((n, request, body) -> {
            agents.add(String.valueOf(request.getHeader("User-Agent")));
            if (request.path().equals(LinkApi.BATCH_PATH)) {
                body.toJsonObject().getJsonArray("links").forEach(item -> items.add((JsonObject) item));
            }
            return batchOrRedirect(request, body, codes);
        })) {
            LoadOptions base = TestLoads.withLinks(TestLoads.load(server.url(), Scenario.REDIRECT, 200, Duration.ZERO,
                    Duration.ofMillis(500)), 20);
            LoadOptions options = new LoadOptions(base.target(), base.scenario(), base.rate(), base.duration(), base.warmup(),
                    base.connections(), base.apiKey(), base.links(), base.zipf(), base.mix(), base.batchSize(), base.maxInFlight(),
                    base.timeout(), base.seed(), "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)",
                    "{\"targets\": {\"ios\": \"https://apps.apple.com/app/id1\"}, \"ttl\": \"P30D\"}");

            try (LoadHarness harness = new LoadHarness(options, null, false, Duration.ZERO)) {
                harness.run(options.rate(), "link-json");
            }

            assertThat(items).hasSize(20).allSatisfy(item -> {
                assertThat(item.getJsonObject("targets").getString("ios")).isEqualTo("https://apps.apple.com/app/id1");
                assertThat(item.getString("ttl")).isEqualTo("P30D");
                assertThat(item.getString("url")).startsWith("http");
            });
            assertThat(items.stream().map(item -> item.getString("url")).distinct()).as("each item its own url").hasSize(20);
            assertThat(agents).containsExactly("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)");
        }
    }

    @Test
    @Timeout(60)
    void redirectsGoOnlyToLinksCreatedThroughTheBatchApiWithZipfSkew() throws Exception {
        AtomicInteger codes = new AtomicInteger();
        try (ScriptedServer server = ScriptedServer.start((n, request, body) -> batchOrRedirect(request, body, codes))) {
            LoadOptions options = TestLoads.withLinks(TestLoads.load(server.url(), Scenario.REDIRECT, 400,
                    Duration.ZERO, Duration.ofMillis(1500)), 1500);

            WorkingSet workingSet;
            RunSummary summary;
            try (LoadHarness harness = new LoadHarness(options, null, false, Duration.ZERO)) {
                workingSet = harness.workingSet();
                summary = harness.run(options.rate(), "working-set");
            }

            // 1500 links = 2 batch requests (1000 + 500); 10% of items came back as problems.
            assertThat(server.paths()).containsEntry("POST " + LinkApi.BATCH_PATH, 2L);
            assertThat(workingSet.synthetic()).isFalse();
            assertThat(workingSet.size()).isEqualTo(1350);
            assertThat(server.lastApiKey()).isEqualTo("test-key");

            Set<String> created = new HashSet<>();
            workingSet.codes().forEach(code -> created.add("GET /" + code));
            Map<String, Long> gets = server.paths();
            gets.remove("POST " + LinkApi.BATCH_PATH);
            assertThat(created).containsAll(gets.keySet());
            assertThat(gets.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(600);
            assertThat(summary.errors()).isEmpty();
            // Zipf s=1 over 1350 links: the top link gets ~13% of 600 requests; uniform would give < 1.
            assertThat(gets.values().stream().mapToLong(Long::longValue).max().orElse(0)).isGreaterThan(30);
        }
    }
}
