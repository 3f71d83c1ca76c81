package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The link inventory over a running service: metadata on links, listings with every filter,
 * paging under concurrent change, owner isolation, external ids, bulk edits, tags, export.
 * Subclasses run it on embedded storage and on real Redis + HBase (where a listing lags a create
 * by the archive's lag, so listings are awaited).
 */
abstract class AbstractLinkInventoryApiTests {

    static final ObjectMapper JSON = new ObjectMapper();

    String writer;
    String other;
    /** Makes each test's URLs and tags its own: the service is shared by the tests of a class. */
    String run;

    @BeforeEach
    void keys() {
        writer = key("links:write", "links:read");
        other = key("links:write", "links:read");
        run = UUID.randomUUID().toString().substring(0, 8);
    }

    String createLink(String key, Map<String, ?> body) {
        return create(key, body).then().statusCode(201).extract().path("code");
    }

    /** Every code of a listing, page after page, with the given page size and query. */
    static List<String> listAll(String key, String query, int limit) {
        List<String> codes = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 10_000; pages++) {
            RequestSpecification request = withQuery(as(key), query).queryParam("limit", limit);
            Response page = (cursor == null ? request : request.queryParam("cursor", cursor)).get("/api/v1/links");
            page.then().statusCode(200);
            codes.addAll(page.jsonPath().getList("links.code"));
            cursor = page.path("next");
            if (cursor == null) {
                return codes;
            }
        }
        throw new AssertionError("a listing that never ends");
    }

    /** The request with the parameters of a query string ({@code a=1&b=x%20y}), each sent once, encoded by RestAssured. */
    static RequestSpecification withQuery(RequestSpecification request, String query) {
        for (String pair : query.split("&")) {
            if (!pair.isEmpty()) {
                String[] kv = pair.split("=", 2);
                request = request.queryParam(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
            }
        }
        return request;
    }

    /** Waits until the listing holds exactly these codes (the archive's lag in Redis mode), in order. */
    static void awaitListing(String key, String query, List<String> expected) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(listAll(key, query, 100)).containsExactlyElementsOf(expected));
    }

    @Test
    void create_withTitleTagsAndExternalId_showsThemEverywhere() {
        Response created = create(writer, Map.of("url", "https://example.com/" + run, "title", "Spring sale \u00e9t\u00e9",
                "tags", List.of("Campaign:Spring", "sms", "sms"), "externalId", "crm-" + run));
        created.then().statusCode(201).body("title", equalTo("Spring sale \u00e9t\u00e9"))
                .body("tags", equalTo(List.of("campaign:spring", "sms"))).body("externalId", equalTo("crm-" + run));
        String code = created.path("code");
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("tags", equalTo(List.of("campaign:spring", "sms")))
                .body("externalId", equalTo("crm-" + run));
        awaitListing(writer, "", List.of(code));
        as(writer).get("/api/v1/links").then().statusCode(200).body("links[0].status", equalTo("live"))
                .body("links[0].title", equalTo("Spring sale \u00e9t\u00e9")).body("next", nullValue());
    }

    @Test
    void create_badMetadata_answers400NamingTheFieldAndStoresNothing() {
        create(writer, Map.of("url", "https://example.com/" + run, "title", "x".repeat(201))).then().statusCode(400)
                .body("detail", containsString("title"));
        create(writer, Map.of("url", "https://example.com/" + run, "title", "bell\u0007")).then().statusCode(400)
                .body("detail", containsString("title"));
        create(writer, Map.of("url", "https://example.com/" + run, "tags", List.of("no spaces"))).then().statusCode(400)
                .body("detail", containsString("tags"));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            many.add("t" + i);
        }
        create(writer, Map.of("url", "https://example.com/" + run, "tags", many)).then().statusCode(400).body("detail", containsString("tags"));
        create(writer, Map.of("url", "https://example.com/" + run, "externalId", "has space")).then().statusCode(400)
                .body("detail", containsString("externalId"));
        create(writer, Map.of("url", "https://example.com/" + run, "externalId", "x".repeat(129))).then().statusCode(400)
                .body("detail", containsString("externalId"));
        assertThat(listAll(writer, "status=all", 100)).isEmpty();
    }

    @Test
    void list_isNewestFirst_andEachKeySeesItsOwn_adminSeesAllOrOneOwner() {
        List<String> mine = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            mine.add(0, createLink(writer, Map.of("url", "https://example.com/" + run + "/" + i)));
        }
        String theirs = createLink(other, Map.of("url", "https://example.com/" + run + "/other"));
        awaitListing(writer, "", mine);
        awaitListing(other, "", List.of(theirs));
        as(writer).get("/api/v1/links?owner=someone").then().statusCode(400).body("detail", containsString("owner"));
        List<String> all = listAll(ADMIN_KEY, "q=" + run, 2);
        assertThat(all).containsExactlyInAnyOrderElementsOf(concat(mine, List.of(theirs)));
        assertThat(all.indexOf(theirs)).as("newest first across owners").isZero();
    }

    @Test
    void list_pagesNeverRepeatOrSkip_whileAnotherThreadCreatesAndDeletes() throws Exception {
        List<String> stable = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            List<Map<String, String>> items = new ArrayList<>();
            for (int i = 0; i < 834; i++) {
                items.add(Map.of("url", "https://example.com/" + run + "/stable/" + b + "/" + i));
            }
            Response batch = as(writer).body(Map.of("links", items)).post("/api/v1/links/batch");
            batch.then().statusCode(200);
            stable.addAll(batch.jsonPath().getList("results.link.code"));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> listAll(writer, "", 1000).size() >= stable.size());
        AtomicBoolean stop = new AtomicBoolean();
        Set<String> churned = ConcurrentHashMap.newKeySet();
        Thread churn = new Thread(() -> {
            int i = 0;
            while (!stop.get()) {
                String code = createLink(writer, Map.of("url", "https://example.com/" + run + "/churn/" + i++));
                churned.add(code);
                if (i % 2 == 0) {
                    as(writer).delete("/api/v1/links/" + code).then().statusCode(204);
                }
            }
        });
        churn.start();
        List<String> seen;
        try {
            seen = listAll(writer, "", 97);
        } finally {
            stop.set(true);
            churn.join();
        }
        assertThat(new HashSet<>(seen)).as("no link twice").hasSize(seen.size());
        assertThat(seen).as("every link that existed throughout").containsAll(stable);
        assertThat(seen).as("nothing but this key's links").allMatch(code -> stable.contains(code) || churned.contains(code));
        assertThat(churned).as("the churn ran while paging").isNotEmpty();
    }

    @Test
    void list_filtersByTagsHostWordsPoolTimeAndExternalId_andTheirCombinations() {
        String a = createLink(writer, Map.of("url", "https://shop.example.com/" + run + "/shoes", "title", "Red shoes", "tags", List.of("spring", "sms")));
        Instant between = Instant.now();
        sleepPastMillisecond();
        String b = createLink(writer, Map.of("url", "https://example.org/" + run + "/hats", "title", "Green hats", "tags", List.of("spring"),
                "ttl", "permanent"));
        String c = createLink(writer, Map.of("url", "https://example.com/" + run + "/socks", "tags", List.of("sms"), "externalId", "x-" + run));
        awaitListing(writer, "", List.of(c, b, a));
        awaitListing(writer, "tag=spring", List.of(b, a));
        awaitListing(writer, "tag=spring&tag=SMS", List.of(a));
        awaitListing(writer, "host=example.com", List.of(c, a));
        awaitListing(writer, "host=shop.example.com", List.of(a));
        awaitListing(writer, "host=ample.com", List.of());
        awaitListing(writer, "q=red+SHOES", List.of(a));
        awaitListing(writer, "q=hats", List.of(b));
        awaitListing(writer, "q=" + run + "+socks", List.of(c));
        awaitListing(writer, "externalId=x-" + run, List.of(c));
        awaitListing(writer, "externalId=unknown", List.of());
        String pool = as(writer).get("/api/v1/links/" + b).then().extract().path("pool");
        awaitListing(writer, "pool=" + pool, List.of(b));
        awaitListing(writer, "createdAfter=" + between, List.of(c, b));
        awaitListing(writer, "createdBefore=" + between, List.of(a));
        awaitListing(writer, "tag=sms&createdAfter=" + between, List.of(c));
        awaitListing(writer, "tag=sms&host=example.com&q=socks", List.of(c));
        awaitListing(other, "tag=spring", List.of());
    }

    @Test
    void list_status_disabledAndAll_liveByDefault() {
        String live = createLink(writer, Map.of("url", "https://example.com/" + run + "/live"));
        String disabled = createLink(writer, Map.of("url", "https://example.com/" + run + "/disabled"));
        as(ADMIN_KEY).body(Map.of("reason", "spam")).post("/api/v1/links/" + disabled + "/disable").then().statusCode(200);
        awaitListing(writer, "", List.of(live));
        awaitListing(writer, "status=disabled", List.of(disabled));
        awaitListing(writer, "status=all", List.of(disabled, live));
        awaitListing(writer, "status=expired", List.of());
        as(writer).get("/api/v1/links?status=disabled").then().body("links[0].status", equalTo("disabled"))
                .body("links[0].disabled.reason", equalTo("spam"));
    }

    @Test
    void list_badParameters_answer400NamingEach() {
        Map<String, String> bad = new HashMap<>();
        bad.put("limit=0", "limit");
        bad.put("limit=1001", "limit");
        bad.put("limit=ten", "limit");
        bad.put("cursor=bm90LWEtY3Vyc29y", "cursor");
        bad.put("tag=No%20Spaces", "tag");
        bad.put("host=a%20b", "host");
        bad.put("createdAfter=yesterday", "createdAfter");
        bad.put("createdBefore=2026-13-01", "createdBefore");
        bad.put("status=gone", "status");
        bad.put("pool=" + "p".repeat(65), "pool");
        bad.put("externalId=a%20b", "externalId");
        bad.forEach((query, parameter) -> withQuery(as(writer), query).get("/api/v1/links").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString(parameter)));
        as(writer).get("/api/v1/links/export?format=xml").then().statusCode(400).body("detail", containsString("format"));
    }

    @Test
    void externalId_isUniquePerOwner_inSingleAndBatch_andFreeAgainAfterDelete() {
        String first = createLink(writer, Map.of("url", "https://example.com/" + run + "/1", "externalId", "order-" + run));
        create(writer, Map.of("url", "https://example.com/" + run + "/2", "externalId", "order-" + run)).then().statusCode(409)
                .body("type", containsString("external-id-taken")).body("code", equalTo(first));
        createLink(other, Map.of("url", "https://example.com/" + run + "/3", "externalId", "order-" + run)); // another owner's own
        Response batch = as(writer).body(Map.of("links", List.of(
                Map.of("url", "https://example.com/" + run + "/4", "externalId", "order-" + run),
                Map.of("url", "https://example.com/" + run + "/5", "externalId", "new-" + run),
                Map.of("url", "https://example.com/" + run + "/6", "externalId", "new-" + run),
                Map.of("url", "https://example.com/" + run + "/7")))).post("/api/v1/links/batch");
        batch.then().statusCode(200);
        assertThat(batch.jsonPath().getList("results.status", Integer.class)).containsExactly(409, 201, 409, 201);
        assertThat(batch.jsonPath().getString("results[0].problem.code")).isEqualTo(first);
        String fresh = batch.jsonPath().getString("results[1].link.code");
        assertThat(batch.jsonPath().getString("results[2].problem.code")).isEqualTo(fresh);
        as(writer).delete("/api/v1/links/" + first).then().statusCode(204);
        String again = createLink(writer, Map.of("url", "https://example.com/" + run + "/8", "externalId", "order-" + run));
        assertThat(again).isNotEqualTo(first);
        awaitListing(writer, "externalId=order-" + run, List.of(again));
    }

    @Test
    void externalId_inABulkStream_refusesThatLineAlone() {
        createLink(writer, Map.of("url", "https://example.com/" + run + "/taken", "externalId", "bulk-" + run));
        String body = "{\"url\":\"https://example.com/" + run + "/a\",\"externalId\":\"bulk-" + run + "\"}\n"
                + "{\"url\":\"https://example.com/" + run + "/b\",\"externalId\":\"other-" + run + "\",\"tags\":[\"bulk\"]}\n";
        Response bulk = as(writer).contentType("application/x-ndjson").body(body.getBytes(StandardCharsets.UTF_8)).post("/api/v1/links/bulk");
        bulk.then().statusCode(200);
        List<JsonNode> lines = bulk.asString().lines().map(AbstractLinkInventoryApiTests::json).toList();
        assertThat(lines).extracting(l -> l.path("status").asInt()).containsExactly(409, 201);
        assertThat(lines.get(0).path("problem").path("type").asText()).endsWith("external-id-taken");
        assertThat(lines.get(1).path("link").path("tags").get(0).asText()).isEqualTo("bulk");
    }

    @Test
    void bulkUpdate_setsAddsAndRemoves_perCode_aForeignOrUnknownCodeFailsAlone() {
        String a = createLink(writer, Map.of("url", "https://example.com/" + run + "/a", "tags", List.of("old", "keep")));
        String b = createLink(writer, Map.of("url", "https://example.com/" + run + "/b", "tags", List.of("old")));
        String foreign = createLink(other, Map.of("url", "https://example.com/" + run + "/foreign", "tags", List.of("old")));
        Response result = as(writer).body(Map.of("codes", List.of(a, foreign, b, "zzzzzz"), "set", Map.of("title", "Renamed"),
                "addTags", List.of("new-" + run), "removeTags", List.of("old"))).post("/api/v1/links/bulk-update");
        result.then().statusCode(200);
        assertThat(result.jsonPath().getList("results.code")).containsExactly(a, foreign, b, "zzzzzz");
        assertThat(result.jsonPath().getList("results.status", Integer.class)).containsExactly(200, 403, 200, 404);
        as(writer).get("/api/v1/links/" + a).then().body("title", equalTo("Renamed")).body("tags", equalTo(List.of("keep", "new-" + run)));
        as(other).get("/api/v1/links/" + foreign).then().body("tags", equalTo(List.of("old"))).body("title", nullValue());
        awaitListing(writer, "tag=new-" + run, List.of(b, a));
        awaitListing(writer, "tag=old", List.of());
        awaitTags(writer, tags -> tags.get("new-" + run) != null && tags.get("new-" + run) == 2 && !tags.containsKey("old"));
        as(writer).body(Map.of("codes", List.of())).post("/api/v1/links/bulk-update").then().statusCode(400);
        as(writer).body(Map.of("codes", List.of(a))).post("/api/v1/links/bulk-update").then().statusCode(400);
        as(writer).body(Map.of("codes", List.of(a), "addTags", List.of("Bad Tag"))).post("/api/v1/links/bulk-update").then().statusCode(400);
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.add("c" + i);
        }
        as(writer).body(Map.of("codes", tooMany, "set", Map.of("title", "x"))).post("/api/v1/links/bulk-update").then().statusCode(413);
    }

    @Test
    void bulkDelete_deletesOwnCodes_refusesForeignOnes_andTheirIndexRowsGo() {
        String a = createLink(writer, Map.of("url", "https://example.com/" + run + "/a", "tags", List.of("gone-" + run)));
        String b = createLink(writer, Map.of("url", "https://example.com/" + run + "/b", "tags", List.of("gone-" + run)));
        String foreign = createLink(other, Map.of("url", "https://example.com/" + run + "/foreign"));
        awaitListing(writer, "tag=gone-" + run, List.of(b, a));
        Response result = as(writer).body(Map.of("codes", List.of(a, foreign, b))).post("/api/v1/links/bulk-delete");
        result.then().statusCode(200);
        assertThat(result.jsonPath().getList("results.status", Integer.class)).containsExactly(204, 403, 204);
        as(writer).get("/api/v1/links/" + a).then().statusCode(404);
        as(other).get("/api/v1/links/" + foreign).then().statusCode(200);
        awaitListing(writer, "tag=gone-" + run + "&status=all", List.of());
        awaitListing(writer, "status=all", List.of());
        awaitTags(writer, tags -> !tags.containsKey("gone-" + run));
    }

    @Test
    void patchOfTags_rewritesTheIndexRows() {
        String code = createLink(writer, Map.of("url", "https://example.com/" + run, "tags", List.of("before")));
        awaitListing(writer, "tag=before", List.of(code));
        as(writer).body(Map.of("tags", List.of("after"), "title", "Now titled")).patch("/api/v1/links/" + code).then().statusCode(200)
                .body("tags", equalTo(List.of("after"))).body("title", equalTo("Now titled"));
        awaitListing(writer, "tag=before", List.of());
        awaitListing(writer, "tag=after", List.of(code));
        awaitTags(writer, tags -> Long.valueOf(1).equals(tags.get("after")) && !tags.containsKey("before"));
        as(writer).body(Map.of("title", "")).patch("/api/v1/links/" + code).then().statusCode(200).body("title", nullValue());
        as(writer).body(Map.of("tags", List.of("Bad Tag"))).patch("/api/v1/links/" + code).then().statusCode(400);
    }

    @Test
    void export_ndjsonAndCsv_holdEveryMatchingLink_parsedBack() {
        List<String> codes = createMany(2_500, "export-" + run);
        await().atMost(Duration.ofSeconds(30)).until(() -> listAll(writer, "tag=export-" + run, 1000).size() == codes.size());
        List<String> listed = listAll(writer, "tag=export-" + run, 1000);
        assertThat(listed).containsExactlyInAnyOrderElementsOf(codes);
        Response ndjson = as(writer).get("/api/v1/links/export?format=ndjson&tag=export-" + run);
        ndjson.then().statusCode(200).contentType(containsString("application/x-ndjson"));
        List<JsonNode> lines = ndjson.asString().lines().map(AbstractLinkInventoryApiTests::json).toList();
        assertThat(lines).extracting(l -> l.path("code").asText()).as("the listing's order").containsExactlyElementsOf(listed);
        assertThat(lines.get(0).path("tags").get(0).asText()).isEqualTo("export-" + run);
        Response csv = as(writer).get("/api/v1/links/export?format=csv&tag=export-" + run);
        csv.then().statusCode(200).contentType(containsString("text/csv"));
        List<String> rows = csv.asString().lines().toList();
        assertThat(rows.get(0)).startsWith("code,shortUrl,url,title,tags,externalId");
        assertThat(rows.subList(1, rows.size())).extracting(row -> row.split(",", -1)[0]).containsExactlyElementsOf(listed);
        assertThat(rows.get(1).split(",", -1)[4]).isEqualTo("export-" + run + "|many");
        as(other).get("/api/v1/links/export?tag=export-" + run).then().statusCode(200).body(equalTo(""));
    }

    /** Creates links in batches of 1,000 with a tag, returns their codes in creation order. */
    List<String> createMany(int n, String tag) {
        List<String> codes = new ArrayList<>(n);
        for (int from = 0; from < n; from += 1000) {
            List<Map<String, Object>> items = new ArrayList<>();
            for (int i = from; i < Math.min(n, from + 1000); i++) {
                items.add(Map.of("url", "https://example.com/" + run + "/" + i, "tags", List.of(tag, "many")));
            }
            Response batch = as(writer).body(Map.of("links", items)).post("/api/v1/links/batch");
            batch.then().statusCode(200);
            codes.addAll(batch.jsonPath().getList("results.link.code"));
            sleepPastMillisecond(); // the next batch is newer
        }
        return codes;
    }

    static void awaitTags(String key, java.util.function.Predicate<Map<String, Long>> condition) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            List<Map<String, Object>> tags = as(key).get("/api/v1/tags").then().statusCode(200).extract().jsonPath().getList("tags");
            Map<String, Long> counts = new HashMap<>();
            tags.forEach(t -> counts.put((String) t.get("tag"), ((Number) t.get("links")).longValue()));
            return condition.test(counts);
        });
    }

    static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    static void sleepPastMillisecond() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

}
