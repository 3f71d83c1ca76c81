package dev.shortcode.api.problem;

import dev.shortcode.api.error.Echo;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * An RFC 9457 problem detail.
 *
 * @param violatedPolicies for a 429, the rate-limit policies the request exceeded, as named in
 *                         the RateLimit header fields (the extension member of the IETF httpapi
 *                         ratelimit-headers draft); null otherwise
 * @param code             for an {@code external-id-taken} conflict, the code of the link that
 *                         holds the external id; null otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String instance,
        @JsonProperty("violated-policies") List<String> violatedPolicies, String code) {

    /** Every problem passes here: its {@code instance}, the request's path, is cut like any echo of the caller's input. */
    public Problem {
        instance = Echo.path(instance);
    }

    public Problem(String type, String title, int status, String detail, String instance) {
        this(type, title, status, detail, instance, null, null);
    }

    public Problem(String type, String title, int status, String detail, String instance, List<String> violatedPolicies) {
        this(type, title, status, detail, instance, violatedPolicies, null);
    }

    /** Problem types are documented under this URI; the suffix names the kind of problem. */
    public static final String TYPE_BASE = "https://shortcode.dev/problems/";

    public static final String MEDIA_TYPE = "application/problem+json";
}
