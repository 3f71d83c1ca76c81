package dev.shortcode.api.stats;

import dev.shortcode.api.agent.Agent;
import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.api.agent.UserAgents;
import java.util.Locale;
import java.util.Optional;

/**
 * What the flusher makes of a {@link Click}, off the event loop: bot or human, device class,
 * referrer host, QR scan, country.
 *
 * <p>A click is a bot's when the crawler list or the link-preview list knows its User-Agent
 * ({@link UserAgents#classify}), when it is a HEAD request (browsers following a link send GET;
 * HEAD comes from link checkers and unfurlers), or when it has no User-Agent at all: every
 * browser sends one, while scripts, port scanners and some HTTP libraries send none, so counting
 * those as people would inflate the human count (the classifier itself calls a missing UA "not a
 * bot", which is right for its other uses).
 */
final class ClickClassifier {

    /** Referrer host when the request has no Referer (typed, bookmarked, from an app or a QR code). */
    static final String DIRECT = "direct";
    /** Longest host kept; a longer "host" is counted as other. */
    static final int MAX_HOST = 253;

    private final UserAgents agents;
    private final CountryLookup countries;

    ClickClassifier(UserAgents agents, CountryLookup countries) {
        this.agents = agents;
        this.countries = countries;
    }

    /** @param bot      counted as a bot (humans get the breakdowns and the unique-visitor count)
     *  @param referrer the referrer's host, {@link #DIRECT}, or null when the Referer is not a URL with a host */
    record Classified(boolean bot, DeviceClass device, String referrer, boolean qr, Optional<String> country) {}

    Classified classify(Click click) {
        String ua = click.userAgent();
        boolean noAgent = ua == null || ua.isBlank();
        Agent agent = agents.classify(ua);
        boolean bot = click.head() || noAgent || agent.bot();
        Optional<String> country = bot ? Optional.empty() : countries.country(click.ip());
        return new Classified(bot, agent.device(), referrerHost(click.referer()), isQrScan(click.query()), country);
    }

    /** The lower-cased host of a Referer URL; {@link #DIRECT} without one; null when it has no usable host. */
    static String referrerHost(String referer) {
        if (referer == null || referer.isBlank()) {
            return DIRECT;
        }
        int scheme = referer.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        int start = scheme + 3;
        int end = start;
        while (end < referer.length() && "/?#".indexOf(referer.charAt(end)) < 0) {
            end++;
        }
        String authority = referer.substring(start, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        int colon = authority.startsWith("[") ? authority.indexOf(']') + 1 : authority.indexOf(':');
        String host = (colon > 0 ? authority.substring(0, colon) : authority).toLowerCase(Locale.ROOT);
        if (host.isEmpty() || host.length() > MAX_HOST) {
            return null;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_' || c == '[' || c == ']' || c == ':')) {
                return null;
            }
        }
        return host;
    }

    /** Whether the query string has the parameter {@code qr=1} (what a QR code of the link adds to the short URL). */
    static boolean isQrScan(String query) {
        if (query == null || query.isEmpty()) {
            return false;
        }
        for (String parameter : query.split("&", -1)) {
            if (parameter.equals("qr=1")) {
                return true;
            }
        }
        return false;
    }

    static String deviceName(DeviceClass device) {
        return device.name().toLowerCase(Locale.ROOT);
    }
}
