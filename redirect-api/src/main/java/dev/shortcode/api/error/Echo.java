package dev.shortcode.api.error;

/**
 * A value from the request as a problem's detail quotes it: at most {@link #MAX} characters
 * (code points, so a pair is never cut in half), then "…". A client that sends a megabyte in a
 * field must not get it back, nor fill logs and proxies with it.
 */
public final class Echo {

    public static final int MAX = 64;

    private Echo() {}

    public static String of(String value) {
        return of(value, MAX);
    }

    /**
     * A request path as a problem's {@code instance} quotes it: each segment cut like a value
     * (a path may carry a code or id of any length), the slashes kept.
     */
    public static String path(String path) {
        if (path == null || path.length() <= MAX) {
            return path;
        }
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            segments[i] = of(segments[i]);
        }
        return String.join("/", segments);
    }

    /** At most {@code max} code points of {@code value}, then "…": for messages that quote a value themselves. */
    public static String of(String value, int max) {
        if (value == null) {
            return "null";
        }
        if (value.length() <= max || value.codePointCount(0, value.length()) <= max) {
            return value;
        }
        return value.substring(0, value.offsetByCodePoints(0, max)) + "…";
    }
}
