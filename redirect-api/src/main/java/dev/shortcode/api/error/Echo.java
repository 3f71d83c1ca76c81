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
