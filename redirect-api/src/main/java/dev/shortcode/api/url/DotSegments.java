package dev.shortcode.api.url;

import java.util.ArrayList;
import java.util.List;

/**
 * Removes a URL path's dot segments the way the WHATWG URL standard's path parser does for http
 * and https: {@code .} and {@code ..} and their percent-encoded spellings ({@code %2e},
 * {@code .%2E}, {@code %2e%2e}, any case) are steps, not names, so {@code /a/../evil/} is
 * {@code /evil/} and {@code /a/%2e%2e/evil/} is too; a {@code ..} at the root stays at the root;
 * a dot segment at the end leaves a trailing slash. A browser does this before it asks the server,
 * so a URL that still has dot segments is another spelling of the one without them.
 */
final class DotSegments {

    private DotSegments() {}

    /** Whether {@code path} may hold a dot segment: a quick test that lets most paths skip {@link #remove}. */
    static boolean mayHave(String path) {
        return path.contains("/.") || (path.indexOf("%2") >= 0 && containsEncodedDot(path));
    }

    /** @param path an absolute path ({@code /…}, no query or fragment); the empty path stays empty */
    static String remove(String path) {
        if (path.isEmpty() || !mayHave(path)) {
            return path;
        }
        List<String> out = new ArrayList<>();
        String[] segments = path.substring(1).split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (isDoubleDot(segment)) {
                if (!out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                if (last) {
                    out.add("");
                }
            } else if (isSingleDot(segment)) {
                if (last) {
                    out.add("");
                }
            } else {
                out.add(segment);
            }
        }
        return "/" + String.join("/", out);
    }

    private static boolean containsEncodedDot(String path) {
        for (int i = path.indexOf("%2"); i >= 0; i = path.indexOf("%2", i + 1)) {
            if (i + 2 < path.length() && (path.charAt(i + 2) == 'e' || path.charAt(i + 2) == 'E')) {
                return true;
            }
        }
        return false;
    }

    static boolean isSingleDot(String s) {
        return s.equals(".") || s.equalsIgnoreCase("%2e");
    }

    static boolean isDoubleDot(String s) {
        return switch (s.length()) {
            case 2 -> s.equals("..");
            case 4 -> s.regionMatches(true, 0, ".%2e", 0, 4) || s.regionMatches(true, 0, "%2e.", 0, 4);
            case 6 -> s.equalsIgnoreCase("%2e%2e");
            default -> false;
        };
    }
}
