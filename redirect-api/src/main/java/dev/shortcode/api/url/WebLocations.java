package dev.shortcode.api.url;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The web pages a device target can open, as written in it: an http(s) target is one; an app link
 * is none, unless it is one of the documented ways to open a web page in a browser app, which
 * name the page in a way of their own. Every such page must be held to the rules a link's url is
 * held to (the URL policy at create, the deny-list at create and at every redirect), or the app
 * link is a way around them.
 * <ul>
 *   <li>A browser's own schemes for http and https, the rest of the URL as it is:
 *       {@code x-safari-http(s)} (Safari, iOS 17), {@code googlechrome(s)} (Chrome for iOS),
 *       {@code opera-http(s)} (Opera Mini), {@code touch-http(s)} (Opera Touch),
 *       {@code microsoft-edge-http(s)} (Edge for iOS), {@code onionhttp(s)} (Onion Browser).
 *   <li>A scheme followed by the URL: {@code microsoft-edge:https://…} (Edge, and the browsers that
 *       honour it), {@code ddgQuickLink://…} (DuckDuckGo), {@code yandexbrowser-open-url://…}
 *       (Yandex, the URL percent-encoded).
 *   <li>The URL as the {@code url} query parameter, percent-encoded: {@code firefox://open-url?url=},
 *       {@code firefox-focus://}, {@code firefox-klar://}, {@code brave://open-url?url=},
 *       {@code googlechrome://navigate?url=} (Chrome for Android),
 *       {@code googlechrome-x-callback://x-callback-url/open/?url=} (Chrome for iOS).
 *   <li>Android intents, read as {@code Intent.parseUri} reads them: {@code intent:DATA#Intent;…;end}
 *       whose data, with its {@code scheme=} in front, is an http(s) URL
 *       ({@code intent://host/path#Intent;scheme=https;end} opens {@code https://host/path}), and
 *       the {@code S.browser_fallback_url} extra Chrome opens when no app takes the intent;
 *       {@code android-app://package/https/host/path} the same way.
 * </ul>
 * A URL without a scheme where one is expected ({@code ddgQuickLink://example.com/}) is read as
 * {@code http://}, which a browser would also try. Intents whose reading is ambiguous (a second
 * {@code scheme=}, {@code #Intent;} before another {@code #}, no {@code ;end}) are refused
 * ({@link InvalidUrlException}) rather than guessed at.
 */
public final class WebLocations {

    /** Browser schemes that stand for http or https. */
    private static final Map<String, String> WEB_SCHEMES = Map.ofEntries(
            Map.entry("x-safari-http", "http"), Map.entry("x-safari-https", "https"),
            Map.entry("googlechrome", "http"), Map.entry("googlechromes", "https"),
            Map.entry("opera-http", "http"), Map.entry("opera-https", "https"),
            Map.entry("touch-http", "http"), Map.entry("touch-https", "https"),
            Map.entry("microsoft-edge-http", "http"), Map.entry("microsoft-edge-https", "https"),
            Map.entry("onionhttp", "http"), Map.entry("onionhttps", "https"));
    /** Schemes followed by the URL itself; the value says whether it is percent-encoded. */
    private static final Map<String, Boolean> WRAPPING_SCHEMES = Map.of("microsoft-edge", false, "ddgquicklink", false,
            "yandexbrowser-open-url", true);
    /** Schemes that take the URL as their {@code url} query parameter. */
    private static final Set<String> URL_PARAMETER_SCHEMES = Set.of("firefox", "firefox-focus", "firefox-klar", "brave",
            "googlechrome", "googlechrome-x-callback");
    private static final Pattern HAS_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*", Pattern.DOTALL);
    private static final String INTENT_FRAGMENT = "#Intent;";

    private WebLocations() {}

    /**
     * @param target a device target as stored or requested (an absolute URI)
     * @return the web pages it opens, as absolute URLs not yet canonical; empty for an app link that opens none
     * @throws InvalidUrlException when it is an intent that cannot be read without guessing
     */
    public static List<String> of(String target) {
        int colon = target.indexOf(':');
        if (colon <= 0) {
            return List.of();
        }
        String scheme = target.substring(0, colon).toLowerCase(Locale.ROOT);
        if (scheme.equals("http") || scheme.equals("https")) {
            return List.of(target);
        }
        List<String> pages = new ArrayList<>(1);
        String web = WEB_SCHEMES.get(scheme);
        if (web != null) {
            pages.add(web + target.substring(colon));
        }
        Boolean encoded = WRAPPING_SCHEMES.get(scheme);
        if (encoded != null) {
            String rest = target.substring(colon + 1);
            rest = encoded ? percentDecode(rest) : rest;
            String unslashed = rest.startsWith("//") ? rest.substring(2) : rest;
            pages.add(HAS_SCHEME.matcher(unslashed).matches() ? unslashed : absolute(rest));
        }
        if (URL_PARAMETER_SCHEMES.contains(scheme)) {
            urlParameters(target, pages);
        }
        if (scheme.equals("intent") || scheme.equals("android-app")) {
            intent(target, scheme, colon, pages);
        }
        return pages;
    }

    /**
     * The pages {@code target} opens as canonical URLs ({@link WebUrl}), to compare with the
     * deny-list; a stored http(s) target is canonical already and is returned as it is. What has no
     * canonical form is left out: the link policy refuses such targets when a link is made, and an
     * intent Android cannot read opens nothing.
     */
    public static List<String> canonical(String target) {
        if (target.regionMatches(true, 0, "https://", 0, 8) || target.regionMatches(true, 0, "http://", 0, 7)) {
            return List.of(target);
        }
        List<String> pages;
        try {
            pages = of(target);
        } catch (InvalidUrlException e) {
            return List.of();
        }
        List<String> canonical = new ArrayList<>(pages.size());
        for (String page : pages) {
            try {
                canonical.add(WebUrl.parse(page).text());
            } catch (InvalidUrlException e) {
                // not a page a browser could be sent to as written; nothing to compare
            }
        }
        return canonical;
    }

    /** Every {@code url=} value of the query, decoded. */
    private static void urlParameters(String target, List<String> pages) {
        int query = target.indexOf('?');
        if (query < 0) {
            return;
        }
        int end = target.indexOf('#', query);
        for (String parameter : target.substring(query + 1, end < 0 ? target.length() : end).split("&")) {
            if (parameter.regionMatches(true, 0, "url=", 0, 4)) {
                pages.add(absolute(percentDecode(parameter.substring(4))));
            }
        }
    }

    /** An intent's data when it is an http(s) URL, and its browser fallback URL. */
    private static void intent(String target, String scheme, int colon, List<String> pages) {
        int hash = target.lastIndexOf('#');
        boolean hasFields = hash >= 0 && target.startsWith(INTENT_FRAGMENT, hash);
        if (!hasFields && target.contains(INTENT_FRAGMENT)) {
            throw new InvalidUrlException("has '" + INTENT_FRAGMENT + "' before another '#'; Android reads the fields after the last '#' only");
        }
        String data = hasFields ? target.substring(0, hash) : target;
        String dataScheme = null;
        if (hasFields) {
            int at = hash + INTENT_FRAGMENT.length();
            while (!target.startsWith("end", at)) {
                int semi = target.indexOf(';', at);
                if (semi < 0) {
                    throw new InvalidUrlException("must end its fields with ';end'");
                }
                String field = target.substring(at, semi);
                int eq = field.indexOf('=');
                String value = eq < 0 ? "" : percentDecode(field.substring(eq + 1));
                if (field.startsWith("scheme=")) {
                    if (dataScheme != null) {
                        throw new InvalidUrlException("names 'scheme=' twice; say it once");
                    }
                    dataScheme = value;
                } else if (field.startsWith("S.") && eq > 2 && percentDecode(field.substring(2, eq)).equals("browser_fallback_url")) {
                    pages.add(absolute(value));
                }
                at = semi + 1;
            }
        }
        String location;
        if (scheme.equals("intent")) {
            String rest = data.substring(colon + 1);
            location = dataScheme != null ? dataScheme + ":" + rest : rest;
        } else {
            location = androidAppData(data);
        }
        if (location != null && (location.regionMatches(true, 0, "http:", 0, 5) || location.regionMatches(true, 0, "https:", 0, 6))) {
            pages.add(location);
        }
    }

    /** {@code android-app://package/scheme/host/path} as {@code scheme://host/path}; null when it names no scheme. */
    private static String androidAppData(String data) {
        if (!data.regionMatches(true, 0, "android-app://", 0, 14)) {
            return null;
        }
        int packageEnd = data.indexOf('/', 14);
        int schemeEnd = packageEnd < 0 ? -1 : data.indexOf('/', packageEnd + 1);
        return schemeEnd < 0 ? null : data.substring(packageEnd + 1, schemeEnd) + "://" + data.substring(schemeEnd + 1);
    }

    /** {@code value} when it has a scheme; else {@code http://} and it, without leading slashes. */
    private static String absolute(String value) {
        if (HAS_SCHEME.matcher(value).matches()) {
            return value;
        }
        String bare = value;
        while (bare.startsWith("/")) {
            bare = bare.substring(1);
        }
        return "http://" + bare;
    }

    /** {@code %XX} escapes decoded as UTF-8; a '%' not followed by two hex digits stays. */
    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0) {
                bytes.write(Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
                i += 2;
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
