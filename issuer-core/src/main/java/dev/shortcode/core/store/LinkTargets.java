package dev.shortcode.core.store;

import java.util.Objects;

/**
 * Where a link sends a device instead of its main url: an iOS and an Android target (an https URL
 * or an app deep link), a desktop target, and a WeChat mini-program. Every part is optional (null
 * when absent); a link without any has {@link #NONE}. The store keeps these as given: what is
 * allowed in them is the service's policy, checked before a record is made.
 *
 * @param ios     where iPhones, iPads and iPods go, or null
 * @param android where Android devices go, or null
 * @param desktop where desktop browsers go, or null
 * @param wechat  the mini-program phones open outside WeChat, or null
 */
public record LinkTargets(String ios, String android, String desktop, WeChat wechat) {

    /** No targets: every client goes to the link's url. */
    public static final LinkTargets NONE = new LinkTargets(null, null, null, null);

    public LinkTargets {
        ios = emptyToNull(ios);
        android = emptyToNull(android);
        desktop = emptyToNull(desktop);
    }

    /** True when no part is set: the redirect then never looks at the client. */
    public boolean isEmpty() {
        return ios == null && android == null && desktop == null && wechat == null;
    }

    /** These targets, or {@link #NONE} when {@code targets} is null or empty: one value for "no targets". */
    public static LinkTargets orNone(LinkTargets targets) {
        return targets == null || targets.isEmpty() ? NONE : targets;
    }

    /**
     * A WeChat mini-program page.
     *
     * @param appId      the mini-program's AppID ({@code wx} and 16 hex digits)
     * @param path       the page, without a query; null for the home page
     * @param query      the page's query string, null for none
     * @param envVersion {@code release}, {@code trial} or {@code develop}; null for WeChat's default (release)
     */
    public record WeChat(String appId, String path, String query, String envVersion) {
        public WeChat {
            Objects.requireNonNull(appId, "appId");
            path = emptyToNull(path);
            query = emptyToNull(query);
            envVersion = emptyToNull(envVersion);
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
