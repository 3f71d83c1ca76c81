package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.createCode;
import static dev.shortcode.api.http.ApiClient.key;
import static dev.shortcode.api.http.ApiClient.redirect;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.shortcode.api.qr.QrCodes;
import dev.shortcode.api.qr.QrDecoding;
import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.response.Response;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Device targets, QR codes, previews and association files over a running service. The link API
 * suite extends this class, so every test here runs on embedded storage, on Redis + HBase and on
 * a Redis Cluster + HBase.
 */
abstract class AbstractLinkTargetsApiTests {

    static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            + "Version/17.5 Mobile/15E148 Safari/604.1";
    static final String ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 "
            + "Mobile Safari/537.36";
    static final String WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/126.0.0.0 Safari/537.36";
    static final String WECHAT_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            + "Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN";
    static final String GOOGLEBOT = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

    static final String IOS_APP = "jdmobile://item/7?from='sms'";
    static final String ANDROID_WEB = "https://play.google.com/store/apps/details?id=com.example.shop";
    static final String DESKTOP = "https://shop.example/desktop/7";
    static final Map<String, Object> WECHAT = Map.of("appid", "wx0123456789abcdef", "path", "pages/item/index", "query", "id=7&from=sms",
            "envVersion", "trial");
    static final Map<String, Object> ALL_TARGETS = Map.of("ios", IOS_APP, "android", ANDROID_WEB, "desktop", DESKTOP, "wechat", WECHAT);

    /** The management interface (its own port), ending in /q/: metrics and the OpenAPI document. */
    @TestHTTPResource(value = "", management = true)
    URI management;

    String targetWriter;
    String targetReader;

    @BeforeEach
    void targetKeys() {
        targetWriter = key("links:write", "links:read");
        targetReader = key("links:read");
    }

