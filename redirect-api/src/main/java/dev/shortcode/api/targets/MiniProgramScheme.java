package dev.shortcode.api.targets;

import dev.shortcode.core.store.LinkTargets;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * WeChat's plaintext URL scheme for a mini-program page:
 * {@code weixin://dl/business/?appid=APPID&path=PATH&query=QUERY&env_version=ENV}. The query is
 * percent-encoded as a whole (WeChat decodes it once and hands it to the page); absent parts are
 * left out and WeChat uses its defaults (the home page, no query, the release version). The
 * mini-program must list the path among those its plaintext scheme may open.
 */
public final class MiniProgramScheme {

    static final String PREFIX = "weixin://dl/business/?appid=";

    private MiniProgramScheme() {}

    public static String of(LinkTargets.WeChat wechat) {
        // The appid, path and env_version were checked to hold only characters a query allows as they are.
        StringBuilder url = new StringBuilder(PREFIX.length() + 96).append(PREFIX).append(wechat.appId());
        if (wechat.path() != null) {
            url.append("&path=").append(wechat.path());
        }
        if (wechat.query() != null) {
            url.append("&query=").append(URLEncoder.encode(wechat.query(), StandardCharsets.UTF_8));
        }
        if (wechat.envVersion() != null) {
            url.append("&env_version=").append(wechat.envVersion());
        }
        return url.toString();
    }
}
