package dev.shortcode.api.url;

/** Where an absolute URL's authority ends, and its host and port, as {@link WebUrl} and {@link UrlKey} both read them. */
final class Authority {

    private Authority() {}

    /** The index of the first '/', '?' or '#' at or after {@code start}, or the URL's length. */
    static int end(String url, int start) {
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return end;
    }

    /** An authority's host (IPv6 with its brackets; unterminated, the whole authority) and port text (with its colon, or empty). */
    static String[] split(String authority) {
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            return close < 0 ? new String[] {authority, ""} : new String[] {authority.substring(0, close + 1), authority.substring(close + 1)};
        }
        int colon = authority.lastIndexOf(':');
        return colon >= 0 ? new String[] {authority.substring(0, colon), authority.substring(colon)} : new String[] {authority, ""};
    }
}
