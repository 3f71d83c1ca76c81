package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Branded domains over a running service: registration and its refusals, and what a request to a
 * registered host gets: its root redirect, its not-found redirect, its own association files.
 * Subclasses run it on embedded storage and on real Redis + HBase (the domains live beside the
 * moderation records in the archive).
 */
abstract class AbstractDomainApiTests {

    /** Each test's hosts are its own: the service is shared by the tests of a class. */
    String host;

    @BeforeEach
    void host() {
        host = "go-" + UUID.randomUUID().toString().substring(0, 8) + ".brand.example";
    }

    private static Response add(Map<String, ?> body) {
        return as(ADMIN_KEY).body(body).post("/api/v1/domains");
    }

    private static Response at(String host, String path) {
        return given().redirects().follow(false).header("Host", host).get(path);
    }

    @Test
    void aDomainsRootAndNotFoundRedirects_andItsOwnAssociationFile_answerOnItsHostOnly() {
        add(Map.of("host", host.toUpperCase(), "rootRedirect", "https://brand.example/", "notFoundRedirect", "https://brand.example/missing",
                "appleAppSiteAssociation", Map.of("applinks", Map.of("details", List.of(Map.of("appID", "TEAM.example.app", "paths", List.of("*")))))))
                .then().statusCode(201).body("host", equalTo(host)).body("default", equalTo(false))
                .body("appleAppSiteAssociation.applinks.details[0].appID", equalTo("TEAM.example.app"));

        at(host, "/").then().statusCode(302).header("Location", "https://brand.example/");
        at(host + ":8443", "/").then().statusCode(302).header("Location", "https://brand.example/");
        at(host, "/noSuchCode-" + host.substring(3, 11)).then().statusCode(302).header("Location", "https://brand.example/missing");
        at(host, "/.well-known/apple-app-site-association").then().statusCode(200).contentType(containsString("application/json"))
                .body("applinks.details[0].appID", equalTo("TEAM.example.app"));

        given().redirects().follow(false).get("/noSuchCode-" + host.substring(3, 11)).then().statusCode(404);
        given().redirects().follow(false).accept("text/html").get("/").then().statusCode(200);
        at("other-" + host, "/").then().statusCode(200); // an unregistered host is the default domain

        String code = ApiClient.createCode(ApiClient.key("links:write"), "https://example.com/default-domain");
        given().redirects().follow(false).get("/" + code).then().statusCode(302).header("Location", "https://example.com/default-domain");
        // not this domain's link: its not-found redirect
        at(host, "/" + code).then().statusCode(302).header("Location", "https://brand.example/missing");

        List<Map<String, Object>> listed = as(ADMIN_KEY).get("/api/v1/domains").then().statusCode(200).extract().jsonPath().getList("$");
        assertThat(listed.get(0)).containsEntry("default", true);
        assertThat(listed).anySatisfy(d -> assertThat(d).containsEntry("host", host).containsEntry("notFoundRedirect", "https://brand.example/missing"));

        as(ADMIN_KEY).delete("/api/v1/domains/" + host).then().statusCode(204);
        at(host, "/").then().statusCode(200);
        as(ADMIN_KEY).delete("/api/v1/domains/" + host).then().statusCode(404);
    }

    @Test
    void aliasesArePerDomain_andALinkAnswersOnItsOwnDomainOnly() {
        add(Map.of("host", host)).then().statusCode(201);
        String writer = ApiClient.key("links:write", "links:read");
        String alias = "promo-" + host.substring(3, 11);

        Response onDefault = ApiClient.create(writer, Map.of("url", "https://example.com/default", "alias", alias));
        onDefault.then().statusCode(201).body("code", equalTo(alias)).body("domain", org.hamcrest.Matchers.nullValue());
        Response onBrand = ApiClient.create(writer, Map.of("url", "https://example.com/brand", "alias", alias, "domain", host.toUpperCase()));
        onBrand.then().statusCode(201).body("code", equalTo(alias + "@" + host)).body("domain", equalTo(host))
                .body("shortUrl", equalTo("http://" + host + "/" + alias));
        ApiClient.create(writer, Map.of("url", "https://example.com/again", "alias", alias, "domain", host)).then().statusCode(409);

        given().redirects().follow(false).get("/" + alias).then().statusCode(302).header("Location", "https://example.com/default");
        at(host, "/" + alias).then().statusCode(302).header("Location", "https://example.com/brand");

        String issued = ApiClient.create(writer, Map.of("url", "https://example.com/issued", "domain", host)).then().statusCode(201)
                .body("shortUrl", org.hamcrest.Matchers.startsWith("http://" + host + "/")).extract().path("code");
        at(host, "/" + issued).then().statusCode(302).header("Location", "https://example.com/issued");
        given().redirects().follow(false).get("/" + issued).then().statusCode(404);
        at(host, "/" + issued + "+").then().statusCode(200);
        given().redirects().follow(false).get("/" + issued + "+").then().statusCode(404);

        as(writer).get("/api/v1/links/" + alias + "@" + host).then().statusCode(200).body("url", equalTo("https://example.com/brand"))
                .body("domain", equalTo(host));
        as(writer).delete("/api/v1/links/" + alias + "@" + host).then().statusCode(204);
        at(host, "/" + alias).then().statusCode(404);
        given().redirects().follow(false).get("/" + alias).then().statusCode(302).header("Location", "https://example.com/default");

        ApiClient.create(writer, Map.of("url", "https://example.com/x", "domain", "nowhere." + host)).then().statusCode(400)
                .body("detail", containsString("domain"));
        as(writer).body(Map.of("links", List.of(Map.of("url", "https://example.com/b1", "alias", alias + "-b", "domain", host))))
                .post("/api/v1/links/batch").then().statusCode(200).body("results[0].status", equalTo(201))
                .body("results[0].link.shortUrl", equalTo("http://" + host + "/" + alias + "-b"));
    }

