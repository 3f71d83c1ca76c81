package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.create;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.restassured.response.Response;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Query forwarding and validity windows over a running service: what a visitor gets before,
 * within and after a link's window, with and without its expiredUrl; the query merged into the
 * target; PATCH setting and removing each field; bad values refused naming the field. Subclasses
 * run it on embedded storage and on real Redis + HBase.
 */
abstract class AbstractLinkRoutingApiTests {

    String writer;

    @BeforeEach
    void key() {
        writer = ApiClient.key("links:write", "links:read");
    }

    private static Response visit(String code, String query) {
        return given().redirects().follow(false).get("/" + code + query);
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
}
