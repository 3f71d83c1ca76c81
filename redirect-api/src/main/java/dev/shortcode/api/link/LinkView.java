package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A link as the API shows it.
 *
 * @param ttl       the TTL the link asked for ({@code P30D}) or {@code permanent}
 * @param expiresAt when the link expires if nobody uses it from now on; absent for permanent links
 * @param targets   the device targets; absent when the link has none
 * @param disabled  why the link answers 410 instead of redirecting; absent while it redirects
 * @param status    only in listings: {@code live}, {@code expired} or {@code disabled}
 * @param domain    the branded domain that serves it; absent for the default domain
 * @param forwardQuery whether the short URL's query goes on to the target; absent: the service's default
 * @param validFrom    before it the link answers 404; absent: always valid
 * @param validUntil   from it the link is over; absent: never
 * @param expiredUrl   where visitors go once it is over; absent: a 410 page
 * @param split        the weighted variants of the url; absent: none
 * @param rules        the conditional targets, in order; absent: none
 * @param maxClicks    how many human clicks it serves; absent: no limit
 * @param passwordProtected true when visitors must give a password; absent otherwise (the password is never shown)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "A short link")
public record LinkView(
        @Schema(description = "The short code, issued or the alias", required = true, examples = "4kT0x9") String code,
        @Schema(description = "The short URL to hand out", required = true, examples = "https://sho.rt/4kT0x9") String shortUrl,
        @Schema(description = "The long URL it redirects to", required = true, examples = "https://example.com/spring-sale") String url,
        @Schema(description = "The TTL the link asked for, or permanent", required = true, examples = "P30D") String ttl,
        @Schema(description = "The pool that issued its code", required = true, examples = "medium") String pool,
        @Schema(required = true) @JsonSerialize(using = InstantText.class) Instant createdAt,
        @Schema(description = "When it expires if nobody visits it from now on; absent for permanent links")
        @JsonSerialize(using = InstantText.class) Instant expiresAt,
        DeviceTargets targets,
        Disabled disabled,
        @Schema(description = "The title; absent when none") String title,
        @Schema(description = "The tags; absent when none") List<String> tags,
        @Schema(description = "Your own id for the link; absent when none") String externalId,
        @Schema(description = "In a listing: live, expired or disabled", enumeration = {"live", "expired", "disabled"}) String status,
        @Schema(description = "The branded domain that serves it; absent for the default domain", examples = "go.example.com") String domain,
        @Schema(description = "Whether the short URL's query is added to the target's; absent: the service's default") Boolean forwardQuery,
        @Schema(description = "Before this the link answers 404") @JsonSerialize(using = InstantText.class) Instant validFrom,
        @Schema(description = "From this the link is over: expiredUrl or 410") @JsonSerialize(using = InstantText.class) Instant validUntil,
        @Schema(description = "Where visitors go after validUntil") String expiredUrl,
        @Schema(description = "The weighted variants of the url; absent: none") List<SplitVariant> split,
        @Schema(description = "The conditional targets, first match wins; absent: none") List<RoutingRule> rules,
        @Schema(description = "True when visitors must give a password first; absent otherwise") Boolean passwordProtected,
        @Schema(description = "How many human clicks it serves before it is over; absent: no limit") Long maxClicks) {

    /**
     * A link out of service, and who decided: an admin ({@code by} their key id, {@code at}), or a
     * deny-list rule ({@code rule} its id; {@code by}/{@code at} who added the rule, when).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Disabled(String reason, String rule, String by, @JsonSerialize(using = InstantText.class) Instant at) {}

    /** A link without title, tags, external id or status. */
    public LinkView(String code, String shortUrl, String url, String ttl, String pool, Instant createdAt, Instant expiresAt,
            DeviceTargets targets, Disabled disabled) {
        this(code, shortUrl, url, ttl, pool, createdAt, expiresAt, targets, disabled, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    /** Whether it shows more than the fields every link has: targets, metadata, routing, a status. */
    public boolean hasExtras() {
        return targets != null || disabled != null || title != null || tags != null || externalId != null || status != null || domain != null
                || forwardQuery != null || validFrom != null || validUntil != null || expiredUrl != null || split != null || rules != null
                || passwordProtected != null || maxClicks != null;
    }

    public LinkView withDisabled(Disabled why) {
        return new LinkView(code, shortUrl, url, ttl, pool, createdAt, expiresAt, targets, why, title, tags, externalId, status, domain, forwardQuery, validFrom, validUntil, expiredUrl,
                split, rules, passwordProtected, maxClicks);
    }

    /** The view as a listing shows it: with its status, and no expiry once expired. */
    public LinkView withStatus(String newStatus) {
        return new LinkView(code, shortUrl, url, ttl, pool, createdAt, "expired".equals(newStatus) ? null : expiresAt, targets, disabled,
                title, tags, externalId, newStatus, domain, forwardQuery, validFrom, validUntil, expiredUrl, split, rules,
                passwordProtected, maxClicks);
    }
}
