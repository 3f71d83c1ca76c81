package dev.shortcode.api.targets;

import dev.shortcode.api.page.Html;
import dev.shortcode.api.page.PageHeaders;
import java.net.URI;

/**
 * The page that opens an app link and falls back to the web url. A browser cannot tell whether an
 * app took a custom scheme, so the page navigates to the app link and, unless the page went to
 * the background meanwhile (the app opened), replaces itself with the web url after
 * {@value #FALLBACK_MILLIS} ms. Both links are also on the page for a person to tap: WeChat's
 * browser and some others open no app schemes at all, and a script may be off.
 *
 * <p>The script and style are constants (their SHA-256 is the page's only allowance in its
 * Content-Security-Policy); the two links reach the script through escaped {@code data-}
 * attributes, never as script text.
 */
public final class AppLinkPage {

    static final int FALLBACK_MILLIS = 1500;

    static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.3rem}a{color:#0645ad}";

    static final String SCRIPT = "(function(){var m=document.getElementById('open');var web=m.getAttribute('data-web');"
            + "var t=setTimeout(function(){location.replace(web);}," + FALLBACK_MILLIS + ");"
            + "document.addEventListener('visibilitychange',function(){if(document.hidden){clearTimeout(t);}});"
            + "location.href=m.getAttribute('data-app');})();";

    /** The Content-Security-Policy of every such page. */
    public static final String POLICY = PageHeaders.policy(STYLE, SCRIPT);

    private AppLinkPage() {}

    public static String html(String appLink, String webUrl) {
        String app = Html.escape(appLink);
        String web = Html.escape(webUrl);
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + Html.VIEWPORT + "<title>Opening the app…</title>"
                + "<style>" + STYLE + "</style></head><body>"
                + "<main id=\"open\" data-app=\"" + app + "\" data-web=\"" + web + "\"><h1>Opening the app…</h1>"
                + "<p><a id=\"app\" href=\"" + app + "\">Open in the app</a></p>"
                + "<p>Not installed? <a id=\"web\" href=\"" + web + "\">Continue to the website</a> (<b>" + Html.escape(host(webUrl))
                + "</b>)</p></main><script>" + SCRIPT + "</script></body></html>";
    }

    /** The host of an http(s) url as the page names it; the whole url when it has none. */
    static String host(String url) {
        try {
            String host = URI.create(url).getHost();
            return host == null ? url : host;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}
