package dev.shortcode.api.targets;

import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.core.store.LinkRecord;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The redirect's answer for a link with device targets: {@link TargetChooser}'s choice, written
 * out. Every answer varies by User-Agent, and says so, so no cache hands one device's answer to
 * another. Runs on the event loop: the choice is a cached classification and a few comparisons,
 * a page a few string concatenations.
 */
@ApplicationScoped
public class DeviceRedirects {

    private final TargetChooser chooser = new TargetChooser(UserAgents.standard());

    /** Answers {@code rc} for {@code link}, which has targets; {@code redirectStatus} is the service's redirect status. */
    public void answer(RoutingContext rc, LinkRecord link, int redirectStatus) {
        Choice choice = chooser.choose(link, rc.request().getHeader(HttpHeaders.USER_AGENT));
        HttpServerResponse response = rc.response().putHeader(HttpHeaders.VARY, "User-Agent");
        if (choice instanceof Choice.Redirect redirect) {
            response.setStatusCode(redirectStatus)
                    .putHeader(HttpHeaders.LOCATION, redirect.location())
                    .putHeader(HttpHeaders.CACHE_CONTROL, "private, max-age=0")
                    .end();
        } else if (choice instanceof Choice.OpenApp app) {
            PageHeaders.write(response, 200, AppLinkPage.POLICY, AppLinkPage.html(app.appLink(), app.fallback()));
        } else {
            PageHeaders.write(response, 200, WeChatPage.POLICY, WeChatPage.html(((Choice.InsideWeChat) choice).fallback()));
        }
    }
}
