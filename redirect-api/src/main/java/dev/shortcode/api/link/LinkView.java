package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.time.Instant;

/**
 * A link as the API shows it.
 *
 * @param ttl       the TTL the link asked for ({@code P30D}) or {@code permanent}
 * @param expiresAt when the link expires if nobody uses it from now on; absent for permanent links
 * @param targets   the device targets; absent when the link has none
 * @param disabled  why the link answers 410 instead of redirecting; absent while it redirects
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LinkView(String code, String shortUrl, String url, String ttl, String pool,
        @JsonSerialize(using = InstantText.class) Instant createdAt,
        @JsonSerialize(using = InstantText.class) Instant expiresAt,
        DeviceTargets targets,
        Disabled disabled) {

    /**
     * A link out of service, and who decided: an admin ({@code by} their key id, {@code at}), or a
     * deny-list rule ({@code rule} its id; {@code by}/{@code at} who added the rule, when).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Disabled(String reason, String rule, String by, @JsonSerialize(using = InstantText.class) Instant at) {}

    public LinkView withDisabled(Disabled why) {
        return new LinkView(code, shortUrl, url, ttl, pool, createdAt, expiresAt, targets, why);
    }
}
