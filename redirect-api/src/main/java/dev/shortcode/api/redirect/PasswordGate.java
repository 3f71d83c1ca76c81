package dev.shortcode.api.redirect;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.error.ClientRateLimitedException;
import dev.shortcode.api.page.Html;
import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.api.page.RouteAnswers;
import dev.shortcode.api.password.PasswordWork;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.stats.VisitorFacts;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.core.store.RateLimits;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * The password in front of a protected link.
 *
 * <p>Design note. {@code GET /{code}} (and HEAD) answers 200 with a small form and no Location:
 * nothing about the target leaves the service before the password is right, for browsers and bots
 * alike. The form posts back to the same URL (its query kept, for query forwarding); {@code POST
 * /{code}} with {@code application/x-www-form-urlencoded} field {@code password} is taken from
 * each client address and link at most {@value #ATTEMPTS} times a minute ({@link RateLimits}:
 * shared by the nodes where the backend is, 429 with Retry-After beyond), then checked on the
 * password threads ({@link PasswordWork}: a slow hash, never on an event loop; 503 when they are
 * full). Right: 303 to where the link would have sent the visitor, counted as a click. Wrong: 401
 * and the form again. The page's policy allows one thing beyond the service's other pages: its
 * form, which posts to this service and follows the 303 to the target (browsers hold a form's
 * redirects to {@code form-action} too, so it names the schemes a target may have, never a host:
 * the header must not tell the target either).
 */
final class PasswordGate {

    /** Attempts per client address and link a minute, refilled gradually: a person mistyping twice is never stopped. */
    static final int ATTEMPTS = 5;
    /** The largest form body taken: a 128-character password percent-encoded is at most 1,152 bytes. */
    static final int MAX_BODY = 4_096;
    private static final RateLimit LIMIT = new RateLimit(ATTEMPTS, Duration.ofMinutes(1), RateLimit.Refill.GRADUAL);
    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.4rem}label{display:block;margin:1rem 0 .3rem}input{font-size:1rem;padding:.5rem;width:100%;"
            + "box-sizing:border-box}button{margin-top:1rem;font-size:1rem;padding:.5rem 1.2rem}.error{color:#a40000;font-weight:600}";
    private static final String POLICY = "default-src 'none'; style-src " + PageHeaders.hashSource(STYLE)
            + "; base-uri 'none'; form-action 'self' https: http:; frame-ancestors 'none'";
    private static final String FORM_PAGE = html(null);
    private static final String REFUSED_PAGE = html("That password is not this link's. Try again.");

    private final PasswordWork work;
    private final RateLimits limits;
    private final VisitorFacts visitors;
    private final ObjectMapper json;

    PasswordGate(PasswordWork work, RateLimits limits, VisitorFacts visitors, ObjectMapper json) {
        this.work = work;
        this.limits = limits;
        this.visitors = visitors;
        this.json = json;
    }

    /** GET or HEAD of a protected link: the form. */
    void ask(RoutingContext rc) {
        page(rc, false);
    }

    /** POST to a protected link: {@code onRight} when the form's password is the link's, else a refusal. */
    void unlock(RoutingContext rc, LinkRecord link, Runnable onRight) {
        String type = rc.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
            problem(rc, ProblemResponse.of(415, "unsupported-media-type", "Unsupported media type",
                    "send the password as application/x-www-form-urlencoded field 'password'", rc.request().path()));
            return;
        }
        long length;
        try {
            length = Long.parseLong(rc.request().getHeader(HttpHeaders.CONTENT_LENGTH));
        } catch (NumberFormatException e) {
            problem(rc, ProblemResponse.of(411, "length-required", "Length required", "send the form with a Content-Length",
                    rc.request().path()));
            return;
        }
        if (length > MAX_BODY) {
            problem(rc, ProblemResponse.of(413, "body-too-large", "Body too large", "a password form is at most " + MAX_BODY + " bytes",
                    rc.request().path()));
            return;
        }
        Context context = Vertx.currentContext();
        String subject = "pw:" + link.code() + ":" + visitors.clientAddress(rc.request());
        Future<Buffer> body = rc.request().body();
        rc.request().resume(); // paused by the route until now
        body.onComplete(read -> {
            if (read.failed()) {
                rc.fail(400, read.cause());
                return;
            }
            List<String> given = new QueryStringDecoder(read.result().toString(StandardCharsets.UTF_8), StandardCharsets.UTF_8, false)
                    .parameters().get("password");
            String password = given == null || given.isEmpty() ? "" : given.get(0);
            limits.take(subject, LIMIT, 1)
                    .thenCompose(decision -> {
                        if (!decision.allowed()) {
                            throw new ClientRateLimitedException("password attempts on this link", decision.retryAfterSeconds());
                        }
                        return password.isEmpty() ? CompletableFuture.completedFuture(false)
                                : work.matches(password, link.routing().passwordHash());
                    })
                    .whenComplete((right, failure) -> RouteAnswers.onContext(context, () -> {
                        if (failure != null) {
                            problem(rc, ErrorMapping.map(failure, rc.request().path()));
                        } else if (right) {
                            onRight.run();
                        } else {
                            page(rc, true);
                        }
                    }));
        });
    }

    /** The form, or after a wrong password the form with that said above it (problem+json for clients that do not ask for HTML). */
    private void page(RoutingContext rc, boolean refused) {
        String accept = rc.request().getHeader(HttpHeaders.ACCEPT);
        if (refused && (accept == null || !accept.contains("text/html"))) {
            problem(rc, ProblemResponse.of(401, "wrong-password", "Wrong password", "the password is not this link's",
                    rc.request().path()));
            return;
        }
        PageHeaders.write(rc.response(), refused ? 401 : 200, POLICY, refused ? REFUSED_PAGE : FORM_PAGE, "no-store");
    }

    /** The page: the same text for every link (nothing of the link is on it), so made once. */
    private static String html(String error) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" + Html.VIEWPORT
                + "<meta name=\"robots\" content=\"noindex\"><title>Password required</title><style>" + STYLE + "</style></head><body>"
                + "<main><h1>This link is protected by a password</h1>"
                + (error == null ? "" : "<p class=\"error\" role=\"alert\" id=\"error\">" + Html.escape(error) + "</p>")
                + "<form method=\"post\"><label for=\"password\">Password</label><input id=\"password\" name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required maxlength=\"128\" autofocus"
                + (error == null ? "" : " aria-describedby=\"error\"") + "><button type=\"submit\">Continue</button></form></main></body></html>";
    }

    private void problem(RoutingContext rc, ProblemResponse problem) {
        RouteAnswers.problem(rc, problem, json);
    }
}
