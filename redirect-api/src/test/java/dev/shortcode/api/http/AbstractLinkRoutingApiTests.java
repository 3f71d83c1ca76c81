package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Query forwarding, validity windows, splits and rules over a running service: what a visitor gets
 * before, within and after a link's window, with and without its expiredUrl; the query merged into
 * the target; a split's visitors shared, kept on their variant and counted per variant; rules
 * taken in order, each condition; PATCH setting and removing each field; bad values refused
 * naming the field. Subclasses run it on embedded storage and on real Redis + HBase.
 */
abstract class AbstractLinkRoutingApiTests {

    String writer;

    @BeforeEach
    void key() {
        writer = ApiClient.key("links:write", "links:read");
    }

    private static final String CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            + "Version/17.4 Mobile/15E148 Safari/604.1";
    private static final String GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

    private static Response visit(String code, String query) {
        return given().redirects().follow(false).get("/" + code + query);
    }

    /** A visit by a browser sending {@code userAgent} and, when not null, {@code Accept-Language}. */
    private static String location(String code, String query, String userAgent, String languages) {
        var request = given().redirects().follow(false).header("User-Agent", userAgent);
        if (languages != null) {
            request.header("Accept-Language", languages);
        }
        return request.get("/" + code + query).then().statusCode(302).extract().header("Location");
    }

    private String make(Map<String, Object> body) {
        return create(writer, body).then().statusCode(201).extract().path("code");
    }

    @Test
    void forwardQuery_mergesTheVisitorsQueryIntoTheTarget_onlyWhenAsked() {
        String forwarding = make(Map.of("url", "https://example.com/landing?a=1#top", "forwardQuery", true));
        visit(forwarding, "?utm_source=sms&qr=1&b=2").then().statusCode(302)
                .header("Location", "https://example.com/landing?a=1&utm_source=sms&b=2#top");
        visit(forwarding, "").then().statusCode(302).header("Location", "https://example.com/landing?a=1#top");
        as(writer).get("/api/v1/links/" + forwarding).then().statusCode(200).body("forwardQuery", equalTo(true));

        String plain = make(Map.of("url", "https://example.com/landing?a=1"));
        visit(plain, "?utm_source=sms").then().statusCode(302).header("Location", "https://example.com/landing?a=1");
        as(writer).get("/api/v1/links/" + plain).then().statusCode(200).body("forwardQuery", nullValue());

        as(writer).body(Map.of("forwardQuery", true)).patch("/api/v1/links/" + plain).then().statusCode(200).body("forwardQuery", equalTo(true));
        visit(plain, "?utm_source=sms").then().statusCode(302).header("Location", "https://example.com/landing?a=1&utm_source=sms");
    }

    @Test
    void aWindow_hidesTheLinkBeforeItOpens_andAfterItCloses_sendsToExpiredUrlOr410() {
        Instant now = Instant.now();
        String soon = make(Map.of("url", "https://example.com/sale", "validFrom", now.plus(1, ChronoUnit.HOURS).toString()));
        visit(soon, "").then().statusCode(404);
        as(writer).get("/api/v1/links/" + soon).then().statusCode(200).body("validFrom", containsString("T"));

        String ended = make(Map.of("url", "https://example.com/sale", "validUntil", now.minus(1, ChronoUnit.MINUTES).toString(),
                "expiredUrl", "https://example.com/sale-over"));
        visit(ended, "").then().statusCode(302).header("Location", "https://example.com/sale-over");

        String gone = make(Map.of("url", "https://example.com/sale", "validUntil", now.minus(1, ChronoUnit.MINUTES).toString()));
        visit(gone, "").then().statusCode(410).body("type", containsString("link-expired"));
        given().redirects().follow(false).accept("text/html").get("/" + gone).then().statusCode(410)
                .contentType(containsString("text/html"));

        String open = make(Map.of("url", "https://example.com/sale", "validFrom", now.minus(1, ChronoUnit.HOURS).toString(),
                "validUntil", now.plus(1, ChronoUnit.HOURS).toString()));
        visit(open, "").then().statusCode(302).header("Location", "https://example.com/sale");

        // PATCH: open the early link now, close the open one, then remove its end again.
        Map<String, Object> removeFrom = new HashMap<>();
        removeFrom.put("validFrom", null);
        as(writer).body(removeFrom).patch("/api/v1/links/" + soon).then().statusCode(200).body("validFrom", nullValue());
        visit(soon, "").then().statusCode(302);
        as(writer).body(Map.of("validUntil", now.minus(1, ChronoUnit.SECONDS).toString(), "expiredUrl", "https://example.com/closed"))
                .patch("/api/v1/links/" + open).then().statusCode(200).body("expiredUrl", equalTo("https://example.com/closed"));
        visit(open, "").then().statusCode(302).header("Location", "https://example.com/closed");
        Map<String, Object> removeUntil = new HashMap<>();
        removeUntil.put("validUntil", null);
        as(writer).body(removeUntil).patch("/api/v1/links/" + open).then().statusCode(200).body("validUntil", nullValue())
                .body("expiredUrl", nullValue());
        visit(open, "").then().statusCode(302).header("Location", "https://example.com/sale");
    }

