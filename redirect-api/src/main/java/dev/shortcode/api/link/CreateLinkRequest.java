package dev.shortcode.api.link;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of a create: {@code url} required, {@code ttl}, {@code alias} and {@code targets} optional. */
@Schema(description = "A link to create")
public record CreateLinkRequest(
        @Schema(description = "The long URL: http(s), at most 2,048 characters", required = true,
                examples = "https://example.com/spring-sale?utm_source=sms") String url,
        @Schema(description = "How long the link lives without a visit: an ISO-8601 duration, or permanent; "
                + "absent: the configured default", examples = "P30D") String ttl,
        @Schema(description = "The short code to use instead of an issued one: 3 to 64 of [A-Za-z0-9_-]",
                examples = "spring-sale") String alias,
        DeviceTargets targets) {

    /** A create without device targets. */
    public CreateLinkRequest(String url, String ttl, String alias) {
        this(url, ttl, alias, null);
    }
}
