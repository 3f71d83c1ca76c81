package dev.shortcode.api.url;

/**
 * Recognises the URLs that {@link java.net.URI} would take exactly as written, so that
 * {@link WebUrl} can skip parsing them a second time: a host name of letters, digits and inner
 * hyphens, and a path, query and fragment of ASCII characters that {@code URI} allows there
 * unquoted. Conservative: when it says yes, {@code new URI(url)} parses with that host and
 * {@code toASCIIString()} returns the URL unchanged (a differential test holds it to this); when it
 * says no, the caller asks {@code URI}, with its own checks and messages.
 *
 * <p>The character classes are RFC 2396's as {@code URI} implements them: a path character is
 * unreserved ({@code A-Z a-z 0-9 - _ . ! ~ * ' ( )}), an escape ({@code %} and two hex digits) or
 * one of {@code : @ & = + $ , ; /}; a query or fragment character is unreserved, an escape or one
 * of {@code ; / ? : @ & = + $ , [ ]}. In the benchmarks' bulk stream, parsing the URL again took a
 * tenth of the event loop's time per link.
 */
final class PlainUri {

    private static final boolean[] PATH = new boolean[128];
    private static final boolean[] URIC = new boolean[128];

    static {
        String unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()";
        for (char c : (unreserved + ":@&=+$,;/").toCharArray()) {
            PATH[c] = true;
        }
        for (char c : (unreserved + ";/?:@&=+$,[]").toCharArray()) {
            URIC[c] = true;
        }
    }

    private PlainUri() {}

    /**
     * A host name as {@code URI} parses a server's host: dot-separated labels of lower-case letters
     * and digits with hyphens inside, an optional trailing dot, and, when there are several labels,
     * a last one that starts with a letter.
     */
    static boolean isHostname(String host) {
        int n = host.length();
        int end = n > 0 && host.charAt(n - 1) == '.' ? n - 1 : n;
        if (end == 0) {
            return false;
        }
        int labelStart = 0;
        for (int i = 0; i <= end; i++) {
            char c = i < end ? host.charAt(i) : '.';
            if (c == '.') {
                if (i == labelStart || host.charAt(i - 1) == '-') {
                    return false; // empty, or ends with a hyphen
                }
                if (i == end && labelStart > 0 && !isLowerLetter(host.charAt(labelStart))) {
                    return false; // the last of several labels must start with a letter
                }
                labelStart = i + 1;
            } else if (c == '-') {
                if (i == labelStart) {
                    return false;
                }
            } else if (!isLowerLetter(c) && !(c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code url} from {@code from} on (a path, then an optional query and fragment) needs no parsing. */
    static boolean isPlainRest(String url, int from) {
        boolean[] allowed = PATH;
        boolean inFragment = false;
        for (int i = from; i < url.length(); ) {
            char c = url.charAt(i);
            if ((c == '?' && allowed == PATH) || (c == '#' && !inFragment)) {
                allowed = URIC; // the query, or the fragment (a second '#' is refused below)
                inFragment = c == '#';
                i++;
                continue;
            }
            if (!allowed(url, i, allowed)) {
                return false;
            }
            i += c == '%' ? 3 : 1;
        }
        return true;
    }

    private static boolean allowed(String url, int i, boolean[] set) {
        char c = url.charAt(i);
        if (c == '%') {
            return i + 2 < url.length() && isHex(url.charAt(i + 1)) && isHex(url.charAt(i + 2));
        }
        return c < 128 && set[c];
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isLowerLetter(char c) {
        return c >= 'a' && c <= 'z';
    }
}
