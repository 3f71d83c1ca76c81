package dev.shortcode.api.page;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The headers of the service's own HTML pages. Each page's style and script are constants
 * ({@code <style>} and {@code <script>} texts that never contain a link's values: those travel in
 * escaped attributes), so the Content-Security-Policy can name them by their SHA-256 and allow
 * nothing else: no other script, no external resource, no form, no framing, no base URL.
 */
public final class PageHeaders {

    private PageHeaders() {}

    /** The CSP source {@code 'sha256-…'} of an inline element's exact text. */
    public static String hashSource(String inlineText) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(inlineText.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * The policy for a page with one inline style and, when {@code script} is not null, one inline
     * script: {@code default-src 'none'} and only those two allowed.
     */
    public static String policy(String style, String script) {
        return "default-src 'none'; style-src " + hashSource(style) + (script == null ? "" : "; script-src " + hashSource(script))
                + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    }

    /** Writes a page: HTML type, the page's policy, no sniffing, no referrer, not stored by shared caches. */
    public static void write(HttpServerResponse response, int status, String policy, String html) {
        write(response, status, policy, html, "private, max-age=0");
    }

    /** {@link #write(HttpServerResponse, int, String, String)} with the page's own Cache-Control. */
    public static void write(HttpServerResponse response, int status, String policy, String html, String cacheControl) {
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                .putHeader("Content-Security-Policy", policy)
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Referrer-Policy", "no-referrer")
                .putHeader(HttpHeaders.CACHE_CONTROL, cacheControl)
                .end(html);
    }
}
