package dev.shortcode.api.preview;

import dev.shortcode.api.link.DeviceTargets;
import dev.shortcode.api.page.Html;
import dev.shortcode.api.page.PageHeaders;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The HTML preview of a link: where it goes (its host in bold, then the whole url), every device
 * target, and when it was made, so a reader can judge a link before following it. Every value is
 * escaped ({@link Html}); the page has no script, and its one style is its policy's only allowance.
 */
public final class PreviewPage {

    static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.3rem}.url{word-break:break-all}dt{font-weight:600;margin-top:.6rem}dd{margin-left:1rem;word-break:break-all}";

    public static final String POLICY = PageHeaders.policy(STYLE, null);

    private static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private PreviewPage() {}

    public static String html(PreviewView link) {
        StringBuilder page = new StringBuilder(1024)
                .append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append(Html.VIEWPORT).append("<meta name=\"robots\" content=\"noindex\">")
                .append("<title>Preview of ").append(Html.escape(link.shortUrl())).append("</title><style>").append(STYLE)
                .append("</style></head><body><main><h1>").append(Html.escape(link.shortUrl()));
        if (link.passwordProtected() != null) {
            page.append(" is protected by a password</h1><p id=\"protected\">Where it goes is shown only to those who give it.</p><dl>");
        } else {
            page.append(" goes to <b id=\"host\">").append(Html.escape(link.host())).append("</b></h1><p class=\"url\"><a id=\"url\" href=\"")
                    .append(Html.escape(link.url())).append("\" rel=\"noreferrer nofollow\">").append(Html.escape(link.url()))
                    .append("</a></p><dl>");
        }
        DeviceTargets targets = link.targets();
        if (targets != null) {
            item(page, "ios", "On iPhone and iPad", targets.ios());
            item(page, "android", "On Android", targets.android());
            item(page, "desktop", "On desktop browsers", targets.desktop());
            DeviceTargets.MiniProgram w = targets.wechat();
            if (w != null) {
                item(page, "wechat-appid", "WeChat mini-program", w.appid());
                item(page, "wechat-path", "Mini-program page", w.path());
                item(page, "wechat-query", "Page query", w.query());
                item(page, "wechat-env", "Mini-program version", w.envVersion());
            }
        }
        return page.append("<dt>Created</dt><dd id=\"created\"><time datetime=\"").append(Html.escape(link.createdAt().toString()))
                .append("\">").append(Html.escape(CREATED.format(link.createdAt()))).append("</time></dd></dl></main></body></html>")
                .toString();
    }

    private static void item(StringBuilder page, String id, String label, String value) {
        if (value != null) {
            page.append("<dt>").append(label).append("</dt><dd id=\"").append(id).append("\">").append(Html.escape(value)).append("</dd>");
        }
    }
}
