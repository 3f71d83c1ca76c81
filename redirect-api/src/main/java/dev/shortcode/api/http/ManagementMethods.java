package dev.shortcode.api.http;

import io.quarkus.vertx.http.ManagementInterface;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The management port ({@code /q/*}: health, metrics, OpenAPI) only reads: any method but GET
 * and HEAD is answered 405 before a management route sees it, so no extension's endpoint there
 * can be driven to change anything.
 */
@ApplicationScoped
public class ManagementMethods {

    void register(@Observes ManagementInterface management) {
        management.router().route().order(Integer.MIN_VALUE).handler(rc -> {
            HttpMethod method = rc.request().method();
            if (method == HttpMethod.GET || method == HttpMethod.HEAD) {
                rc.next();
                return;
            }
            rc.response().putHeader(HttpHeaders.ALLOW, "GET, HEAD");
            TransportProblems.respond(rc, 405, "method-not-allowed", "Method not allowed",
                    "the management interface answers GET and HEAD only; " + method + " is not one of them", false);
        });
    }
}