    /**
     * An alias shaped like a code is reserved in the codes' one space: on a branded domain it keeps
     * its plain code, answers there only, and no other domain can have it.
     */
    @Test
    void anAliasShapedLikeACode_namesOneLinkAcrossDomains() {
        add(Map.of("host", host)).then().statusCode(201);
        String writer = ApiClient.key("links:write", "links:read");
        String alias = "D" + UUID.randomUUID().toString().substring(0, 4); // 5 base62 characters

        ApiClient.create(writer, Map.of("url", "https://example.com/brand", "alias", alias, "domain", host)).then().statusCode(201)
                .body("code", equalTo(alias)).body("shortUrl", equalTo("http://" + host + "/" + alias));
        ApiClient.create(writer, Map.of("url", "https://example.com/default", "alias", alias)).then().statusCode(409);
        at(host, "/" + alias).then().statusCode(302).header("Location", "https://example.com/brand");
        given().redirects().follow(false).get("/" + alias).then().statusCode(404);
        as(writer).get("/api/v1/links/" + alias).then().statusCode(200).body("domain", equalTo(host));
    }

    @Test
    void ownerStats_countEachBrandedDomainsClicks_theDefaultDomainsBeingTheRest() {
        add(Map.of("host", host)).then().statusCode(201);
        String writer = ApiClient.key("links:write", "links:read");
        String branded = ApiClient.create(writer, Map.of("url", "https://example.com/brand", "domain", host)).then().statusCode(201)
                .extract().path("code");
        String plain = ApiClient.create(writer, Map.of("url", "https://example.com/plain")).then().statusCode(201).extract().path("code");
        for (int i = 0; i < 3; i++) {
            at(host, "/" + branded).then().statusCode(302);
        }
        for (int i = 0; i < 2; i++) {
            given().redirects().follow(false).get("/" + plain).then().statusCode(302);
        }
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(15)).untilAsserted(() ->
                as(writer).get("/api/v1/stats").then().statusCode(200).body("totals.clicks", equalTo(5))
                        .body("domains.host", org.hamcrest.Matchers.contains(host)).body("domains[0].clicks", equalTo(3)));
    }

    @Test
    void theCapacityReport_countsEachDomainsLiveLinks() {
        add(Map.of("host", host)).then().statusCode(201);
        String writer = ApiClient.key("links:write");
        for (int i = 0; i < 3; i++) {
            ApiClient.create(writer, Map.of("url", "https://example.com/capacity/" + i, "domain", host)).then().statusCode(201);
        }
        ApiClient.create(writer, Map.of("url", "https://example.com/capacity/alias", "alias", "cap-" + host.substring(3, 11), "domain", host))
                .then().statusCode(201);

        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).pollInterval(java.time.Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    List<Map<String, Object>> domains = as(ADMIN_KEY).get("/api/v1/capacity").then().statusCode(200).extract().jsonPath()
                            .getList("domains");
                    assertThat(domains).anySatisfy(d -> {
                        assertThat(d).containsEntry("host", host);
                        Map<?, ?> live = (Map<?, ?>) d.get("live");
                        long count = ((Number) live.get("count")).longValue();
                        long error = ((Number) live.get("error")).longValue();
                        assertThat(Math.abs(count - 4)).as("%s", live).isLessThanOrEqualTo(error);
                    });
                });
    }

    @Test
    void badRegistrations_answer4xxNamingTheField_andAddNothing() {
        for (String bad : List.of("https://" + host + "/", "93.184.215.99", "nodot", host + ":8443", host + "/path", "user@" + host, "")) {
            add(Map.of("host", bad)).then().statusCode(400).body("detail", containsString("host"));
        }
        add(Map.of("host", host, "rootRedirect", "ftp://brand.example/")).then().statusCode(400).body("detail", containsString("rootRedirect"));
        add(Map.of("host", host, "notFoundRedirect", "https://" + host + "/x")).then().statusCode(400)
                .body("detail", containsString("notFoundRedirect"));
        add(Map.of("host", host, "assetlinks", Map.of("not", "an array"))).then().statusCode(400).body("detail", containsString("assetlinks"));
        add(Map.of("host", host, "appleAppSiteAssociation", List.of(1))).then().statusCode(400)
                .body("detail", containsString("appleAppSiteAssociation"));
        assertThat(as(ADMIN_KEY).get("/api/v1/domains").then().statusCode(200).extract().jsonPath().getList("host")).doesNotContain(host);

        String defaultHost = as(ADMIN_KEY).get("/api/v1/domains").then().extract().path("[0].host");
        add(Map.of("host", defaultHost)).then().statusCode(409).body("type", containsString("domain-exists"));
        as(ADMIN_KEY).delete("/api/v1/domains/" + defaultHost).then().statusCode(409);
        add(Map.of("host", host)).then().statusCode(201);
        add(Map.of("host", host)).then().statusCode(409).body("type", containsString("domain-exists"));

        String writer = ApiClient.key("links:write");
        as(writer).body(Map.of("host", "x." + host)).post("/api/v1/domains").then().statusCode(403);
        as(writer).get("/api/v1/domains").then().statusCode(403);
    }
}
