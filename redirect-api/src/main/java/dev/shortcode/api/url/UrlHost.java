package dev.shortcode.api.url;

import dev.shortcode.api.error.Echo;
import java.util.Locale;

/**
 * A URL's host in its canonical text: a domain name in lower-case ASCII (UTS #46, {@link Idna}),
 * one trailing dot kept as written; or an IP address in its canonical spelling ({@link IpHost}),
 * IPv6 in brackets. Links and deny-list rules get their hosts here, so both name a host alike.
 *
 * @param text the canonical text, as a URL holds it
 * @param ip   the address, or {@code null} for a domain name
 */
public record UrlHost(String text, IpHost ip) {

    /**
     * @param host a host as it stands in a URL (IPv6 in brackets), any case, Unicode or ASCII
     * @throws InvalidUrlException saying why it is not a host
     */
    public static UrlHost parse(String host) {
        if (host.isEmpty()) {
            throw new InvalidUrlException("has no host");
        }
        String ascii;
        try {
            ascii = host.startsWith("[") ? host.toLowerCase(Locale.ROOT) : Idna.toAscii(host);
        } catch (IllegalArgumentException e) {
            throw new InvalidUrlException("host '" + Echo.of(host) + "' is not a valid domain name: " + Echo.of(e.getMessage()));
        }
        if (ascii.isEmpty() || ascii.startsWith(".") || ascii.contains("..") || (!ascii.startsWith("[") && !isDomainText(ascii))) {
            throw new InvalidUrlException("host '" + Echo.of(host) + "' is not a valid domain name");
        }
        IpHost ip;
        try {
            ip = IpHost.parse(ascii);
        } catch (IllegalArgumentException e) {
            throw new InvalidUrlException("host '" + Echo.of(host) + "' is not a valid address: " + e.getMessage());
        }
        return new UrlHost(ip != null ? ip.canonical() : ascii, ip);
    }

    /**
     * A host as configured or typed outside a URL (a deny rule, the service's own host): as
     * {@link #parse}, and a bare IPv6 address ({@code 2001:db8::1}) is read as if bracketed.
     */
    public static UrlHost parseBare(String host) {
        return parse(host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host);
    }

    /** The name without its trailing dot, or the address's canonical text: both reach the same server. */
    public String bare() {
        return ip == null && text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * The host as deny-list rules and links are compared: {@link #bare}, except that an IPv6
     * address that carries an IPv4 one ({@link IpHost#carriedIpv4}) is that IPv4 address, since
     * connecting to it reaches that address.
     */
    public String key() {
        IpHost carried = ip == null ? null : ip.carriedIpv4();
        return carried != null ? carried.canonical() : bare();
    }

    /**
     * Only letters, digits, '-', '_' and '.': what UTS #46 makes of a host may hold more, e.g. '/'
     * from a fullwidth solidus (U+FF0F), which a browser refuses in a host and which would move the
     * rest of the host into the path here.
     */
    private static boolean isDomainText(String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            char c = ascii.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
