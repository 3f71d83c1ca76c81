package dev.shortcode.loadtest;

/**
 * Distinct long URLs for create requests. Each is unique so a service that de-duplicates cannot
 * turn the create scenario into a cache lookup. The host is example.com (RFC 2606): the tool never
 * contacts it, it is only stored and returned in redirects' Location.
 */
final class UrlSequence {

    private final String prefix;
    private long next;

    UrlSequence(long seed) {
        // Run id keeps URLs of two runs against the same service distinct too.
        this.prefix = "https://example.com/loadtest/" + Long.toHexString(seed) + "-"
                + Long.toHexString(System.currentTimeMillis()) + "/";
    }

    String next() {
        return prefix + next++;
    }
}