    @Test
    void badRoutingValues_answer400NamingTheField_andChangeNothing() {
        String now = Instant.now().toString();
        create(writer, Map.of("url", "https://example.com/x", "validFrom", "tomorrow")).then().statusCode(400)
                .body("detail", containsString("validFrom"));
        create(writer, Map.of("url", "https://example.com/x", "validUntil", "2027-01-01")).then().statusCode(400)
                .body("detail", containsString("validUntil"));
        create(writer, Map.of("url", "https://example.com/x", "validFrom", now, "validUntil", now)).then().statusCode(400)
                .body("detail", containsString("validUntil"));
        create(writer, Map.of("url", "https://example.com/x", "validUntil", now, "expiredUrl", "ftp://example.com/")).then().statusCode(400)
                .body("detail", containsString("expiredUrl"));
        create(writer, Map.of("url", "https://example.com/x", "expiredUrl", "https://example.com/over")).then().statusCode(400)
                .body("detail", containsString("validUntil"));
        create(writer, Map.of("url", "https://example.com/x", "forwardQuery", "yes")).then().statusCode(400)
                .body("detail", containsString("forwardQuery"));

        String code = make(Map.of("url", "https://example.com/x"));
        as(writer).body(Map.of("validFrom", "soon")).patch("/api/v1/links/" + code).then().statusCode(400).body("detail", containsString("validFrom"));
        as(writer).body(Map.of("expiredUrl", "https://example.com/over")).patch("/api/v1/links/" + code).then().statusCode(400)
                .body("detail", containsString("validUntil"));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("validFrom", nullValue()).body("expiredUrl", nullValue());
        visit(code, "").then().statusCode(302);
    }

    @Test
    void aSplit_sharesVisitorsByWeight_keepsEachOnTheirVariant_countsThemPerVariant_andSendsBotsToTheUrl() {
        String code = make(Map.of("url", "https://example.com/main", "split", List.of(
                Map.of("url", "https://example.com/a", "weight", 3), Map.of("url", "https://example.com/b"))));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200)
                .body("split[0].url", equalTo("https://example.com/a")).body("split[0].weight", equalTo(3))
                .body("split[1].weight", equalTo(1));

