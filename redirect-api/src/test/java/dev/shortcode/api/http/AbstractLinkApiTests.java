package dev.shortcode.api.http;

import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import io.restassured.http.ContentType;
import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.DEFAULT_LINKS_PER_DAY;
import static dev.shortcode.api.http.ApiClient.DEFAULT_REQUESTS_PER_MINUTE;
import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.burstPolicy;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.createCode;
import static dev.shortcode.api.http.ApiClient.key;
import static dev.shortcode.api.http.ApiClient.ratePolicy;
import static dev.shortcode.api.http.ApiClient.redirect;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.shortcode.api.config.ServiceOptions;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTTP API over a running service: every endpoint and every error. Subclasses run it on
 * embedded storage and on real Redis + HBase.
 */
abstract class AbstractLinkApiTests extends AbstractLinkTargetsApiTests {

    String writer;
    String reader;

    @BeforeEach
    void keys() {
        writer = key("links:write", "links:read");
        reader = key("links:read");
    }

    @Test
    void create_validUrl_returns201WithLocationAndTheLink() {
        Response response = create(writer, Map.of("url", "https://example.com/spring?utm=sms"));
        response.then().statusCode(201)
                .header("Location", matchesPattern("http://localhost:8080/[0-9A-Za-z]{5}"))
                .body("code", matchesPattern("[0-9A-Za-z]{5}"))
                .body("shortUrl", endsWith("/" + response.path("code")))
                .body("url", equalTo("https://example.com/spring?utm=sms"))
                .body("ttl", equalTo(ServiceOptions.DEFAULT_TTL))
                .body("pool", equalTo("short"))
                .body("createdAt", notNullValue())
                .body("expiresAt", notNullValue())
                .body("expiresAt", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,3})?Z")); // milliseconds at most, like createdAt
    }

    @Test
    void redirect_createdCode_answers302ToTheUrl() {
        String code = createCode(writer, "https://example.com/target");
        redirect(code).then().statusCode(302).header("Location", "https://example.com/target");
    }

    @Test
    void redirect_otherMethods_answer405NamingTheAllowedOnes() {
        String code = createCode(writer, "https://example.com/methods");
        given().redirects().follow(false).head("/" + code).then().statusCode(302).header("Location", "https://example.com/methods");
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
            given().request(method, "/" + code).then().statusCode(405).header("Allow", "GET, HEAD")
                    .contentType("application/problem+json");
        }
    }

    @Test
    void denyHostRule_refusesLinksToIt_andTurnsExistingOnesInto410_untilRemoved() {
        String host = "deny-" + UUID.randomUUID().toString().substring(0, 8) + ".example";
        String before = createCode(writer, "https://shop." + host + "/cart");
        String other = createCode(writer, "https://example.com/" + host);
        String rule = as(ApiClient.ADMIN_KEY).body(Map.of("kind", "host", "value", host.toUpperCase(java.util.Locale.ROOT), "reason", "phishing"))
                .post("/api/v1/denylist").then().statusCode(201).body("value", equalTo(host)).extract().path("id");
        try {
            create(writer, Map.of("url", "https://" + host + "/login")).then().statusCode(400)
                    .body("type", endsWith("/denied-url")).body("detail", containsString(rule));
            as(writer).body(Map.of("url", "https://a." + host + "/")).patch("/api/v1/links/" + other).then().statusCode(400)
                    .body("detail", containsString(rule));
            redirect(before).then().statusCode(410).contentType("application/problem+json").body("detail", containsString("phishing"));
            given().redirects().follow(false).accept("text/html").get("/" + before).then().statusCode(410)
                    .contentType(containsString("text/html")).body(containsString("disabled"));
            as(reader).get("/api/v1/links/" + before).then().statusCode(200).body("disabled.rule", equalTo(rule));
            redirect(other).then().statusCode(302);
            as(ApiClient.ADMIN_KEY).get("/api/v1/denylist").then().statusCode(200).body("id", hasItem(rule));
            as(writer).body(Map.of("kind", "host", "value", "x.example")).post("/api/v1/denylist").then().statusCode(403);
            as(ApiClient.ADMIN_KEY).body(Map.of("kind", "subnet", "value", "10.0.0.0/8")).post("/api/v1/denylist").then().statusCode(400);
        } finally {
            as(ApiClient.ADMIN_KEY).delete("/api/v1/denylist/" + rule).then().statusCode(204);
        }
        redirect(before).then().statusCode(302);
        createCode(writer, "https://" + host + "/login");
    }

    @Test
    void disable_oneLink_answers410AndKeepsTheRecord_enableRestoresIt_adminsOnly() {
        String code = createCode(writer, "https://example.com/to-disable");
        as(writer).body(Map.of("reason", "spam")).post("/api/v1/links/" + code + "/disable").then().statusCode(403);
        as(ApiClient.ADMIN_KEY).body(Map.of("reason", "spam campaign")).post("/api/v1/links/" + code + "/disable").then().statusCode(200)
                .body("reason", equalTo("spam campaign"));
        redirect(code).then().statusCode(410).body("detail", containsString("spam campaign"));
        as(reader).get("/api/v1/links/" + code).then().statusCode(200).body("url", equalTo("https://example.com/to-disable"))
                .body("disabled.reason", equalTo("spam campaign")).body("disabled.by", notNullValue());
        as(ApiClient.ADMIN_KEY).post("/api/v1/links/" + code + "/enable").then().statusCode(204);
        redirect(code).then().statusCode(302);
        as(ApiClient.ADMIN_KEY).post("/api/v1/links/" + code + "/enable").then().statusCode(404);
        as(ApiClient.ADMIN_KEY).body(Map.of("reason", "x")).post("/api/v1/links/zzzzz/disable").then().statusCode(404);
    }

    @Test
    void disabledLink_deletedByItsOwner_staysGone_itsAliasCannotBeTakenAgain_itsReportsStay_untilAnAdminEnablesIt() throws Exception {
        String alias = "undo-" + UUID.randomUUID().toString().substring(0, 8);
        create(writer, Map.of("url", "https://example.com/disabled-then-deleted", "alias", alias)).then().statusCode(201);
        // from an address of its own: the public report allowance of 127.0.0.1 is other tests' to spend
        InetAddress reporter = InetAddress.getByName("127.0.0." + (2 + Math.floorMod(alias.hashCode(), 250)));
        RawHttp.Response report = RawHttp.exchange(reporter, RestAssured.port, RawHttp.request("POST", "/api/v1/reports",
                Map.of("Content-Type", "application/json".getBytes(StandardCharsets.US_ASCII)),
                ("{\"code\":\"" + alias + "\",\"reason\":\"phishing page\"}").getBytes(StandardCharsets.UTF_8)),
                Duration.ofMillis(200)).first();
        assertThat(report.status()).as("%s", report).isEqualTo(202);
        as(ApiClient.ADMIN_KEY).body(Map.of("reason", "phishing")).post("/api/v1/links/" + alias + "/disable").then().statusCode(200);
        redirect(alias).then().statusCode(410);

        as(writer).delete("/api/v1/links/" + alias).then().statusCode(204);
        redirect(alias).then().statusCode(410).body("detail", containsString("phishing"));
        create(writer, Map.of("url", "https://example.com/taken-back", "alias", alias)).then().statusCode(410)
                .contentType("application/problem+json").body("type", containsString("link-disabled"));
        as(writer).body(Map.of("links", List.of(Map.of("url", "https://example.com/taken-back", "alias", alias))))
                .post("/api/v1/links/batch").then().statusCode(200).body("results[0].status", equalTo(410));
        redirect(alias).then().statusCode(410);
        as(ApiClient.ADMIN_KEY).get("/api/v1/reports").then().statusCode(200).body("code", hasItem(alias));

        as(ApiClient.ADMIN_KEY).post("/api/v1/links/" + alias + "/enable").then().statusCode(204); // the release
        redirect(alias).then().statusCode(404);
        create(writer, Map.of("url", "https://example.com/released", "alias", alias)).then().statusCode(201);
        redirect(alias).then().statusCode(302).header("Location", "https://example.com/released");
    }

    @Test
    void reports_arePublic_limitedPerAddress_andResolvedByAdmins() {
        String code = createCode(writer, "https://example.com/reported");
        given().contentType(ContentType.JSON).body(Map.of("code", code, "reason", "asks for my bank password"))
                .post("/api/v1/reports").then().statusCode(202).body("count", equalTo(1));
        given().contentType(ContentType.JSON).body(Map.of("code", "zzzzz", "reason", "x")).post("/api/v1/reports").then().statusCode(404);
        given().contentType(ContentType.JSON).body(Map.of("code", code)).post("/api/v1/reports").then().statusCode(400);
        as(reader).get("/api/v1/reports").then().statusCode(403);
        as(ApiClient.ADMIN_KEY).get("/api/v1/reports").then().statusCode(200).body("code", hasItem(code));
        as(ApiClient.ADMIN_KEY).body(Map.of("action", "disable", "reason", "phishing, reported")).post("/api/v1/reports/" + code + "/resolve")
                .then().statusCode(204);
        redirect(code).then().statusCode(410);
        as(ApiClient.ADMIN_KEY).get("/api/v1/reports").then().statusCode(200).body("code", org.hamcrest.Matchers.not(hasItem(code)));
        int accepted = 1;
        Response last = null;
        for (int i = 0; i < 12; i++) {
            last = given().contentType(ContentType.JSON).body(Map.of("code", code, "reason", "again " + i)).post("/api/v1/reports");
            if (last.statusCode() == 202) {
                accepted++;
            }
        }
        assertThat(accepted).as("reports accepted from one address within the hour").isLessThanOrEqualTo(10);
        last.then().statusCode(429).header("Retry-After", notNullValue()).body("type", endsWith("/rate-limited"));
    }

    @Test
    void redirect_unknownCode_answers404AsProblemOrHtml() {
        redirect("zzzzz").then().statusCode(404).contentType("application/problem+json")
                .body("status", equalTo(404)).body("detail", containsString("zzzzz"));
        given().redirects().follow(false).accept("text/html").get("/no-such-alias").then().statusCode(404)
                .contentType(containsString("text/html")).body(containsString("404"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "ftp://example.com/x| not allowed",
        "example.com| must be absolute",
        "https://exa mple.com| whitespace",
        "https://localhost:8080/abcde| own short domain",
        "https:///path| no host",
    })
    void create_badUrl_answers400SayingWhyAndStoresNothing(String url, String why) {
        String alias = "bad-" + UUID.randomUUID().toString().substring(0, 8);
        create(writer, Map.of("url", url, "alias", alias)).then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400))
                .body("type", containsString("invalid-url")).body("detail", containsString(why.trim()));
        redirect(alias).then().statusCode(404);
    }

    @Test
    void create_overlongUrlOrMissingBody_answers400() {
        create(writer, Map.of("url", "https://example.com/" + "a".repeat(4100))).then().statusCode(400)
                .body("detail", containsString("at most 4096"));
        as(writer).body("{not json").post("/api/v1/links").then().statusCode(400).contentType("application/problem+json");
        as(writer).body("{}").post("/api/v1/links").then().statusCode(400).body("detail", containsString("url is required"));
    }

    @Test
    void create_idnHost_isStoredAsPunycode_andTheRestPercentEncoded_soTheRedirectIsExact() {
        String ascii = "https://xn--bcher-kva.example/stra%C3%9Fe?q=%F0%9F%98%80";
        String code = create(writer, Map.of("url", "https://bücher.example/straße?q=😀")).then().statusCode(201)
                .body("url", equalTo(ascii)).extract().path("code");
        redirect(code).then().statusCode(302).header("Location", ascii);
    }

    @Test
    void create_ttls_chooseTheSmallestCoveringPoolAndKeepTheTtl() {
        create(writer, Map.of("url", "https://example.com/a", "ttl", "P30D")).then().statusCode(201)
                .body("pool", equalTo("long")).body("ttl", equalTo("P30D")).body("code", matchesPattern("[0-9A-Za-z]{7}"));
        create(writer, Map.of("url", "https://example.com/b", "ttl", "P60D")).then().statusCode(201)
                .body("pool", equalTo("medium")).body("code", matchesPattern("[0-9A-Za-z]{6}"));
        create(writer, Map.of("url", "https://example.com/c", "ttl", "permanent")).then().statusCode(201)
                .body("ttl", equalTo("permanent")).body("expiresAt", nullValue());
        create(writer, Map.of("url", "https://example.com/d", "ttl", "P500D")).then().statusCode(400)
                .body("detail", containsString("allowed: PT1M to P100D"));
        create(writer, Map.of("url", "https://example.com/e", "ttl", "soon")).then().statusCode(400)
                .body("detail", containsString("ISO-8601"));
    }

    @Test
    void create_alias_isUsedOnceThenConflicts() {
        String alias = "sale-" + UUID.randomUUID().toString().substring(0, 8);
        create(writer, Map.of("url", "https://example.com/sale", "alias", alias)).then().statusCode(201)
                .body("code", equalTo(alias));
        redirect(alias).then().statusCode(302).header("Location", "https://example.com/sale");
        create(writer, Map.of("url", "https://example.com/other", "alias", alias)).then().statusCode(409)
                .body("detail", containsString("already taken"));
        redirect(alias).then().header("Location", "https://example.com/sale");
    }

    /**
     * Aliases of 5, 6 and 7 base62 characters, the shapes of the default pools' codes, single and
     * in a batch: kept as given (the issuer reserves them, so it never hands them out), and taken
     * once like any other alias.
     */
    @Test
    void create_aliasesShapedLikeIssuedCodes_areKept() {
        String tag = UUID.randomUUID().toString().replace("-", "");
        String five = "P" + tag.substring(0, 4);
        String six = "Q" + tag.substring(4, 9);
        String seven = "R" + tag.substring(9, 15);
        create(writer, Map.of("url", "https://example.com/five", "alias", five)).then().statusCode(201).body("code", equalTo(five));
        as(writer).body(Map.of("links", List.of(Map.of("url", "https://example.com/six", "alias", six),
                        Map.of("url", "https://example.com/seven", "alias", seven, "ttl", "permanent"))))
                .post("/api/v1/links/batch").then().statusCode(200)
                .body("results[0].status", equalTo(201)).body("results[0].link.code", equalTo(six))
                .body("results[1].status", equalTo(201)).body("results[1].link.code", equalTo(seven));
        redirect(five).then().statusCode(302).header("Location", "https://example.com/five");
        redirect(six).then().statusCode(302).header("Location", "https://example.com/six");
        redirect(seven).then().statusCode(302).header("Location", "https://example.com/seven");
        create(writer, Map.of("url", "https://example.com/again", "alias", five)).then().statusCode(409);
        redirect(five).then().header("Location", "https://example.com/five");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"api| reserved", "q2| 3 to 64", "a/b| 3 to 64", "Metrics| reserved"})
    void create_badAlias_answers400(String alias, String why) {
        create(writer, Map.of("url", "https://example.com/x", "alias", alias)).then().statusCode(400)
                .body("detail", containsString(why.trim()));
    }

    @Test
    void batch_mixedItems_answerInOrderEachOnItsOwn() {
        List<Map<String, String>> items = List.of(Map.of("url", "https://example.com/1"), Map.of("url", "nope"),
                Map.of("url", "https://example.com/3", "ttl", "P30D"));
        as(writer).body(Map.of("links", items)).post("/api/v1/links/batch").then().statusCode(200)
                .body("results", hasSize(3))
                .body("results[0].status", equalTo(201)).body("results[0].link.url", equalTo("https://example.com/1"))
                .body("results[1].status", equalTo(400)).body("results[1].problem.detail", containsString("absolute"))
                .body("results[2].status", equalTo(201)).body("results[2].link.pool", equalTo("long"));
    }

    @Test
    void batch_itemsOfTheWrongJsonShape_failOnTheirOwn_withTheFieldNamed() {
        String body = """
                {"links": [{"url": "https://example.com/shape-ok"}, {"url": ["x"]}, "https://example.com/bare",
                           {"url": "https://example.com/t", "ttl": {}}, {"url": "https://example.com/u", "tll": "P1D"},
                           {"url": "https://example.com/v", "alias": 12345678},
                           {"ttl": {"deep": [1, {"deeper": [[]]}]}, "url": "https://example.com/w"}, [1, [2]],
                           {"url": "https://example.com/after-the-junk"}]}""";
        as(writer).body(body).post("/api/v1/links/batch").then().statusCode(200)
                .body("results", hasSize(9))
                .body("results[6].status", equalTo(400)).body("results[6].problem.detail", containsString("'links[6].ttl'"))
                .body("results[7].status", equalTo(400)).body("results[7].problem.detail", containsString("'links[7]'"))
                .body("results[8].status", equalTo(201)).body("results[8].link.url", equalTo("https://example.com/after-the-junk"))
                .body("results[0].status", equalTo(201))
                .body("results[1].status", equalTo(400)).body("results[1].problem.detail", containsString("'links[1].url'"))
                .body("results[2].status", equalTo(400)).body("results[2].problem.detail", containsString("'links[2]'"))
                .body("results[3].status", equalTo(400)).body("results[3].problem.detail", containsString("'links[3].ttl'"))
                .body("results[4].status", equalTo(400)).body("results[4].problem.detail", containsString("unknown field 'links[4].tll'"))
                .body("results[5].status", equalTo(400)).body("results[5].problem.detail", containsString("'links[5].alias'"));
    }

    @Test
    void create_bodyOfTheWrongJsonShape_answers400ProblemNamingTheField() {
        for (String body : List.of("[]", "\"x\"", "{\"url\": \"https://example.com/a\", \"ttl\": {}}",
                "{\"url\": \"https://example.com/a\", \"tll\": \"P1D\"}", "{\"url\": \"https://example.com/a\"} trailing",
                "{\"url\": \"https://example.com/a\", \"alias\": 12345678}")) {
            as(writer).body(body).post("/api/v1/links").then().statusCode(400).contentType("application/problem+json")
                    .body("detail", not(emptyOrNullString()));
        }
        as(writer).body("{\"url\": \"https://example.com/a\", \"tll\": \"P1D\"}").post("/api/v1/links").then()
                .body("detail", containsString("unknown field 'tll'"));
        as(ADMIN_KEY).body("{\"name\": \"x\", \"scopes\": \"admin\"}").post("/api/v1/keys").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("'scopes'"));
    }

    @Test
    void batch_overTheLimit_answers413NamingIt() {
        List<Map<String, String>> items = new ArrayList<>();
        for (int i = 0; i < 1_001; i++) {
            items.add(Map.of("url", "https://example.com/" + i));
        }
        as(writer).body(Map.of("links", items)).post("/api/v1/links/batch").then().statusCode(413)
                .body("detail", containsString("at most 1000"));
    }

    @Test
    void batch_thousandLinks_allResolve() {
        List<Map<String, String>> items = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            items.add(Map.of("url", "https://example.com/batch/" + i));
        }
        List<String> codes = as(writer).body(Map.of("links", items)).post("/api/v1/links/batch").then().statusCode(200)
                .extract().path("results.link.code");
        assertThat(new HashSet<>(codes)).hasSize(1_000);
        redirect(codes.get(999)).then().statusCode(302).header("Location", "https://example.com/batch/999");
    }

    @Test
    void batch_thousandItemsSomeInvalidOneAliasTaken_answerEveryItemInOrder() {
        String taken = "taken-" + UUID.randomUUID().toString().substring(0, 8);
        String fresh = "fresh-" + UUID.randomUUID().toString().substring(0, 8);
        create(writer, Map.of("url", "https://example.com/first", "alias", taken)).then().statusCode(201);
        List<Map<String, String>> items = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            if (i % 97 == 5) {
                items.add(Map.of("url", "not-a-url-" + i));
            } else if (i % 211 == 7) {
                items.add(Map.of("url", "https://example.com/b/" + i, "ttl", "soon"));
            } else if (i == 500) {
                items.add(Map.of("url", "https://example.com/b/" + i, "alias", taken));
            } else if (i == 600 || i == 601) {
                items.add(Map.of("url", "https://example.com/b/" + i, "alias", fresh));
            } else {
                items.add(Map.of("url", "https://example.com/b/" + i));
            }
        }

        Response response = as(writer).body(Map.of("links", items)).post("/api/v1/links/batch");

        response.then().statusCode(200).body("results", hasSize(1_000));
        List<Map<String, Object>> results = response.path("results");
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            Map<String, Object> r = results.get(i);
            assertThat(r.get("index")).as("item %d", i).isEqualTo(i);
            int expected = i % 97 == 5 || i % 211 == 7 ? 400 : i == 500 || i == 601 ? 409 : 201;
            assertThat(r.get("status")).as("item %d: %s", i, r).isEqualTo(expected);
            if (expected == 201) {
                @SuppressWarnings("unchecked")
                Map<String, Object> link = (Map<String, Object>) r.get("link");
                assertThat(link.get("url")).isEqualTo("https://example.com/b/" + i);
                assertThat(r).doesNotContainKey("problem");
                codes.add((String) link.get("code"));
            } else {
                assertThat(r).doesNotContainKey("link");
            }
        }
        assertThat(codes).hasSize(1_000 - 11 - 5 - 2).contains(fresh);
        response.then().body("results[5].problem.type", containsString("invalid-url"))
                .body("results[7].problem.type", containsString("invalid-ttl"))
                .body("results[500].problem.detail", containsString("alias '" + taken + "' is already taken"))
                .body("results[600].link.code", equalTo(fresh))
                .body("results[601].problem.status", equalTo(409));
        redirect(taken).then().statusCode(302).header("Location", "https://example.com/first");
        redirect(fresh).then().statusCode(302).header("Location", "https://example.com/b/600");
        String some = response.path("results[999].link.code");
        redirect(some).then().statusCode(302).header("Location", "https://example.com/b/999");
    }

    @Test
    void batch_mixedTtls_eachItemGetsItsPoolAndTheSameShapeAsASingleCreate() {
        List<Map<String, String>> items = List.of(Map.of("url", "https://example.com/m/0"),
                Map.of("url", "https://example.com/m/1", "ttl", "P30D"),
                Map.of("url", "https://example.com/m/2", "ttl", "P60D"),
                Map.of("url", "https://example.com/m/3", "ttl", "permanent"),
                Map.of("url", "https://example.com/m/4", "ttl", " p30d "),
                Map.of("url", "https://example.com/m/5", "ttl", "PT2H"),
                Map.of("url", "https://example.com/m/6", "ttl", "P500D"),
                Map.of("url", "https://example.com/m/7"));

        Response response = as(writer).body(Map.of("links", items)).post("/api/v1/links/batch");

        response.then().statusCode(200)
                .body("results.status", equalTo(List.of(201, 201, 201, 201, 201, 201, 400, 201)))
                .body("results.link.pool", equalTo(List.of("short", "long", "medium", "long", "long", "short", "short"))) // item 6 has none
                .body("results.link.ttl", equalTo(List.of(ServiceOptions.DEFAULT_TTL, "P30D", "P60D", "permanent", "P30D", "PT2H",
                        ServiceOptions.DEFAULT_TTL)))
                .body("results[1].link.code", matchesPattern("[0-9A-Za-z]{7}"))
                .body("results[2].link.code", matchesPattern("[0-9A-Za-z]{6}"))
                .body("results[0].link.code", matchesPattern("[0-9A-Za-z]{5}"))
                .body("results[3].link.expiresAt", nullValue())
                .body("results[6].problem.detail", containsString("allowed: PT1M to P100D"));
        List<Map<String, Object>> results = response.path("results");
        List<Map<String, Object>> views = new ArrayList<>();
        for (Map<String, Object> r : results) {
            @SuppressWarnings("unchecked")
            Map<String, Object> link = (Map<String, Object>) r.get("link");
            views.add(link);
        }
        assertThat(views.get(6)).isNull();
        assertThat(views.get(0).get("createdAt")).isEqualTo(views.get(7).get("createdAt"));
        assertThat(views.get(0).get("expiresAt")).isEqualTo(views.get(7).get("expiresAt"));
        assertThat((String) views.get(5).get("expiresAt")).isLessThan((String) views.get(0).get("expiresAt"));
        for (int i : new int[] {0, 3, 5}) {
            Map<String, Object> view = views.get(i);
            Map<String, Object> read = as(reader).get("/api/v1/links/" + view.get("code")).then().statusCode(200).extract().jsonPath().getMap("$");
            assertThat(read.keySet()).isEqualTo(view.keySet());
            for (String field : List.of("code", "shortUrl", "url", "ttl", "pool", "createdAt")) {
                assertThat(read.get(field)).as("%s of item %d", field, i).isEqualTo(view.get(field));
            }
        }
    }

    @Test
    void patchAndDelete_byAnotherClientsKey_areForbidden_byTheOwnerOrAnAdmin_allowed() {
        String code = createCode(writer, "https://example.com/mine");
        String other = key("links:write", "links:read");
        as(other).body(Map.of("url", "https://attacker.example/")).patch("/api/v1/links/" + code).then().statusCode(403)
                .contentType("application/problem+json").body("detail", containsString("another API key"));
        as(other).delete("/api/v1/links/" + code).then().statusCode(403);
        as(other).get("/api/v1/links/" + code).then().statusCode(200).body("url", equalTo("https://example.com/mine"));
        redirect(code).then().statusCode(302).header("Location", "https://example.com/mine");
        as(ADMIN_KEY).body(Map.of("url", "https://example.com/by-admin")).patch("/api/v1/links/" + code).then().statusCode(200);
        as(writer).delete("/api/v1/links/" + code).then().statusCode(204);
    }

    @Test
    void get_patch_delete_lifecycle() {
        String code = createCode(writer, "https://example.com/v1");
        as(reader).get("/api/v1/links/" + code).then().statusCode(200).body("url", equalTo("https://example.com/v1"));
        as(writer).body(Map.of("url", "https://example.com/v2")).patch("/api/v1/links/" + code).then().statusCode(200)
                .body("url", equalTo("https://example.com/v2"));
        await().atMost(Duration.ofSeconds(1)).untilAsserted(() ->
                redirect(code).then().statusCode(302).header("Location", "https://example.com/v2"));
        as(writer).body(Map.of("ttl", "P2D")).patch("/api/v1/links/" + code).then().statusCode(200).body("ttl", equalTo("P2D"));
        as(writer).body(Map.of("ttl", "P60D")).patch("/api/v1/links/" + code).then().statusCode(400)
                .body("detail", containsString("belongs to pool short"));
        as(writer).delete("/api/v1/links/" + code).then().statusCode(204);
        await().atMost(Duration.ofSeconds(1)).untilAsserted(() -> redirect(code).then().statusCode(404));
        as(reader).get("/api/v1/links/" + code).then().statusCode(404);
        as(writer).delete("/api/v1/links/" + code).then().statusCode(404);
        as(writer).body(Map.of("url", "https://example.com/v3")).patch("/api/v1/links/" + code).then().statusCode(404);
    }

    @Test
    void idempotencyKey_reusedForADifferentRequest_answers422AndCreatesNothing() {
        String idem = "reuse-" + UUID.randomUUID();
        String code = as(writer).header("Idempotency-Key", idem).body(Map.of("url", "https://example.com/first"))
                .post("/api/v1/links").then().statusCode(201).extract().path("code");
        for (Map<String, String> other : List.of(Map.of("url", "https://example.com/second"),
                Map.of("url", "https://example.com/first", "ttl", "P2D"),
                Map.of("url", "https://example.com/first", "alias", "reuse-" + code))) {
            as(writer).header("Idempotency-Key", idem).body(other).post("/api/v1/links").then().statusCode(422)
                    .contentType("application/problem+json").body("detail", containsString("different request"))
                    .body("detail", containsString(code));
        }
        as(reader).get("/api/v1/links/reuse-" + code).then().statusCode(404);
        // The same request again, in its normalised form, is still a retry.
        as(writer).header("Idempotency-Key", idem).body(Map.of("url", "HTTPS://EXAMPLE.com/first")).post("/api/v1/links")
                .then().statusCode(201).body("code", equalTo(code));
        as(writer).delete("/api/v1/links/" + code).then().statusCode(204);
        as(writer).header("Idempotency-Key", idem).body(Map.of("url", "https://example.com/first")).post("/api/v1/links")
                .then().statusCode(404).body("detail", containsString("has since been deleted or has expired"));
    }

    @Test
    void idempotencyKey_fiftyRacingRetries_makeOneLink() throws Exception {
        String idem = "order-" + UUID.randomUUID();
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            List<Callable<Response>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(() -> as(writer).header("Idempotency-Key", idem).body(Map.of("url", "https://example.com/once"))
                        .post("/api/v1/links"));
            }
            Set<String> codes = new HashSet<>();
            for (Future<Response> f : pool.invokeAll(calls, 60, TimeUnit.SECONDS)) {
                Response r = f.get();
                assertThat(r.statusCode()).as(r.asString()).isEqualTo(201);
                codes.add(r.path("code"));
            }
            assertThat(codes).hasSize(1);
            // A later retry still gets the same link; another API key's same Idempotency-Key is another request.
            as(writer).header("Idempotency-Key", idem).body(Map.of("url", "https://example.com/once")).post("/api/v1/links")
                    .then().statusCode(201).body("code", equalTo(codes.iterator().next()));
            String other = key("links:write");
            String otherCode = as(other).header("Idempotency-Key", idem).body(Map.of("url", "https://example.com/once"))
                    .post("/api/v1/links").then().statusCode(201).extract().path("code");
            assertThat(otherCode).isNotEqualTo(codes.iterator().next());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void authMatrix_everyEndpoint_checksKeyAndScope() {
        String readOnly = key("links:read");
        String writeOnly = key("links:write");
        String code = createCode(writeOnly, "https://example.com/auth"); // its owner is the key with the right scope below
        String bogus = "sck_" + UUID.randomUUID();
        Map<String, String> endpoints = new HashMap<>();
        endpoints.put("POST /api/v1/links", "links:write");
        endpoints.put("POST /api/v1/links/batch", "links:write");
        endpoints.put("GET /api/v1/links/" + code, "links:read");
        endpoints.put("PATCH /api/v1/links/" + code, "links:write");
        endpoints.put("DELETE /api/v1/links/" + code, "links:write");
        endpoints.put("GET /api/v1/keys", "admin");
        endpoints.put("POST /api/v1/keys", "admin");
        endpoints.put("DELETE /api/v1/keys/nope", "admin");
        for (Map.Entry<String, String> e : endpoints.entrySet()) {
            String[] methodPath = e.getKey().split(" ");
            call(null, methodPath).then().statusCode(401).contentType("application/problem+json");
            call(bogus, methodPath).then().statusCode(401);
            String lacking = e.getValue().equals("links:read") ? writeOnly : readOnly;
            call(lacking, methodPath).then().statusCode(403).body("detail", containsString(e.getValue()));
            String allowed = switch (e.getValue()) {
                case "links:read" -> readOnly;
                case "links:write" -> writeOnly;
                default -> ADMIN_KEY;
            };
            int status = call(allowed, methodPath).statusCode();
            assertThat(status).as(e.getKey() + " with scope " + e.getValue()).isNotIn(401, 403);
        }
    }

    private static Response call(String key, String[] methodPath) {
        Map<String, Object> body = methodPath[1].endsWith("/batch") ? Map.of("links", List.of(Map.of("url", "https://example.com/m")))
                : methodPath[1].startsWith("/api/v1/keys") ? Map.of("name", "matrix", "scopes", List.of("links:read"))
                : Map.of("url", "https://example.com/m");
        return as(key).body(body).request(methodPath[0], methodPath[1]);
    }

    @Test
    void keys_theLastActiveAdminKey_cannotBeRevoked() {
        String second = as(ADMIN_KEY).body(Map.of("name", "second admin", "scopes", List.of("admin"))).post("/api/v1/keys")
                .then().statusCode(201).extract().path("id");
        List<Map<String, Object>> listed = as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200).extract().path("$");
        String own = listed.stream().filter(k -> "admin (SHORTCODE_ADMIN_KEY)".equals(k.get("name"))).map(k -> (String) k.get("id"))
                .findFirst().orElseThrow();
        for (Map<String, Object> key : listed) { // leave this test's own admin key as the only active one
            if (!key.get("id").equals(own) && !(Boolean) key.get("revoked") && ((List<?>) key.get("scopes")).contains("admin")) {
                as(ADMIN_KEY).delete("/api/v1/keys/" + key.get("id")).then().statusCode(204);
            }
        }
        as(ADMIN_KEY).delete("/api/v1/keys/" + second).then().statusCode(404); // revoked just above
        as(ADMIN_KEY).delete("/api/v1/keys/" + own).then().statusCode(409).contentType("application/problem+json")
                .body("detail", containsString("last active admin key"));
        as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200);
    }

    @Test
    void keys_secretShownOnceNeverListed_andRevocationLocksOut() {
        Response created = as(ADMIN_KEY).body(Map.of("name", "campaigns", "scopes", List.of("links:write")))
                .post("/api/v1/keys");
        created.then().statusCode(201).body("key", matchesPattern("sck_[0-9A-Za-z]{32}")).body("scopes[0]", equalTo("links:write"));
        String id = created.path("id");
        String secret = created.path("key");
        String listing = as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200).extract().asString();
        assertThat(listing).contains(id).doesNotContain(secret).doesNotContain("secretHash");
        create(secret, Map.of("url", "https://example.com/k")).then().statusCode(201);
        as(secret).get("/api/v1/me").then().statusCode(200).body("id", equalTo(id)).body("name", equalTo("campaigns"))
                .body("scopes", equalTo(List.of("links:write"))).body("revoked", equalTo(false));
        assertThat(as(secret).get("/api/v1/me").asString()).doesNotContain(secret).doesNotContain("secretHash");
        as(ADMIN_KEY).get("/api/v1/me").then().statusCode(200).body("scopes", org.hamcrest.Matchers.hasItem("admin"));
        as(null).get("/api/v1/me").then().statusCode(401);
        as(ADMIN_KEY).delete("/api/v1/keys/" + id).then().statusCode(204);
        create(secret, Map.of("url", "https://example.com/k")).then().statusCode(401);
        as(secret).get("/api/v1/me").then().statusCode(401);
        as(ADMIN_KEY).body(Map.of("name", "x", "scopes", List.of("root"))).post("/api/v1/keys").then().statusCode(400)
                .body("detail", containsString("unknown scope"));
    }

    /** A key of the given scopes with its own limits (null: the default), as the secret. */
    private static String keyWith(Long requestsPerMinute, Long linksPerDay, String... scopes) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "limited key");
        body.put("scopes", List.of(scopes));
        body.put("requestsPerMinute", requestsPerMinute);
        body.put("linksPerDay", linksPerDay);
        return as(ADMIN_KEY).body(body).post("/api/v1/keys").then().statusCode(201).extract().path("key");
    }

    @Test
    void limits_everyAnswerToALimitedKey_carriesTheRateLimitFields_inTheDraftsSyntax() {
        Response created = create(writer, Map.of("url", "https://example.com/headers"));
        created.then().statusCode(201)
                .header("RateLimit-Policy", ratePolicy(DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_LINKS_PER_DAY))
                .header("RateLimit", matchesPattern("\"burst\";r=\\d+;t=1, \"daily\";r=" + (DEFAULT_LINKS_PER_DAY - 1) + ";t=\\d+"));
        assertThat(burstLeft(created)).as("a few requests of the key so far").isBetween(DEFAULT_REQUESTS_PER_MINUTE - 10,
                DEFAULT_REQUESTS_PER_MINUTE - 1);
        long reset = Long.parseLong(created.header("RateLimit").replaceAll(".*\"daily\";r=\\d+;t=(\\d+)$", "$1"));
        assertThat(reset).as("seconds to 00:00 UTC").isBetween(1L, 86_400L);
        Response read = as(writer).get("/api/v1/links/" + created.path("code"));
        read.then().statusCode(200)
                .header("RateLimit-Policy", ratePolicy(DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_LINKS_PER_DAY))
                .header("RateLimit", matchesPattern("\"burst\";r=\\d+;t=1"));
        assertThat(burstLeft(read)).isBetween(DEFAULT_REQUESTS_PER_MINUTE - 10, DEFAULT_REQUESTS_PER_MINUTE - 1);
        as(writer).get("/api/v1/links/zzzzz").then().statusCode(404).header("RateLimit", matchesPattern("\"burst\";r=\\d+;t=1"));
        as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200).header("RateLimit-Policy", nullValue()).header("RateLimit", nullValue());
        redirect(created.path("code")).then().statusCode(302).header("RateLimit", nullValue()).header("RateLimit-Policy", nullValue());
    }

    /** The burst units left that a response's {@code RateLimit} field reports. */
    private static long burstLeft(Response response) {
        return Long.parseLong(response.header("RateLimit").replaceAll("^\"burst\";r=(\\d+);.*$", "$1"));
    }

    @Test
    void limits_burstSpent_answers429RateLimited_withRetryAfterAndTheFields_andNothingDone() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::burstSpent);
    }

    private void burstSpent() {
        String limited = keyWith(5L, null, "links:write", "links:read");
        for (int i = 0; i < 5; i++) {
            as(limited).get("/api/v1/links/zzzzz").then().statusCode(404).header("RateLimit", matchesPattern("\"burst\";r=" + (4 - i) + ";t=\\d+"));
        }
        String alias = "burst-" + UUID.randomUUID().toString().substring(0, 8);
        Response refused = create(limited, Map.of("url", "https://example.com/refused", "alias", alias));
        refused.then().statusCode(429).contentType("application/problem+json")
                .body("type", endsWith("/rate-limited"))
                .body("violated-policies", equalTo(List.of("burst")))
                .body("detail", containsString("5 requests a minute"))
                .header("RateLimit-Policy", ratePolicy(5, DEFAULT_LINKS_PER_DAY))
                .header("RateLimit", matchesPattern("\"burst\";r=0;t=\\d+"));
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        long t = Long.parseLong(refused.header("RateLimit").replaceAll(".*;t=(\\d+)$", "$1"));
        assertThat(retryAfter).as("one unit every 12 s").isBetween(1L, 12L).isGreaterThanOrEqualTo(t);
        redirect(alias).then().statusCode(404);
        redirect("zzzzz").then().statusCode(404); // redirects are not limited per key
        create(writer, Map.of("url", "https://example.com/other-key")).then().statusCode(201);
    }

    @Test
    void limits_dailyQuota_countsABatchsValidItems_andRefusesABatchThatDoesNotFitWhole() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::dailyQuotaSpent);
    }

    private void dailyQuotaSpent() {
        String limited = keyWith(null, 10L, "links:write", "links:read");
        List<Map<String, String>> fourAndABadOne = List.of(Map.of("url", "https://example.com/q/1"), Map.of("url", "nope"),
                Map.of("url", "https://example.com/q/2"), Map.of("url", "https://example.com/q/3"), Map.of("url", "https://example.com/q/4"));
        as(limited).body(Map.of("links", fourAndABadOne)).post("/api/v1/links/batch").then().statusCode(200)
                .body("results.status", equalTo(List.of(201, 400, 201, 201, 201)))
                .header("RateLimit", matchesPattern("\"burst\";r=\\d+;t=\\d+, \"daily\";r=6;t=\\d+"));
        List<Map<String, String>> seven = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            seven.add(Map.of("url", "https://example.com/q/seven/" + i, "alias", "seven-" + i + "-" + UUID.randomUUID().toString().substring(0, 6)));
        }
        as(limited).body(Map.of("links", seven)).post("/api/v1/links/batch").then().statusCode(429)
                .contentType("application/problem+json").body("type", endsWith("/quota-exceeded"))
                .body("violated-policies", equalTo(List.of("daily"))).body("detail", containsString("6 left, this request needs 7"))
                .header("Retry-After", matchesPattern("\\d+"));
        redirect(seven.get(0).get("alias")).then().statusCode(404); // nothing of the refused batch was made
        create(limited, Map.of("url", "https://example.com/q/5")).then().statusCode(201);
        as(limited).body(Map.of("links", seven.subList(0, 5))).post("/api/v1/links/batch").then().statusCode(200)
                .header("RateLimit", matchesPattern(".*\"daily\";r=0;t=\\d+"));
        Response spent = create(limited, Map.of("url", "https://example.com/q/over"));
        spent.then().statusCode(429).body("type", endsWith("/quota-exceeded"));
        assertThat(Long.parseLong(spent.header("Retry-After"))).as("until 00:00 UTC").isBetween(1L, 86_400L);
        as(limited).get("/api/v1/links/" + seven.get(0).get("alias")).then().statusCode(200); // reads are not links
    }

    @Test
    void keys_patch_changesLimitsAndExpiry_nullResets_badBodiesAnswer400_unknownIds404() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::patchedLimits);
    }

    private void patchedLimits() {
        Response made = as(ADMIN_KEY).body(Map.of("name", "patched key", "scopes", List.of("links:read"))).post("/api/v1/keys");
        made.then().statusCode(201).body("requestsPerMinute", nullValue()).body("expiresAt", nullValue());
        String id = made.path("id");
        String secret = made.path("key");
        as(ADMIN_KEY).body(Map.of("requestsPerMinute", 2, "linksPerDay", 0)).patch("/api/v1/keys/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("requestsPerMinute", equalTo(2)).body("linksPerDay", equalTo(0));
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(404).header("RateLimit-Policy", "\"burst\";q=2;w=60");
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(404);
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(429);
        Map<String, Object> reset = new HashMap<>();
        reset.put("requestsPerMinute", null);
        as(ADMIN_KEY).body(reset).patch("/api/v1/keys/" + id).then().statusCode(200).body("requestsPerMinute", nullValue())
                .body("linksPerDay", equalTo(0));
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(404).header("RateLimit-Policy", burstPolicy(DEFAULT_REQUESTS_PER_MINUTE));
        String listed = as(ADMIN_KEY).get("/api/v1/keys").then().statusCode(200).extract().jsonPath()
                .getString("find { it.id == '" + id + "' }.linksPerDay");
        assertThat(listed).isEqualTo("0");
        for (String bad : List.of("{\"requestsPerMinute\": -1}", "{\"requestsPerMinute\": 1.5}", "{\"rpm\": 1}", "{}", "[]",
                "{\"expiresAt\": \"tomorrow\"}", "{\"expiresAt\": \"2001-01-01T00:00:00Z\"}", "{\"linksPerDay\": \"10\"}")) {
            as(ADMIN_KEY).body(bad).patch("/api/v1/keys/" + id).then().statusCode(400).contentType("application/problem+json")
                    .body("detail", not(emptyOrNullString()));
        }
        as(ADMIN_KEY).body(Map.of("linksPerDay", 5)).patch("/api/v1/keys/no-such-key").then().statusCode(404);
        as(ADMIN_KEY).delete("/api/v1/keys/" + id).then().statusCode(204);
        as(ADMIN_KEY).body(Map.of("linksPerDay", 5)).patch("/api/v1/keys/" + id).then().statusCode(404);
        as(secret).body(Map.of("linksPerDay", 5)).patch("/api/v1/keys/" + id).then().statusCode(401);
    }

    @Test
    void keys_expiresAt_isListed_theKeyAnswers401OnceExpired_andAPastExpiryIsRefused() {
        java.time.Instant soon = java.time.Instant.now().plusSeconds(3).truncatedTo(java.time.temporal.ChronoUnit.MILLIS); // kept to the millisecond
        Response made = as(ADMIN_KEY).body(Map.of("name", "short lived", "scopes", List.of("links:read"), "expiresAt", soon.toString()))
                .post("/api/v1/keys");
        made.then().statusCode(201).body("expiresAt", equalTo(soon.toString()));
        String secret = made.path("key");
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(404);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> as(secret).get("/api/v1/links/zzzzz").then().statusCode(401)
                .body("detail", containsString("expired")));
        as(ADMIN_KEY).body(Map.of("name", "late", "scopes", List.of("links:read"), "expiresAt", "2001-01-01T00:00:00Z"))
                .post("/api/v1/keys").then().statusCode(400).body("detail", containsString("not in the future"));
        as(ADMIN_KEY).body(Map.of("name", "negative", "scopes", List.of("links:read"), "linksPerDay", -3))
                .post("/api/v1/keys").then().statusCode(400).body("detail", containsString("linksPerDay"));
    }

    @Test
    void keys_lastUsedAt_isNullUntilUsed_thenListedSoonAfter() {
        Response made = as(ADMIN_KEY).body(Map.of("name", "used key", "scopes", List.of("links:read"))).post("/api/v1/keys");
        String id = made.path("id");
        String secret = made.path("key");
        String query = "find { it.id == '" + id + "' }.lastUsedAt";
        assertThat(as(ADMIN_KEY).get("/api/v1/keys").then().extract().jsonPath().getString(query)).isNull();
        java.time.Instant before = java.time.Instant.now().minusSeconds(1);
        as(secret).get("/api/v1/links/zzzzz").then().statusCode(404);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            String lastUsed = as(ADMIN_KEY).get("/api/v1/keys").then().extract().jsonPath().getString(query);
            assertThat(lastUsed).isNotNull();
            assertThat(java.time.Instant.parse(lastUsed)).isAfter(before);
        });
    }

    private static final String BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0 Safari/537.36";

    private static Response visit(String code, String method, String referer) {
        io.restassured.specification.RequestSpecification spec = given().redirects().follow(false).header("User-Agent", BROWSER);
        if (referer != null) {
            spec = spec.header("Referer", referer);
        }
        return spec.request(method, "/" + code);
    }

    @Test
    void stats_ofALink_splitHumansFromBots_andOnlyItsOwnerOrAnAdminReadsThem() {
        String code = createCode(writer, "https://example.com/stats");
        visit(code, "GET", "https://news.example.org/story").then().statusCode(302);
        // Forwarding headers are not trusted unless configured: the same peer and browser is one visitor.
        given().redirects().follow(false).header("User-Agent", BROWSER).header("X-Forwarded-For", "198.51.100.7").get("/" + code)
                .then().statusCode(302);
        visit(code, "HEAD", null).then().statusCode(302);
        given().redirects().follow(false).header("User-Agent", "Googlebot/2.1 (+http://www.google.com/bot.html)").get("/" + code)
                .then().statusCode(302);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(writer).get("/api/v1/links/" + code + "/stats").then().statusCode(200).body("totals.clicks", equalTo(4)));
        as(writer).get("/api/v1/links/" + code + "/stats?unit=hour&units=24").then().statusCode(200)
                .body("code", equalTo(code)).body("unit", equalTo("hour")).body("series", hasSize(24))
                .body("totals.humans", equalTo(2)).body("totals.bots", equalTo(2)).body("totals.uniques", equalTo(1))
                .body("devices.desktop", equalTo(2))
                .body("referrers.host", org.hamcrest.Matchers.containsInAnyOrder("news.example.org", "direct"));
        as(ADMIN_KEY).get("/api/v1/links/" + code + "/stats?unit=month&units=1").then().statusCode(200).body("totals.clicks", equalTo(4));
        as(reader).get("/api/v1/links/" + code + "/stats").then().statusCode(403).contentType("application/problem+json")
                .body("detail", containsString("read its stats"));
        as(null).get("/api/v1/links/" + code + "/stats").then().statusCode(401);
        as(writer).get("/api/v1/links/nosuch/stats").then().statusCode(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unit=week|invalid-unit|unit must be hour, day or month",
        "units=0|invalid-units|units must be a whole number from 1 to 400",
        "unit=hour&units=500|invalid-units|1 to 168",
        "unit_reference=soon|invalid-unit-reference|unit_reference must be an ISO-8601 time",
    })
    void stats_badParameters_answer400NamingTheParameter(String query, String type, String detail) {
        String code = createCode(writer, "https://example.com/stats-params");
        as(writer).get("/api/v1/links/" + code + "/stats?" + query).then().statusCode(400).contentType("application/problem+json")
                .body("type", endsWith("/" + type)).body("detail", containsString(detail));
        as(writer).get("/api/v1/stats?" + query).then().statusCode(400).body("type", endsWith("/" + type));
        as(writer).get("/api/v1/stats?limit=1000").then().statusCode(400).body("type", endsWith("/invalid-limit"));
    }

    @Test
    void stats_ofTheCallersLinks_andForAnAdminOfAll() {
        String mine = createCode(writer, "https://example.com/stats-mine");
        String theirs = createCode(key("links:write", "links:read"), "https://example.com/stats-theirs");
        visit(mine, "GET", null).then().statusCode(302);
        visit(mine, "GET", null).then().statusCode(302);
        visit(theirs, "GET", null).then().statusCode(302);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(writer).get("/api/v1/stats?unit=day&units=1").then().statusCode(200).body("totals.clicks", equalTo(2)));
        as(writer).get("/api/v1/stats?unit=day&units=1").then().body("links.code", org.hamcrest.Matchers.contains(mine))
                .body("links[0].clicks", equalTo(2)).body("owner", not(equalTo("all")));
        // Other tests' links count too: an admin sees all of them.
        as(ADMIN_KEY).get("/api/v1/stats?unit=hour&units=2&limit=100").then().statusCode(200).body("owner", equalTo("all"))
                .body("totals.clicks", org.hamcrest.Matchers.greaterThanOrEqualTo(3)).body("links", org.hamcrest.Matchers.not(
                        org.hamcrest.Matchers.empty()));
    }

    @Test
    void stats_ofADeletedLink_goWithIt() {
        String code = createCode(writer, "https://example.com/stats-deleted");
        visit(code, "GET", null).then().statusCode(302);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(writer).get("/api/v1/links/" + code + "/stats").then().statusCode(200).body("totals.clicks", equalTo(1)));
        as(writer).delete("/api/v1/links/" + code).then().statusCode(204);
        // In Redis mode the owner of a link no longer live is looked up in HBase, which learns of the
        // removal through the outbox a moment later.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(writer).get("/api/v1/links/" + code + "/stats").then().statusCode(404));
        as(ADMIN_KEY).get("/api/v1/links/" + code + "/stats").then().statusCode(404);
    }

    @Test
    void operations_healthMetricsAndOpenApi_areServedOnTheManagementPortOnly() {
        given().get(management.resolve("health/live")).then().statusCode(200);
        given().get(management.resolve("health/ready")).then().statusCode(200).body("checks[0].status", equalTo("UP"));
        createCode(writer, "https://example.com/metrics");
        given().get(management.resolve("metrics")).then().statusCode(200).body(containsString("shortcode_links_created_total"))
                .body(containsString("shortcode_codes_issued_total")).body(containsString("shortcode_stats_clicks_counted_total"))
                .body(containsString("shortcode_stats_flush_lag_seconds")).body(containsString("shortcode_stats_clicks_dropped_total"))
                .body(containsString("shortcode_rate_limited_total")).body(containsString("shortcode_rate_limit_shared_down"));
        String openApi = given().get(management.resolve("openapi")).then().statusCode(200).extract().asString();
        assertThat(openApi).contains("/api/v1/links/{code}/stats").contains("/api/v1/stats").contains("/api/v1/links")
                .contains("/api/v1/links/batch").contains("/api/v1/keys").contains("/{code}")
                .contains("X-API-Key").contains("Idempotency-Key").contains("\"201\"").contains("\"204\"").contains("\"413\"")
                .contains("\"429\"").contains("KeySettings")
                .contains("application/problem+json");
        // The bulk stream is a Vert.x route: described by META-INF/openapi.yaml, merged with the resources' annotations.
        given().get(management.resolve("openapi?format=json")).then().statusCode(200)
                .body("paths.'/api/v1/links/bulk'.post.requestBody.content.'application/x-ndjson'.schema.'$ref'",
                        equalTo("#/components/schemas/BulkLine"))
                .body("paths.'/api/v1/links/bulk'.post.responses.'200'.content.'application/x-ndjson'.schema.'$ref'",
                        equalTo("#/components/schemas/BulkResult"))
                .body("paths.'/api/v1/links/bulk'.post.responses.keySet()", hasItems("200", "401", "403", "415", "429"))
                .body("paths.'/api/v1/links/bulk'.post.security[0].keySet()", hasItems("apiKey"))
                .body("components.schemas.BulkLine.properties.keySet()", hasItems("url", "ttl", "alias", "ref"))
                .body("components.schemas.BulkResult.properties.keySet()", hasItems("line", "status", "ref", "link", "problem"))
                .body("components.schemas.keySet()", hasItems("LinkView", "Problem", "CreateLinkRequest"));
        given().get(management.resolve("swagger-ui/")).then().statusCode(200);
        for (String path : List.of("/q/health/live", "/q/health/ready", "/q/metrics", "/q/openapi", "/q/swagger-ui/")) {
            given().get(path).then().statusCode(404); // the public port serves the API, redirects and pages only
        }
    }
}
