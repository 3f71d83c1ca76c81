package dev.shortcode.api.problem;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An RFC 9457 problem detail. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String instance) {

    /** Problem types are documented under this URI; the suffix names the kind of problem. */
    public static final String TYPE_BASE = "https://shortcode.dev/problems/";

    public static final String MEDIA_TYPE = "application/problem+json";
}