        Map<String, Integer> seen = new HashMap<>();
        for (int visitor = 0; visitor < 120; visitor++) {
            String agent = CHROME + " visitor/" + visitor;
            String first = location(code, "", agent, null);
            assertThat(location(code, "", agent, null)).as("visitor %d comes back to the same variant", visitor).isEqualTo(first);
            seen.merge(first, 1, Integer::sum);
        }
        assertThat(seen.keySet()).containsExactlyInAnyOrder("https://example.com/a", "https://example.com/b");
        assertThat(seen.get("https://example.com/a")).as("about three in four of 120 visitors").isBetween(70, 110);
        assertThat(location(code, "", GOOGLEBOT, null)).as("a crawler indexes the link's own url").isEqualTo("https://example.com/main");

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
            var stats = as(ApiClient.ADMIN_KEY).get("/api/v1/links/" + code + "/stats?unit=day&units=1").then().statusCode(200).extract();
            assertThat(stats.<Integer>path("totals.humans")).isEqualTo(240);
            assertThat(stats.<Integer>path("variants[0].clicks")).as("variant 0: two clicks per visitor it got")
                    .isEqualTo(2 * seen.get("https://example.com/a"));
            assertThat(stats.<Integer>path("variants[1].clicks")).isEqualTo(2 * seen.get("https://example.com/b"));
        });

        Map<String, Object> removeSplit = new HashMap<>();
        removeSplit.put("split", null);
        as(writer).body(removeSplit).patch("/api/v1/links/" + code).then().statusCode(200).body("split", nullValue());
        assertThat(location(code, "", CHROME + " visitor/1", null)).isEqualTo("https://example.com/main");
    }

    @Test
    void rules_theFirstOneMetWins_byQueryLanguageDeviceAndTime_elseTheSplitOrUrl() {
        Instant now = Instant.now();
        String code = make(Map.of("url", "https://example.com/main", "forwardQuery", true, "rules", List.of(
                Map.of("when", Map.of("query", Map.of("src", "sms")), "url", "https://example.com/sms"),
                Map.of("when", Map.of("language", List.of("fr"), "device", List.of("ios")), "url", "https://example.com/fr-ios"),
                Map.of("when", Map.of("language", List.of("fr")), "url", "https://example.com/fr"),
                Map.of("when", Map.of("device", List.of("ios", "android")), "url", "https://example.com/phone"),
                Map.of("when", Map.of("before", now.minus(1, ChronoUnit.HOURS).toString()), "url", "https://example.com/past"),
                Map.of("when", Map.of("after", now.plus(1, ChronoUnit.HOURS).toString()), "url", "https://example.com/future"))));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200)
                .body("rules[0].when.query.src", equalTo("sms")).body("rules[2].when.language[0]", equalTo("fr"))
                .body("rules[4].when.before", containsString("T")).body("rules[0].when.device", nullValue());

        assertThat(location(code, "?src=sms", IPHONE, "fr")).as("the first rule, before the others that hold").isEqualTo("https://example.com/sms?src=sms");
        assertThat(location(code, "?src=mail", IPHONE, "fr-CA,en;q=0.8")).isEqualTo("https://example.com/fr-ios?src=mail");
        assertThat(location(code, "", CHROME, "fr")).isEqualTo("https://example.com/fr");
        assertThat(location(code, "", CHROME, "en-GB,en;q=0.9,fr;q=0.8")).as("French is not what this visitor prefers")
                .isEqualTo("https://example.com/main");
        assertThat(location(code, "", IPHONE, "de")).isEqualTo("https://example.com/phone");
        assertThat(location(code, "", CHROME, null)).as("no rule holds: the windows of the last two are closed").isEqualTo("https://example.com/main");
        assertThat(location(code, "?src=sms", GOOGLEBOT, "fr")).as("a crawler gets the url").isEqualTo("https://example.com/main?src=sms");

        // PATCH: rules replace the whole list; a split then takes whom no rule holds.
        as(writer).body(Map.of("rules", List.of(Map.of("when", Map.of("device", List.of("desktop")), "url", "https://example.com/desk")),
                "split", List.of(Map.of("url", "https://example.com/x"), Map.of("url", "https://example.com/y")))).patch("/api/v1/links/" + code)
                .then().statusCode(200).body("rules.size()", equalTo(1));
        assertThat(location(code, "", CHROME, "fr")).isEqualTo("https://example.com/desk");
        assertThat(location(code, "", IPHONE, "fr")).isIn("https://example.com/x", "https://example.com/y");
    }

    @Test
    void badSplitsAndRules_answer400NamingTheField_andChangeNothing() {
        Map<String, Object> one = Map.of("url", "https://example.com/a");
        Map<String, Object> two = Map.of("url", "https://example.com/b");
        refused(Map.of("split", List.of(one)), "split needs 2 to 10 variants");
        refused(Map.of("split", java.util.Collections.nCopies(11, one)), "split needs 2 to 10 variants (or none); it has 11");
        refused(Map.of("split", List.of(one, Map.of("url", "https://example.com/b", "weight", 0))), "split[1].weight");
        refused(Map.of("split", List.of(one, Map.of("url", "ftp://example.com/b"))), "split[1].url");
        refused(Map.of("split", List.of(one, Map.of("weight", 2))), "split[1].url");
        refused(Map.of("rules", List.of(Map.of("url", "https://example.com/r"))), "rules[0].when");
        refused(Map.of("rules", List.of(Map.of("when", Map.of(), "url", "https://example.com/r"))), "rules[0].when has no condition");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("device", List.of("tv")), "url", "https://example.com/r"))), "rules[0].when.device[0]");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("language", List.of("english!")), "url", "https://example.com/r"))),
                "rules[0].when.language[0]");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("query", Map.of("src", "a\u0001b")), "url", "https://example.com/r"))),
                "rules[0].when.query");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("after", "2027-02-01T00:00:00Z", "before", "2027-01-01T00:00:00Z"),
                "url", "https://example.com/r"))), "rules[0].when.before");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("device", List.of("ios")), "url", "javascript:alert(1)"))), "rules[0].url");
        refused(Map.of("rules", List.of(Map.of("when", Map.of("country", List.of("FR")), "url", "https://example.com/r"))), "country database");
        refused(Map.of("split", List.of(one, two), "rules", "first"), "rules");

        String code = make(Map.of("url", "https://example.com/x", "split", List.of(one, two)));
        as(writer).body(Map.of("split", List.of(one))).patch("/api/v1/links/" + code).then().statusCode(400)
                .body("detail", containsString("split needs 2 to 10 variants"));
        as(writer).body(Map.of("rules", List.of(Map.of("when", Map.of("device", List.of("tv")), "url", "https://example.com/r"))))
                .patch("/api/v1/links/" + code).then().statusCode(400).body("detail", containsString("rules[0].when.device[0]"));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("split.size()", equalTo(2)).body("rules", nullValue());
    }

    private void refused(Map<String, Object> fields, String detail) {
        Map<String, Object> body = new HashMap<>(fields);
        body.put("url", "https://example.com/refused");
        create(writer, body).then().statusCode(400).body("detail", containsString(detail));
    }

    @Test
    void aPassword_guardsTheTarget_formThenPost_wrongIs401_rightIs303_andPatchChangesOrRemovesIt() {
        String code = make(Map.of("url", "https://example.com/secret", "password", "correct horse", "forwardQuery", true));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("passwordProtected", equalTo(true))
                .body("password", nullValue()).body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("passwordHash")));

        for (String agent : List.of(CHROME, GOOGLEBOT)) {
            given().redirects().follow(false).header("User-Agent", agent).get("/" + code).then().statusCode(200)
                    .header("Location", nullValue()).header("Cache-Control", "no-store").contentType(containsString("text/html"))
                    .body(containsString("<form method=\"post\">")).body(org.hamcrest.Matchers.not(containsString("example.com/secret")));
        }
        given().accept("application/json").get("/" + code + "+").then().statusCode(200).body("passwordProtected", equalTo(true))
                .body("url", nullValue()).body("host", nullValue());

        unlock(code, "", "wrong one").then().statusCode(401).header("Location", nullValue());
        unlock(code, "?utm_source=mail", "correct horse").then().statusCode(303)
                .header("Location", "https://example.com/secret?utm_source=mail");

        as(writer).body(Map.of("password", "battery staple")).patch("/api/v1/links/" + code).then().statusCode(200)
                .body("passwordProtected", equalTo(true));
        unlock(code, "", "correct horse").then().statusCode(401);
        unlock(code, "", "battery staple").then().statusCode(303).header("Location", "https://example.com/secret");

        Map<String, Object> remove = new HashMap<>();
        remove.put("password", null);
        as(writer).body(remove).patch("/api/v1/links/" + code).then().statusCode(200).body("passwordProtected", nullValue());
        visit(code, "").then().statusCode(302).header("Location", "https://example.com/secret");
        unlock(code, "", "battery staple").then().statusCode(405).header("Allow", "GET, HEAD");
    }

    @Test
    void passwordAttempts_areLimitedPerAddressAndLink_andBadPasswordsOrForms_areRefused() {
        String code = make(Map.of("url", "https://example.com/vault", "password", "open sesame"));
        for (int i = 0; i < 5; i++) {
            unlock(code, "", "guess " + i).then().statusCode(401);
        }
        unlock(code, "", "open sesame").then().statusCode(429).header("Retry-After", org.hamcrest.Matchers.notNullValue());
        String other = make(Map.of("url", "https://example.com/vault", "password", "open sesame"));
        unlock(other, "", "open sesame").then().statusCode(303); // another link has attempts of its own

        given().redirects().follow(false).contentType("application/json").body("{\"password\":\"open sesame\"}").post("/" + other)
                .then().statusCode(415);
        create(writer, Map.of("url", "https://example.com/x", "password", "abc")).then().statusCode(400)
                .body("detail", containsString("password must be 4 to 128 characters"));
        create(writer, Map.of("url", "https://example.com/x", "password", "x".repeat(129))).then().statusCode(400);
        create(writer, Map.of("url", "https://example.com/x", "password", "tab\there")).then().statusCode(400);
        as(writer).body(Map.of("links", List.of(Map.of("url", "https://example.com/x", "password", "open sesame"))))
                .post("/api/v1/links/batch").then().statusCode(200).body("results[0].status", equalTo(400))
                .body("results[0].problem.detail", containsString("one link at a time"));
        as(writer).body(Map.of("password", "ab")).patch("/api/v1/links/" + other).then().statusCode(400);
        unlock(other, "", "open sesame").then().statusCode(303);
    }

    /** The password form as a browser posts it. */
    private static Response unlock(String code, String query, String password) {
        return given().redirects().follow(false).accept("text/html").header("User-Agent", CHROME)
                .contentType("application/x-www-form-urlencoded").formParam("password", password).post("/" + code + query);
    }

    @Test
    void maxClicks_servesThatManyPeople_thenIsOver_botsDoNotCount_andRaisingItLetsTheDifferenceThrough() {
        String code = make(Map.of("url", "https://example.com/limited", "maxClicks", 3, "expiredUrl", "https://example.com/sold-out"));
        as(writer).get("/api/v1/links/" + code).then().statusCode(200).body("maxClicks", equalTo(3));
        assertThat(location(code, "", GOOGLEBOT, null)).as("a crawler is not a click").isEqualTo("https://example.com/limited");
        for (int i = 0; i < 3; i++) {
            assertThat(location(code, "", CHROME + " n/" + i, null)).isEqualTo("https://example.com/limited");
        }
        assertThat(location(code, "", CHROME, null)).isEqualTo("https://example.com/sold-out");
        assertThat(location(code, "", GOOGLEBOT, null)).as("once over, over for crawlers too").isEqualTo("https://example.com/sold-out");

        as(writer).body(Map.of("maxClicks", 5)).patch("/api/v1/links/" + code).then().statusCode(200).body("maxClicks", equalTo(5));
        assertThat(location(code, "", CHROME, null)).isEqualTo("https://example.com/limited");
        assertThat(location(code, "", CHROME, null)).isEqualTo("https://example.com/limited");
        assertThat(location(code, "", CHROME, null)).as("refusals were not counted: exactly two more").isEqualTo("https://example.com/sold-out");

        Map<String, Object> remove = new HashMap<>();
        remove.put("maxClicks", null);
        as(writer).body(remove).patch("/api/v1/links/" + code).then().statusCode(200).body("maxClicks", nullValue())
                .body("expiredUrl", nullValue());
        assertThat(location(code, "", CHROME, null)).isEqualTo("https://example.com/limited");

        String once = make(Map.of("url", "https://example.com/once", "maxClicks", 1));
        assertThat(location(once, "", CHROME, null)).isEqualTo("https://example.com/once");
        given().redirects().follow(false).header("User-Agent", CHROME).get("/" + once).then().statusCode(410)
                .body("type", containsString("link-expired")).body("detail", containsString("served its 1 click"));

        create(writer, Map.of("url", "https://example.com/x", "maxClicks", 0)).then().statusCode(400).body("detail", containsString("maxClicks"));
        create(writer, Map.of("url", "https://example.com/x", "maxClicks", "3")).then().statusCode(400);
        create(writer, Map.of("url", "https://example.com/x", "maxClicks", 2.5)).then().statusCode(400);
    }

    @Test
    void maxClicks_underConcurrentVisits_servesExactlyTheLimit() throws Exception {
        String code = make(Map.of("url", "https://example.com/race", "maxClicks", 40));
        java.util.concurrent.ExecutorService visitors = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<String>> visits = new java.util.ArrayList<>();
            for (int i = 0; i < 120; i++) {
                int n = i;
                visits.add(visitors.submit(() -> given().redirects().follow(false).header("User-Agent", CHROME + " racer/" + n)
                        .get("/" + code).then().extract().statusLine()));
            }
            long served = 0;
            long over = 0;
            for (var visit : visits) {
                String status = visit.get();
                served += status.contains(" 302") ? 1 : 0;
                over += status.contains(" 410") ? 1 : 0;
            }
            assertThat(served).as("redirects among 120 concurrent visits of a link limited to 40").isEqualTo(40);
            assertThat(over).isEqualTo(80);
        } finally {
            visitors.shutdownNow();
        }
    }
}
