package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.api.url.InvalidUrlException;
import dev.shortcode.api.url.WebLocations;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which device targets are accepted, and their stored form; each refusal names its field
 * ({@code targets.ios}, {@code targets.wechat.appid}) and says what is allowed.
 * <ul>
 *   <li>{@code ios}, {@code android}: an https URL, normalised like a link's url by
 *       {@link UrlPolicy} (App Store and Play links are such URLs), or an app link with a scheme of
 *       its own ({@code jdmobile://item/42}, {@code intent://…#Intent;…;end}): a valid URI of
 *       printable ASCII, at most {@link UrlPolicy#MAX_LENGTH} characters. Schemes a browser would run or
 *       read locally ({@code javascript:}, {@code data:}, {@code file:}, …) are refused, and so is
 *       plain {@code http}: a phone is sent there without a choice. An app link that opens a web
 *       page in a browser ({@code x-safari-https://…}, {@code googlechromes://…}, an intent with
 *       {@code scheme=https} or {@code S.browser_fallback_url}; {@link WebLocations} lists them)
 *       is held to the same rules for that page: https, and the URL policy of a link's url.
 *   <li>{@code desktop}: an http(s) URL, as a link's url.
 *   <li>{@code wechat}: {@code appid} is {@code wx} and 16 lower-case hex digits; {@code path} a
 *       page path without a query; {@code query} at most 512 of the characters WeChat's URL scheme
 *       takes; {@code envVersion} one of release, trial, develop.
 * </ul>
 * A link's main url stays http(s) only ({@link UrlPolicy}): an app link is a target, never the url.
 */
public final class TargetPolicy {

    /** A URI scheme (RFC 3986) followed by its colon. */
    private static final Pattern SCHEME = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]{0,31}):.+");
    /** Schemes that run code or read local data in a browser, or that are no app's. */
    private static final Set<String> REFUSED_SCHEMES = Set.of("javascript", "vbscript", "data", "file", "blob", "about",
            "filesystem", "view-source", "http", "ftp", "ws", "wss", "mailto", "tel", "sms");
    private static final Pattern APP_ID = Pattern.compile("wx[0-9a-f]{16}");
    private static final Pattern PAGE_PATH = Pattern.compile("[A-Za-z0-9_./-]{1,1024}");
    /** What WeChat's URL scheme documents for the query of a mini-program page. */
    private static final Pattern PAGE_QUERY = Pattern.compile("[A-Za-z0-9!#$&'()*+,/:;=?@._~%-]{1,512}");
    private static final Set<String> ENV_VERSIONS = Set.of("release", "trial", "develop");

    private final UrlPolicy urls;

    public TargetPolicy(UrlPolicy urls) {
        this.urls = urls;
    }

    /** The targets to store; {@link LinkTargets#NONE} for null or an empty object. @throws InvalidRequestException naming the field */
    public LinkTargets validate(DeviceTargets requested) {
        if (requested == null) {
            return LinkTargets.NONE;
        }
        String ios = appOrHttps("targets.ios", requested.ios());
        String android = appOrHttps("targets.android", requested.android());
        String desktop = requested.desktop() == null ? null : web("targets.desktop", requested.desktop());
        LinkTargets.WeChat wechat = requested.wechat() == null ? null : wechat(requested.wechat());
        return LinkTargets.orNone(new LinkTargets(ios, android, desktop, wechat));
    }

    /** True when {@code target} is an app link (a scheme other than http(s)): the redirect then answers with a page that tries it. */
    public static boolean isAppLink(String target) {
        return !(target.regionMatches(true, 0, "https://", 0, 8) || target.regionMatches(true, 0, "http://", 0, 7));
    }

    private String appOrHttps(String field, String value) {
        if (value == null) {
            return null;
        }
        java.util.regex.Matcher scheme = SCHEME.matcher(value);
        if (!scheme.matches()) {
            throw invalid(field, "must be an https URL or an app link such as jdmobile://item/42; got '" + Echo.of(value) + "'");
        }
        String name = scheme.group(1).toLowerCase(Locale.ROOT);
        if (name.equals("https")) {
            return web(field, value);
        }
        if (REFUSED_SCHEMES.contains(name)) {
            throw invalid(field, "scheme '" + Echo.of(name) + "' is not allowed; use an https URL or an app's own scheme");
        }
        if (value.length() > UrlPolicy.MAX_LENGTH) {
            throw invalid(field, "is " + value.length() + " characters long; at most " + UrlPolicy.MAX_LENGTH + " are allowed");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                throw invalid(field, "contains whitespace, a control or a non-ASCII character at position " + i
                        + "; percent-encode it (UTF-8)");
            }
        }
        try {
            new URI(value); // the characters RFC 3986 allows where they are allowed: no < > " { } | \\ ^ `
        } catch (URISyntaxException e) {
            throw invalid(field, "is not a valid URI: " + e.getReason() + " at index " + e.getIndex() + "; percent-encode it");
        }
        webPagesOf(field, value);
        return value;
    }

    /**
     * The web pages an app link opens in a browser ({@link WebLocations}: browser schemes, intents
     * with an http(s) scheme or a fallback URL) are held to the rules of an https target: a phone
     * is sent there without a choice, so https only, and the URL policy as for a link's url.
     */
    private void webPagesOf(String field, String appLink) {
        List<String> pages;
        try {
            pages = WebLocations.of(appLink);
        } catch (InvalidUrlException e) {
            throw invalid(field, "is an Android intent that " + e.getMessage());
        }
        for (String page : pages) {
            if (!page.regionMatches(true, 0, "https://", 0, 8)) {
                throw invalid(field, "opens the web page '" + Echo.of(page) + "' in a browser, which must be an https URL: "
                        + "a phone is sent there without a choice");
            }
            try {
                urls.normalise(page);
            } catch (InvalidRequestException e) {
                String reason = e.getMessage().startsWith("url ") ? e.getMessage().substring(4) : e.getMessage();
                throw invalid(field, "opens the web page '" + Echo.of(page) + "' in a browser, whose url " + reason);
            }
        }
    }

    private String web(String field, String value) {
        try {
            return urls.normalise(value);
        } catch (InvalidRequestException e) {
            // UrlPolicy speaks of "url": say which field, keep the reason.
            throw invalid(field, e.getMessage().startsWith("url ") ? e.getMessage().substring(4) : e.getMessage());
        }
    }

    private static LinkTargets.WeChat wechat(DeviceTargets.MiniProgram w) {
        if (w.appid() == null || w.appid().isEmpty()) {
            throw invalid("targets.wechat.appid", "is required with targets.wechat");
        }
        if (!APP_ID.matcher(w.appid()).matches()) {
            throw invalid("targets.wechat.appid", "must be wx and 16 lower-case hex digits, as the mini-program's settings show it; got '"
                    + Echo.of(w.appid()) + "'");
        }
        if (w.path() != null && !PAGE_PATH.matcher(w.path()).matches()) {
            throw invalid("targets.wechat.path", "must be a page path such as pages/index/index: at most 1024 of letters, digits and "
                    + "_-./, without a query (put that in targets.wechat.query)");
        }
        if (w.query() != null && !PAGE_QUERY.matcher(w.query()).matches()) {
            throw invalid("targets.wechat.query", "must be at most 512 of letters, digits and !#$&'()*+,/:;=?@-._~% (percent-encode "
                    + "anything else)");
        }
        if (w.envVersion() != null && !ENV_VERSIONS.contains(w.envVersion())) {
            throw invalid("targets.wechat.envVersion", "must be release, trial or develop; got '" + Echo.of(w.envVersion()) + "'");
        }
        return new LinkTargets.WeChat(w.appid(), w.path(), w.query(), w.envVersion());
    }

    private static InvalidRequestException invalid(String field, String detail) {
        return new InvalidRequestException("invalid-targets", field + " " + detail);
    }
}
