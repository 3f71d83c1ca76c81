package dev.shortcode.api.redirect;

/**
 * The short URL's query string added to a target's: the target's own parameters kept as they
 * are, the visitor's appended after them, in their order, as they came (already percent-encoded
 * by the browser); the QR marker {@code qr=1} is the service's own and is not passed on. A
 * fragment stays last. Nothing is decoded, so nothing can be re-encoded differently.
 */
final class QueryForwarding {

    static final String QR_MARKER = "qr=1";

    private QueryForwarding() {}

    /** {@code target} with {@code query} (the request's raw query, without {@code ?}; null for none) merged in. */
    static String merge(String target, String query) {
        String visitor = withoutMarker(query);
        if (visitor.isEmpty()) {
            return target;
        }
        int hash = target.indexOf('#');
        String base = hash < 0 ? target : target.substring(0, hash);
        String fragment = hash < 0 ? "" : target.substring(hash);
        char joiner = base.indexOf('?') < 0 ? '?' : base.endsWith("?") || base.endsWith("&") ? '\0' : '&';
        return base + (joiner == '\0' ? "" : String.valueOf(joiner)) + visitor + fragment;
    }

    /** The query's parameters but {@code qr=1}, joined again; empty when none is left. */
    static String withoutMarker(String query) {
        if (query == null || query.isEmpty()) {
            return "";
        }
        StringBuilder kept = new StringBuilder(query.length());
        for (String part : query.split("&")) {
            if (part.isEmpty() || part.equals(QR_MARKER)) {
                continue;
            }
            if (!kept.isEmpty()) {
                kept.append('&');
            }
            kept.append(part);
        }
        return kept.toString();
    }
}
