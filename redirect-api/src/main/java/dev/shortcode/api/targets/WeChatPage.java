package dev.shortcode.api.targets;

import dev.shortcode.api.page.Html;
import dev.shortcode.api.page.PageHeaders;

/**
 * What WeChat's in-app browser gets for a link with a mini-program. That browser opens no app
 * scheme, WeChat's own included, and opening a mini-program from a web page needs WeChat's
 * JS-SDK on a verified official account's domain, an external script this service does not load.
 * So the page says how to get there (the ··· menu, then open in the phone's browser, which then
 * offers WeChat) and links the web url. No script.
 */
public final class WeChatPage {

    static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#222}"
            + "h1{font-size:1.3rem}a{color:#0645ad}";

    public static final String POLICY = PageHeaders.policy(STYLE, null);

    private WeChatPage() {}

    public static String html(String webUrl) {
        String web = Html.escape(webUrl);
        return "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                + Html.VIEWPORT + "<title>在浏览器中打开 · Open in your browser</title>"
                + "<style>" + STYLE + "</style></head><body><main>"
                + "<h1>此链接会打开一个微信小程序</h1>"
                + "<p>请点击右上角 ··· ，选择“在浏览器中打开”，浏览器会请您打开微信。</p>"
                + "<p lang=\"en\">This link opens a WeChat mini-program, which WeChat's browser cannot start from a web page: tap ··· "
                + "at the top right and choose to open it in your browser, which then offers to open WeChat.</p>"
                + "<p><a id=\"web\" href=\"" + web + "\">继续访问网页 · Continue to the website</a> (<b>" + Html.escape(AppLinkPage.host(webUrl))
                + "</b>)</p></main></body></html>";
    }
}
