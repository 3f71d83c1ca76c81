package dev.shortcode.api.url;

import java.util.Locale;

/**
 * The form in which deny-list rules and links are compared: a canonical URL ({@link WebUrl}) with
 * the spellings it keeps, though they reach the same resource, made one (see the design note
 * there): the host's trailing dot dropped, an IPv6 host that carries an IPv4 address written as
 * that address ({@link UrlHost#key}), the default port dropped, the path's dot segments resolved
 * and an empty path made {@code /}, percent-encoded unreserved characters ({@code A-Z a-z 0-9 - . _ ~},
 * RFC 3986 section 6.2.2.2) decoded and the hex digits of the other escapes made upper case.
 *
 * <p>Total: it takes any stored URL (those stored before the canonical form existed too, with
 * {@code :443} or dot segments) and never throws; what it cannot read it returns unchanged. Most
 * stored URLs are their own key, found by one scan, which matters because the redirect asks for
 * one per visit while the deny-list has rules.
 */
public final class UrlKey {

    private UrlKey() {}

    /** The key of {@code url}, an absolute URL as stored or as written in a rule. */
    public static String of(String url) {
        int schemeEnd = url.indexOf("://");
        if (schemeEnd <= 0) {
            return url;
        }
        int hostStart = schemeEnd + 3;
        int authorityEnd = Authority.end(url, hostStart);
        int pathEnd = authorityEnd;
        while (pathEnd < url.length() && url.charAt(pathEnd) != '?' && url.charAt(pathEnd) != '#') {
            pathEnd++;
        }
        String authority = url.substring(hostStart, authorityEnd);
        String path = url.substring(authorityEnd, pathEnd);
        boolean plain = authority.indexOf(':') < 0 && !authority.endsWith(".") && isLowerCase(url, authorityEnd) && !path.isEmpty()
                && !DotSegments.mayHave(path) && url.indexOf('%', authorityEnd) < 0;
        if (plain) {
            return url; // the common case: nothing to make one
        }
        String scheme = url.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        String[] hostAndPort = Authority.split(authority);
        String host = hostKey(hostAndPort[0]);
        if (host == null) {
            return url;
        }
        String port = hostAndPort[1];
        if (port.length() > 1 && port.length() <= 6 && port.substring(1).chars().allMatch(c -> c >= '0' && c <= '9')) {
            int number = Integer.parseInt(port.substring(1));
            port = number == WebUrl.defaultPort(scheme) ? "" : ":" + number;
        }
        String decodedPath = decodeUnreserved(path);
        String keyPath = decodedPath.isEmpty() ? "/" : DotSegments.remove(decodedPath);
        return scheme + "://" + host + port + keyPath + decodeUnreserved(url.substring(pathEnd));
    }

    /** Whether the scheme and authority, before {@code end}, hold no upper-case letter (stored URLs hold none). */
    private static boolean isLowerCase(String url, int end) {
        for (int i = 0; i < end; i++) {
            char c = url.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return false;
            }
        }
        return true;
    }

    /** The host of {@code url} as {@link UrlHost#key} gives it, or {@code null} when it has none that can be read. */
    public static String hostOf(String url) {
        int schemeEnd = url.indexOf("://");
        if (schemeEnd <= 0) {
            return null;
        }
        return hostKey(Authority.split(url.substring(schemeEnd + 3, Authority.end(url, schemeEnd + 3)))[0]);
    }

    /** A host's key ({@link UrlHost#key}); null when it is an address that cannot be read. */
    private static String hostKey(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        if (lower.startsWith("[") || IpHost.endsInANumber(lower)) {
            try {
                return UrlHost.parse(lower).key();
            } catch (InvalidUrlException e) {
                return null;
            }
        }
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    /** Percent-encoded unreserved characters decoded; the hex digits of every other escape in upper case. */
    static String decodeUnreserved(String s) {
        int percent = s.indexOf('%');
        if (percent < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        out.append(s, 0, percent);
        for (int i = percent; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                char decoded = (char) (hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                if (isUnreserved(decoded)) {
                    out.append(decoded);
                } else {
                    out.append('%').append(Character.toUpperCase(s.charAt(i + 1))).append(Character.toUpperCase(s.charAt(i + 2)));
                }
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    }

    private static int hex(char c) {
        return Character.digit(c, 16) >= 0 && c < 0x80 ? Character.digit(c, 16) : -1;
    }
}
