package dev.shortcode.loadtest;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The service base URL, e.g. {@code http://127.0.0.1:8080} or {@code http://localhost:8080/prefix}.
 *
 * <p>A load generator pointed at the wrong host is an attack, so only loopback hosts are accepted
 * unless the caller explicitly allows others. The check never resolves a name (no DNS lookup):
 * only {@code localhost}, {@code 127.0.0.0/8} and {@code [::1]} count as loopback.
 */
public record TargetUrl(String host, int port, String basePath) {

    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    public TargetUrl {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--target port must be 1..65535 (was " + port + ")");
        }
        basePath = basePath == null ? "" : basePath.replaceAll("/+$", "");
    }

    public static TargetUrl parse(String text, boolean allowNonLoopback) {
        return parse("--target", text, allowNonLoopback);
    }

    /** @param option the option that gave the URL, named in every refusal */
    public static TargetUrl parse(String option, String text, boolean allowNonLoopback) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(option + " is not a URL: '" + text + "'", e);
        }
        if (!"http".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException(option + " must be an http:// URL (was '" + text + "')");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException(option + " has no host: '" + text + "'");
        }
        if (!allowNonLoopback && !isLoopback(host)) {
            throw new IllegalArgumentException(option + " host " + host
                    + " is not loopback (127.0.0.0/8, localhost, [::1]); pass --allow-non-loopback to load another host");
        }
        if (uri.getQuery() != null || uri.getFragment() != null) {
            throw new IllegalArgumentException(option + " must not carry a query or fragment: '" + text + "'");
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(option + " port must be 1..65535 (was " + port + ")");
        }
        return new TargetUrl(host, port, uri.getRawPath());
    }

    /** Literal check only: a name other than localhost is never treated as loopback. */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")
                || IPV4_LOOPBACK.matcher(h).matches();
    }

    /** The request URI for an API path such as {@code /api/v1/links}. */
    public String uri(String path) {
        return basePath + path;
    }

    /** Host as Vert.x wants it: IPv6 literals without brackets. */
    public String connectHost() {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    @Override
    public String toString() {
        return "http://" + host + ":" + port + basePath;
    }
}
