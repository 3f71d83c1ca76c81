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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LinkView(String code, String shortUrl, String url, String ttl, String pool,
        @JsonSerialize(using = InstantText.class) Instant createdAt,
        @JsonSerialize(using = InstantText.class) Instant expiresAt,
        DeviceTargets targets) {}
