package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An RFC 9457 problem as the service answers it ({@code application/problem+json}); {@code type}
 * is what a caller branches on, e.g. {@code https://shortcode.dev/problems/not-found}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Problem(String type, String title, int status, String detail) {

    /** The last segment of {@code type}: {@code not-found}, {@code alias-taken}, … */
    public String name() {
        if (type == null) {
            return "";
        }
        int slash = type.lastIndexOf('/');
        int colon = type.lastIndexOf(':');
        return type.substring(Math.max(slash, colon) + 1);
    }

    @Override
    public String toString() {
        return status + " " + (title == null ? "" : title) + (detail == null ? "" : ": " + detail);
    }
}
