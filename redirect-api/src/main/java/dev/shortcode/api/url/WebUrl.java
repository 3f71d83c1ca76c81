package dev.shortcode.api.url;

import dev.shortcode.api.error.Echo;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An absolute http(s) URL in its canonical form: the form links are stored and redirected in, and
 * the form deny-list prefix rules are written in.
 *
 * <p>Design note: what "the same URL" means here, and why. A deny rule must catch every spelling
 * of what it names that a browser would follow to the same place, or it is a suggestion, not a
 * rule. The browser's own reading is the WHATWG URL standard, so the canonical form follows it
 * where it matters for that:
 * <ul>
 *   <li>the scheme and host are lower case; an internationalised host is its UTS #46 (IDNA 2008,
 *       nontransitional) ASCII form ({@link Idna}), as browsers compute it; an IP host in any
 *       spelling a browser reads ({@code 0x7f.1}, {@code [0:0::1]}) is its canonical address text
 *       ({@link IpHost});
 *   <li>the default port ({@code :443} for https, {@code :80} for http) is dropped, and a port is
 *       written as its number;
 *   <li>dot segments of the path are resolved ({@link DotSegments}), encoded ones included;
 *   <li>characters outside ASCII are percent-encoded as UTF-8 (so the result goes into a
 *       {@code Location} header as it is); what is already percent-encoded stays as written.
 * </ul>
 * That is what a browser sends for the URL, so storing it changes nothing for a visitor. Three
 * spellings that reach the same server are kept as written here, because a browser keeps them
 * too, and are only equated when URLs are compared ({@link UrlKey}): a trailing dot on the host,
 * percent-encoded unreserved characters ({@code %6D} for {@code m}), and an IPv6 address that
 * carries an IPv4 one.
 *
 * <p>Refused, with the reason as a phrase ({@link InvalidUrlException}): schemes other than http
 * and https, a missing host, user information ({@code https://example.com@evil.example/} leads
 * to evil.example), ports outside 1..65535, hosts that are neither a valid domain name nor an
 * address, and what {@link URI} does not parse. What is allowed as a link's target (length,
 * invisible characters, the service's own host, internal addresses) is the link policy's business,
 * not this class's.
 *
 * @param scheme    {@code http} or {@code https}
 * @param givenHost the host as the URL spelled it, for messages
 * @param host      the canonical host
 * @param text   the canonical URL
 */
public record WebUrl(String scheme, String givenHost, UrlHost host, String text) {

    private static final Pattern PORT = Pattern.compile(":[0-9]{1,5}");
    private static final int MAX_PORT = 65_535;

    /**
     * @param raw an absolute URL as given
     * @throws InvalidUrlException saying why it has no canonical form
     */
    public static WebUrl parse(String raw) {
        int schemeEnd = raw.indexOf("://");
        if (schemeEnd <= 0) {
            throw new InvalidUrlException("must be absolute, starting with http:// or https://");
        }
        String scheme = raw.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new InvalidUrlException("scheme '" + Echo.of(scheme) + "' is not allowed; use http or https");
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = Authority.end(raw, authorityStart);
        String authority = raw.substring(authorityStart, authorityEnd);
        if (authority.indexOf('@') >= 0) {
            // Not echoed: what stands before the '@' may be a password.
            throw new InvalidUrlException("holds user information (something@ before the host); https://example.com@evil.com/ "
                    + "leads to evil.com, so such URLs are refused");
        }
        if (authority.startsWith("[") && authority.indexOf(']') < 0) {
            throw new InvalidUrlException("has an unterminated IPv6 host");
        }
        String[] hostAndPort = Authority.split(authority);
        String hostText = hostAndPort[0];
        String port = hostAndPort[1];
        if (hostText.isEmpty()) {
            throw new InvalidUrlException("has no host");
        }
        int portNumber = -1;
        if (!port.isEmpty()) {
            portNumber = PORT.matcher(port).matches() ? Integer.parseInt(port.substring(1)) : 0;
            if (portNumber < 1 || portNumber > MAX_PORT) {
                throw new InvalidUrlException("has an invalid port '" + Echo.of(port.substring(Math.min(1, port.length())))
                        + "'; ports run from 1 to " + MAX_PORT);
            }
        }
        UrlHost host = UrlHost.parse(hostText);
        String origin = scheme + "://" + host.text() + (portNumber < 0 || portNumber == defaultPort(scheme) ? "" : ":" + portNumber);
        String url;
        if (host.ip() == null && PlainUri.isHostname(host.text()) && PlainUri.isPlainRest(raw, authorityEnd)) {
            url = origin + raw.substring(authorityEnd); // what URI would give, unparsed
        } else {
            try {
                URI uri = new URI(origin + raw.substring(authorityEnd));
                if (uri.getHost() == null) {
                    throw new InvalidUrlException("host '" + Echo.of(hostText) + "' is not a valid host name");
                }
                url = uri.toASCIIString(); // percent-encodes non-ASCII characters as UTF-8; the rest stays as given
            } catch (URISyntaxException e) {
                throw new InvalidUrlException("is not a valid URI: " + e.getReason() + " at index " + e.getIndex());
            }
        }
        return new WebUrl(scheme, hostText, host, withoutDotSegments(url, origin.length()));
    }

    /** {@code 443} for https, {@code 80} for http. */
    static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    /** {@code url} with the dot segments of the path that starts at {@code pathStart} resolved. */
    private static String withoutDotSegments(String url, int pathStart) {
        int pathEnd = pathStart;
        while (pathEnd < url.length() && url.charAt(pathEnd) != '?' && url.charAt(pathEnd) != '#') {
            pathEnd++;
        }
        String path = url.substring(pathStart, pathEnd);
        if (!DotSegments.mayHave(path)) {
            return url;
        }
        return url.substring(0, pathStart) + DotSegments.remove(path) + url.substring(pathEnd);
    }

    @Override
    public String toString() {
        return text;
    }
}