    static Map<String, Object> body(Object... pairs) {
        Map<String, Object> body = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            body.put((String) pairs[i], pairs[i + 1]);
        }
        return body;
    }

    static Response visit(String code, String userAgent) {
        return given().redirects().follow(false).header("User-Agent", userAgent).get("/" + code);
    }

    @Test
    void create_withTargets_showsThemAndGetReadsThemBack() {
        Response created = create(targetWriter, body("url", "https://shop.example/7", "targets", ALL_TARGETS));

        created.then().statusCode(201).body("targets.ios", equalTo(IOS_APP)).body("targets.android", equalTo(ANDROID_WEB))
                .body("targets.desktop", equalTo(DESKTOP)).body("targets.wechat", equalTo(WECHAT));
        as(targetReader).get("/api/v1/links/" + created.path("code")).then().statusCode(200)
                .body("targets.ios", equalTo(IOS_APP)).body("targets.wechat.envVersion", equalTo("trial"));
        String plain = createCode(targetWriter, "https://shop.example/plain");
        as(targetReader).get("/api/v1/links/" + plain).then().statusCode(200).body("targets", nullValue());
    }

    @Test
    void redirect_linkWithTargets_answersEachClientAsTheOrderSays() {
        String code = create(targetWriter, body("url", "https://shop.example/7", "targets", ALL_TARGETS)).then().statusCode(201)
                .extract().path("code");

        visit(code, IPHONE).then().statusCode(200).contentType(containsString("text/html"))
                .header("Content-Security-Policy", startsWith("default-src 'none'")).header("Vary", containsString("User-Agent"))
                .body(containsString("data-app=\"jdmobile://item/7?from=&#39;sms&#39;\""))
                .body(containsString("data-web=\"https://shop.example/7\""));
        visit(code, ANDROID).then().statusCode(302).header("Location", ANDROID_WEB).header("Vary", containsString("User-Agent"));
        visit(code, WINDOWS).then().statusCode(302).header("Location", DESKTOP);
        visit(code, GOOGLEBOT).then().statusCode(302).header("Location", "https://shop.example/7");
        visit(code, WECHAT_IOS).then().statusCode(200).body(containsString("微信小程序")).body(not(containsString("<script")))
                .body(containsString("href=\"https://shop.example/7\""));
        given().redirects().follow(false).get("/" + code).then().statusCode(302).header("Location", "https://shop.example/7");
    }

    @Test
    void redirect_phoneWithoutItsOwnTarget_opensTheMiniProgram() {
        String code = create(targetWriter, body("url", "https://shop.example/mp", "targets", Map.of("wechat", WECHAT))).then()
                .statusCode(201).extract().path("code");

        visit(code, ANDROID).then().statusCode(200)
                .body(containsString("data-app=\"weixin://dl/business/?appid=wx0123456789abcdef&amp;path=pages/item/index"
                        + "&amp;query=id%3D7%26from%3Dsms&amp;env_version=trial\""));
        visit(code, WINDOWS).then().statusCode(302).header("Location", "https://shop.example/mp");
    }

    @Test
    void redirect_linkWithoutTargets_ignoresTheClient_andAQrScanMarkerIsAnsweredLikeAnyVisit() {
        String code = createCode(targetWriter, "https://shop.example/plain");

        visit(code, IPHONE).then().statusCode(302).header("Location", "https://shop.example/plain").header("Vary", nullValue());
        given().redirects().follow(false).header("User-Agent", IPHONE).get("/" + code + "?qr=1").then().statusCode(302)
                .header("Location", "https://shop.example/plain");
    }

    @Test
    void create_badTarget_answers400NamingTheFieldAndStoresNothing() {
        String alias = "bad-target-" + UUID.randomUUID().toString().substring(0, 8);
        create(targetWriter, body("url", "https://shop.example/x", "alias", alias, "targets", Map.of("ios", "javascript:alert(1)")))
                .then().statusCode(400).contentType("application/problem+json").body("type", containsString("invalid-targets"))
                .body("detail", startsWith("targets.ios "));
        create(targetWriter, body("url", "https://shop.example/x", "alias", alias, "targets",
                Map.of("wechat", Map.of("appid", "wx123")))).then().statusCode(400).body("detail", startsWith("targets.wechat.appid "));
        create(targetWriter, body("url", "https://shop.example/x", "targets", Map.of("iOS", "https://x.example/"))).then().statusCode(400)
                .body("detail", containsString("unknown field 'targets.iOS'"));
        create(targetWriter, body("url", "jdmobile://item/1")).then().statusCode(400).body("detail", containsString("scheme 'jdmobile'"));
        redirect(alias).then().statusCode(404);
    }

    @Test
    void batch_itemsWithTargets_areStored_andABadTargetFailsItsItemAlone() {
        List<Map<String, Object>> items = List.of(body("url", "https://shop.example/b0", "targets", Map.of("desktop", DESKTOP)),
                body("url", "https://shop.example/b1", "targets", Map.of("android", "ftp://x.example/")),
                body("url", "https://shop.example/b2"),
                body("url", "https://shop.example/b3", "targets", ALL_TARGETS));

        Response response = as(targetWriter).body(Map.of("links", items)).post("/api/v1/links/batch");

        response.then().statusCode(200).body("results.status", equalTo(List.of(201, 400, 201, 201)))
                .body("results[0].link.targets.desktop", equalTo(DESKTOP))
                .body("results[1].problem.detail", startsWith("targets.android scheme 'ftp' is not allowed"))
                .body("results[2].link.targets", nullValue())
                .body("results[3].link.targets.wechat.appid", equalTo("wx0123456789abcdef"));
        visit(response.path("results[0].link.code"), WINDOWS).then().statusCode(302).header("Location", DESKTOP);
        as(targetReader).get("/api/v1/links/" + response.path("results[3].link.code")).then().statusCode(200)
                .body("targets.ios", equalTo(IOS_APP));
    }

    @Test
    void patch_targetsReplaceTheSet_absentKeepsThem_nullClearsThem_aBadOneChangesNothing() {
        String code = create(targetWriter, body("url", "https://shop.example/p", "targets", ALL_TARGETS)).then().statusCode(201)
                .extract().path("code");

        as(targetWriter).body(Map.of("url", "https://shop.example/p2")).patch("/api/v1/links/" + code).then().statusCode(200)
                .body("url", equalTo("https://shop.example/p2")).body("targets.ios", equalTo(IOS_APP));
        as(targetWriter).body(Map.of("targets", Map.of("android", "https://android.example/p"))).patch("/api/v1/links/" + code)
                .then().statusCode(200).body("targets.android", equalTo("https://android.example/p"))
                .body("targets.ios", nullValue()).body("targets.wechat", nullValue());
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                visit(code, ANDROID).then().statusCode(302).header("Location", "https://android.example/p"));
        as(targetWriter).body("{\"targets\": {\"desktop\": \"mailto:x@example.com\"}}").patch("/api/v1/links/" + code).then()
                .statusCode(400).body("detail", startsWith("targets.desktop "));
        as(targetReader).get("/api/v1/links/" + code).then().body("targets.android", equalTo("https://android.example/p"));

        as(targetWriter).body("{\"targets\": null}").patch("/api/v1/links/" + code).then().statusCode(200).body("targets", nullValue());
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                visit(code, ANDROID).then().statusCode(302).header("Location", "https://shop.example/p2").header("Vary", nullValue()));
        as(targetWriter).body("{}").patch("/api/v1/links/" + code).then().statusCode(400).body("detail", containsString("\"targets\""));
    }

    @Test
    void qr_publicAndApi_decodeToTheShortUrlWithTheScanMarker_inEveryFormat() {
        Response created = create(targetWriter, body("url", "https://shop.example/qr"));
        String code = created.path("code");
        String content = created.path("shortUrl") + "?qr=1";

        Response png = given().get("/" + code + "/qr");
        png.then().statusCode(200).contentType("image/png").header("ETag", startsWith("\"")).header("Cache-Control", "public, max-age=3600");
        assertThat(QrDecoding.png(png.asByteArray()).text()).isEqualTo(content);
        QrDecoding.Decoded large = QrDecoding.png(given().queryParam("size", 2048).queryParam("ecc", "H").get("/" + code + "/qr").asByteArray());
        assertThat(large).isEqualTo(new QrDecoding.Decoded(content, "H", 2048, 2048));
        Response svg = given().accept("image/svg+xml").queryParam("size", 128).queryParam("ecc", "L").get("/" + code + "/qr");
        svg.then().statusCode(200).contentType("image/svg+xml");
        assertThat(QrDecoding.svg(svg.asByteArray())).isEqualTo(new QrDecoding.Decoded(content, "L", 128, 128));

        Response api = as(targetReader).queryParam("format", "svg").get("/api/v1/links/" + code + "/qr");
        api.then().statusCode(200).contentType("image/svg+xml").header("Cache-Control", "private, max-age=3600");
        assertThat(api.asByteArray()).isEqualTo(given().queryParam("format", "svg").get("/" + code + "/qr").asByteArray());
        given().get("/api/v1/links/" + code + "/qr").then().statusCode(401);
        given().redirects().follow(false).get("/" + code + "?qr=1").then().statusCode(302).header("Location", "https://shop.example/qr");
    }

    @Test
    void stats_visitsOfTheQrCodesUrl_countAsQrScans_andTheTargetIsStillChosen() {
        String code = create(targetWriter, body("url", "https://shop.example/scan", "targets", ALL_TARGETS)).then().statusCode(201)
                .extract().path("code");
        String plain = createCode(targetWriter, "https://shop.example/scan-plain");

        given().redirects().follow(false).header("User-Agent", ANDROID).get("/" + code + QrCodes.SCAN_MARKER).then().statusCode(302)
                .header("Location", ANDROID_WEB);
        given().redirects().follow(false).header("User-Agent", IPHONE).get("/" + code + "?qr=1").then().statusCode(200)
                .body(containsString("data-app=\"jdmobile://item/7"));
        visit(code, WINDOWS).then().statusCode(302).header("Location", DESKTOP);
        given().redirects().follow(false).header("User-Agent", GOOGLEBOT).get("/" + code + "?qr=1").then().statusCode(302)
                .header("Location", "https://shop.example/scan");
        given().redirects().follow(false).header("User-Agent", IPHONE).get("/" + plain + "?qr=1").then().statusCode(302)
                .header("Location", "https://shop.example/scan-plain");

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(targetWriter).get("/api/v1/links/" + code + "/stats").then().statusCode(200).body("totals.clicks", equalTo(4)));
        as(targetWriter).get("/api/v1/links/" + code + "/stats").then().statusCode(200)
                .body("totals.qrScans", equalTo(3)).body("totals.humans", equalTo(3)).body("totals.bots", equalTo(1))
                .body("devices.ios", equalTo(1)).body("devices.android", equalTo(1)).body("devices.desktop", equalTo(1));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                as(targetWriter).get("/api/v1/links/" + plain + "/stats").then().statusCode(200)
                        .body("totals.clicks", equalTo(1)).body("totals.qrScans", equalTo(1)));
    }

    @Test
    void redirect_disabledLinkWithTargets_answers410ToEveryClient_beforeAnyTargetIsChosen() {
        String code = create(targetWriter, body("url", "https://shop.example/off", "targets", ALL_TARGETS)).then().statusCode(201)
                .extract().path("code");
        as(ApiClient.ADMIN_KEY).body(Map.of("reason", "fake shop")).post("/api/v1/links/" + code + "/disable").then().statusCode(200);

        for (String agent : List.of(IPHONE, ANDROID, WINDOWS, WECHAT_IOS, GOOGLEBOT)) {
            visit(code, agent).then().statusCode(410).header("Location", nullValue()).body("detail", containsString("fake shop"));
        }
        given().redirects().follow(false).header("User-Agent", IPHONE).get("/" + code + "?qr=1").then().statusCode(410);
        given().accept("application/json").get("/" + code + "+").then().statusCode(410).body("detail", containsString("fake shop"));
        given().get("/" + code + "/qr").then().statusCode(200); // it holds only the short URL: scanning it meets the 410

        as(ApiClient.ADMIN_KEY).post("/api/v1/links/" + code + "/enable").then().statusCode(204);
        visit(code, ANDROID).then().statusCode(302).header("Location", ANDROID_WEB);
    }

    @Test
    void denyRule_onTheUrlOrAWebTarget_turnsTheLinkInto410ForEveryClient_andRefusesNewTargetsThere() {
        String host = "deny-targets-" + UUID.randomUUID().toString().substring(0, 8) + ".example";
        String byUrl = create(targetWriter, body("url", "https://" + host + "/item", "targets", ALL_TARGETS)).then().statusCode(201)
                .extract().path("code");
        String byTarget = create(targetWriter, body("url", "https://shop.example/fine", "targets",
                Map.of("ios", IOS_APP, "desktop", "https://www." + host + "/desk"))).then().statusCode(201).extract().path("code");
        String rule = as(ApiClient.ADMIN_KEY).body(Map.of("kind", "host", "value", host, "reason", "phishing"))
                .post("/api/v1/denylist").then().statusCode(201).extract().path("id");
        try {
            for (String code : List.of(byUrl, byTarget)) {
                for (String agent : List.of(IPHONE, ANDROID, WINDOWS, WECHAT_IOS, GOOGLEBOT)) {
                    visit(code, agent).then().statusCode(410).header("Location", nullValue()).body("detail", containsString("phishing"));
                }
            }
            create(targetWriter, body("url", "https://shop.example/new", "targets", Map.of("android", "https://" + host + "/a")))
                    .then().statusCode(400).body("type", containsString("denied-url"))
                    .body("detail", startsWith("targets.android falls under deny-list rule " + rule));
            as(targetWriter).body(Map.of("targets", Map.of("desktop", "https://" + host + "/d"))).patch("/api/v1/links/" + byUrl)
                    .then().statusCode(400).body("detail", startsWith("targets.desktop falls under deny-list rule " + rule));
        } finally {
            as(ApiClient.ADMIN_KEY).delete("/api/v1/denylist/" + rule).then().statusCode(204);
        }
        visit(byUrl, WINDOWS).then().statusCode(302).header("Location", DESKTOP);
        visit(byTarget, WINDOWS).then().statusCode(302).header("Location", "https://www." + host + "/desk");
    }

    @Test
    void qr_etag_answers304_andChangesWithTheDrawingAndTheLinksVersion() {
        String code = createCode(targetWriter, "https://shop.example/etag");
        String etag = given().get("/" + code + "/qr").then().statusCode(200).extract().header("ETag");

        given().header("If-None-Match", etag).get("/" + code + "/qr").then().statusCode(304).header("ETag", etag);
        given().header("If-None-Match", "W/" + etag + ", \"other\"").get("/" + code + "/qr").then().statusCode(304);
        as(targetReader).header("If-None-Match", etag).get("/api/v1/links/" + code + "/qr").then().statusCode(304).header("ETag", etag);
        String other = given().queryParam("ecc", "Q").get("/" + code + "/qr").then().statusCode(200).extract().header("ETag");
        assertThat(other).isNotEqualTo(etag);
        as(targetWriter).body(Map.of("url", "https://shop.example/etag2")).patch("/api/v1/links/" + code).then().statusCode(200);
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                given().header("If-None-Match", etag).get("/" + code + "/qr").then().statusCode(200).header("ETag", not(etag)));
    }

    @Test
    void qr_badParameterOrUnknownCode_answersAProblem() {
        String code = createCode(targetWriter, "https://shop.example/bad-qr");
        Map<String, String> bad = Map.of("size", "size must be from 128", "ecc", "ecc must be", "fg", "fg must be a colour",
                "format", "format must be png or svg", "sise", "sise is not a parameter");
        for (Map.Entry<String, String> p : bad.entrySet()) {
            given().queryParam(p.getKey(), "9999999").get("/" + code + "/qr").then().statusCode(400)
                    .contentType("application/problem+json").body("detail", startsWith(p.getValue()));
            as(targetReader).queryParam(p.getKey(), "9999999").get("/api/v1/links/" + code + "/qr").then().statusCode(400)
                    .body("detail", startsWith(p.getValue()));
        }
        given().queryParam("fg", "ffffff").queryParam("bg", "000000").get("/" + code + "/qr").then().statusCode(400)
                .body("detail", containsString("darker than bg"));
        given().queryParam("fg", "eeeeee").get("/" + code + "/qr").then().statusCode(400).body("detail", containsString("too low to scan"));
        given().get("/zzzzz/qr").then().statusCode(404).contentType("application/problem+json");
        as(targetReader).get("/api/v1/links/no-such-link/qr").then().statusCode(404);
    }

    @Test
    void preview_showsWhereTheLinkGoes_asHtmlOrJson_withoutCountingAVisit() {
        Map<String, Object> targets = Map.of("ios", "jdmobile://item/'q'", "desktop", "https://desk.example/it's");
        Response created = create(targetWriter, body("url", "https://shop.example/it's?a=1&b='2'", "targets", targets));
        String code = created.path("code");
        double visitsBefore = redirectsFound();

        Response html = given().accept("text/html").get("/" + code + "+");
        html.then().statusCode(200).contentType(containsString("text/html")).header("Content-Security-Policy", startsWith("default-src 'none'"));
        assertThat(html.asString()).contains("<b id=\"host\">shop.example</b>")
                .contains("href=\"https://shop.example/it&#39;s?a=1&amp;b=&#39;2&#39;\"")
                .contains("<dd id=\"ios\">jdmobile://item/&#39;q&#39;</dd>")
                .contains("<dd id=\"desktop\">https://desk.example/it&#39;s</dd>")
                .contains("<time datetime=\"" + created.path("createdAt") + "\">")
                .doesNotContain("<script").doesNotContain("it's");
        given().urlEncodingEnabled(false).accept("application/json").get("/" + code + "%2B").then().statusCode(200)
                .body("code", equalTo(code));
        given().accept("application/json").get("/" + code + "+").then().statusCode(200).contentType("application/json")
                .body("code", equalTo(code)).body("host", equalTo("shop.example")).body("url", equalTo("https://shop.example/it's?a=1&b='2'"))
                .body("createdAt", equalTo(created.path("createdAt"))).body("targets.ios", equalTo("jdmobile://item/'q'"))
                .body("expiresAt", nullValue());
        assertThat(redirectsFound()).as("a preview is not a visit").isEqualTo(visitsBefore);

        as(targetWriter).delete("/api/v1/links/" + code).then().statusCode(204);
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() -> given().get("/" + code + "+").then().statusCode(404));
        given().get("/zzzzz+").then().statusCode(404);
        given().urlEncodingEnabled(false).get("/zzzzz%2B").then().statusCode(404).body("detail", containsString("zzzzz"));
    }

    @Test
    void associationFiles_notConfigured_answer404() {
        given().redirects().follow(false).get("/.well-known/apple-app-site-association").then().statusCode(404)
                .body("detail", containsString("shortcode.app-links.apple-app-site-association"));
        given().redirects().follow(false).get("/.well-known/assetlinks.json").then().statusCode(404);
    }

    @Test
    void openApi_documentsTargetsQrPreviewAndAssociationFiles() {
        String openApi = given().get(management.resolve("openapi")).then().statusCode(200).extract().asString();
        assertThat(openApi).contains("DeviceTargets").contains("envVersion").contains("/api/v1/links/{code}/qr").contains("/{code}/qr")
                .contains("/{code}+").contains("/.well-known/apple-app-site-association").contains("/.well-known/assetlinks.json");
    }

    /** The redirects counted as found so far, from /q/metrics on the management port. */
    double redirectsFound() {
        String metrics = given().get(management.resolve("metrics")).then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^shortcode_redirects_total\\{[^}]*outcome=\"found\"[^}]*\\} ([0-9.Ee+-]+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
