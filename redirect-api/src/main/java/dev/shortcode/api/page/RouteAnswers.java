package dev.shortcode.api.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.problem.ProblemWriter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/** What the plain Vert.x routes next to the redirect share: answering on the request's context, and problems. */
public final class RouteAnswers {

    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.4rem}";
    private static final String POLICY = PageHeaders.policy(STYLE, null);

    private RouteAnswers() {}

    /** Runs {@code answer} on {@code context}: inline when already on it (a near-cache hit), else handed over. */
    public static void onContext(Context context, Runnable answer) {
        if (Vertx.currentContext() == context) {
            answer.run();
        } else {
            context.runOnContext(v -> answer.run());
        }
    }

    /**
     * A problem: a small HTML page for browsers (they asked for text/html), with the headers of
     * every page ({@link PageHeaders}), problem+json for everyone else.
     */
    public static void problem(RoutingContext rc, ProblemResponse problem, ObjectMapper json) {
        String accept = rc.request().getHeader(HttpHeaders.ACCEPT);
        if (accept != null && accept.contains("text/html")) {
            problem.headers().forEach(rc.response()::putHeader);
            PageHeaders.write(rc.response(), problem.status(), POLICY, page(problem.status(), problem.problem().title(),
                    problem.problem().detail()));
            return;
        }
        ProblemWriter.write(rc.response(), problem, json);
    }

    static String page(int status, String title, String detail) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" + Html.VIEWPORT + "<title>" + status + " "
                + Html.escape(title) + "</title><style>" + STYLE + "</style></head><body><h1>" + status + " — " + Html.escape(title)
                + "</h1><p>" + Html.escape(detail) + "</p>" + why(status) + "</body></html>";
    }

    /** What a person reading the page can make of the status, beyond the problem's own detail. */
    private static String why(int status) {
        return switch (status) {
            case 404 -> "<p>The link may have expired after a period without visits, or never existed.</p>";
            case 410 -> "<p>This link was disabled by the operator of this service and no longer leads anywhere.</p>";
            case 429, 503 -> "<p>Please try again in a moment.</p>";
            default -> "";
        };
    }
}
