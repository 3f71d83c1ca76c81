package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.createCode;
import static dev.shortcode.api.http.ApiClient.key;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every HTML page the service answers carries the same three things: a viewport (readable on a
 * phone), a Content-Security-Policy that forbids framing and inline script it did not name, and a
 * Referrer-Policy. The redirect itself carries none of them.
 */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedPagesIntegrationTests {

    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    private static final String WECHAT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN";

    private static Response page(String path, String userAgent, int status) {
        Response page = given().redirects().follow(false).accept("text/html").header("User-Agent", userAgent).get(path);
        page.then().statusCode(status).contentType(containsString("text/html"));
        return page;
    }

    private static void assertIsAPage(Response page, String what) {
        String csp = page.header("Content-Security-Policy");
        assertThat(csp).as("%s: Content-Security-Policy", what).isNotNull().contains("frame-ancestors 'none'").doesNotContain("unsafe-inline")
                .doesNotContain("unsafe-eval");
        assertThat(page.header("Referrer-Policy")).as("%s: Referrer-Policy", what).isEqualTo("no-referrer");
        assertThat(page.body().asString()).as("%s: viewport", what).contains("<meta name=\"viewport\"");
    }

    @Test
    void everyPage_hasViewportPolicyAndReferrerPolicy() {
        String writer = key("links:write", "links:read");
        String plain = createCode(writer, "https://example.com/pages");
        String targeted = create(writer, Map.of("url", "https://shop.example/7", "targets", Map.of("ios", "shopapp://item/7",
                "wechat", Map.of("appid", "wx0123456789abcdef", "path", "pages/item/index")))).then().statusCode(201).extract().path("code");

        assertIsAPage(page("/", IPHONE, 200), "landing page");
        assertIsAPage(page("/dashboard", IPHONE, 200), "dashboard");
        assertIsAPage(page("/dashboard/", IPHONE, 200), "dashboard/");
        assertIsAPage(page("/console/", IPHONE, 200), "console");
        assertIsAPage(page("/no-such-link", IPHONE, 404), "redirect's 404");
        assertIsAPage(page("/" + plain + "+", IPHONE, 200), "preview");
        assertIsAPage(page("/no-such-link+", IPHONE, 404), "preview's 404");
        assertIsAPage(page("/" + targeted, IPHONE, 200), "app-link page");
        assertIsAPage(page("/" + targeted, WECHAT, 200), "WeChat page");
        String disabled = createCode(writer, "https://example.com/pages-disabled");
        as(ApiClient.ADMIN_KEY).body(Map.of("reason", "spam campaign")).post("/api/v1/links/" + disabled + "/disable").then().statusCode(200);
        assertIsAPage(page("/" + disabled, IPHONE, 410), "redirect's 410");
        Response wrongMethod = given().accept("text/html").post("/" + plain);
        wrongMethod.then().statusCode(405).header("Allow", "GET, HEAD");
        assertIsAPage(wrongMethod, "redirect's 405");
    }

    @Test
    void redirect_carriesNoPageHeaders() {
        String code = createCode(key("links:write"), "https://example.com/hot-path");

        Response redirect = given().redirects().follow(false).accept("text/html").get("/" + code);

        redirect.then().statusCode(302).header("Location", "https://example.com/hot-path");
        assertThat(redirect.header("Content-Security-Policy")).isNull();
        assertThat(redirect.header("Referrer-Policy")).isNull();
    }

    @Test
    void landingPage_linksTheConsoleTheDashboardAndTheApiDocs() {
        String html = page("/", IPHONE, 200).body().asString();

        assertThat(html).contains("href=\"/console/\"").contains("href=\"/dashboard\"").contains("/q/swagger-ui\"").contains("/q/openapi\"");
        given().accept("application/json").get("/").then().statusCode(404).contentType(containsString("application/problem+json"));
    }

    @Test
    void dashboard_refersToItsFilesByContentVersion_storedForAYear_andIsNotStoredAsIs() {
        Response dashboard = page("/dashboard", IPHONE, 200);
        assertThat(dashboard.header("Cache-Control")).isEqualTo("no-cache");
        Matcher script = Pattern.compile("src=\"(/dashboard/v/[0-9a-f]{16}/dashboard\\.js)\"").matcher(dashboard.body().asString());
        assertThat(script.find()).as("the script by its content's hash").isTrue();
        assertThat(dashboard.body().asString()).containsPattern("href=\"/dashboard/v/[0-9a-f]{16}/dashboard\\.css\"");

        Response js = given().get(script.group(1));
        js.then().statusCode(200).contentType(containsString("javascript"));
        assertThat(js.header("Cache-Control")).isEqualTo("public, max-age=31536000, immutable");
        assertThat(js.header("Content-Security-Policy")).contains("frame-ancestors 'none'");

        // The fixed name (a page loaded before an upgrade) still answers, but is never stored as is;
        // another version's name is not answered with this version's content.
        Response fixed = given().get("/dashboard/dashboard.js");
        fixed.then().statusCode(200).contentType(containsString("javascript"));
        assertThat(fixed.header("Cache-Control")).isEqualTo("no-cache");
        given().get("/dashboard/v/0123456789abcdef/dashboard.js").then().statusCode(404);
    }

    @Test
    void console_isAPage_whoseFilesCarryTheirVersion_andNothingElseUnderItsPathAnswers() {
        Response console = page("/console/", IPHONE, 200);
        assertIsAPage(console, "console");
        assertThat(console.header("Cache-Control")).isEqualTo("no-cache");
        assertThat(console.header("Content-Security-Policy")).contains("script-src 'self'").contains("connect-src 'self'");
        Matcher app = Pattern.compile("src=\"(/console/v/[0-9a-f]{16}/)app\\.js\"").matcher(console.body().asString());
        assertThat(app.find()).as("the app module under its version").isTrue();
        assertThat(console.body().asString()).contains("href=\"" + app.group(1) + "console.css\"");

        for (String file : new String[] {"app.js", "views/link.js", "console.css"}) {
            Response asset = given().get(app.group(1) + file);
            asset.then().statusCode(200);
            assertThat(asset.header("Cache-Control")).as(file).isEqualTo("public, max-age=31536000, immutable");
            assertThat(asset.header("Content-Security-Policy")).as(file).contains("frame-ancestors 'none'");
        }
        assertThat(given().get(app.group(1) + "app.js").contentType()).contains("javascript");
        assertThat(given().get(app.group(1) + "console.css").contentType()).contains("text/css");

        given().redirects().follow(false).get("/console").then().statusCode(301).header("Location", "/console/");
        given().get("/console/v/0123456789abcdef/app.js").then().statusCode(404);
        given().get("/console/app.js").then().statusCode(404);
        given().get("/console/index.html").then().statusCode(200);
    }
}
