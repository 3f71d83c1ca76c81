package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of a PATCH: every field may be absent, and an absent field is left as it is. Not a record:
 * {@code targets} must tell an absent field (keep the targets) from {@code "targets": null}
 * (clear them), and only a setter, which Jackson calls for a field that is there, null or not,
 * can.
 */
public final class UpdateLinkRequest {

    @JsonProperty
    @Schema(description = "The new long url")
    private String url;

    @JsonProperty
    @Schema(description = "The new ttl; it must belong to the link's pool")
    private String ttl;

    @JsonProperty
    @Schema(description = "The new device targets: they replace the whole set (a part left out is removed); null removes them all",
            nullable = true)
    private DeviceTargets targets;

    private boolean targetsGiven;

    @JsonProperty
    @Schema(description = "The new title; an empty one removes it")
    private String title;

    @JsonProperty
    @Schema(description = "The new tags: they replace the whole set; an empty list removes them")
    private List<String> tags;

    @JsonProperty
    @Schema(description = "Whether the short URL's query goes on to the target; null: back to the service's default", nullable = true)
    private Boolean forwardQuery;

    @JsonProperty
    @Schema(description = "The new validFrom (ISO-8601 with an offset); null removes it", nullable = true)
    private String validFrom;

    @JsonProperty
    @Schema(description = "The new validUntil (ISO-8601 with an offset); null removes it, and expiredUrl with it", nullable = true)
    private String validUntil;

    @JsonProperty
    @Schema(description = "The new expiredUrl; null removes it", nullable = true)
    private String expiredUrl;

    @JsonProperty
    @Schema(description = "The new split: it replaces the whole list; null or an empty list removes it", nullable = true)
    private List<SplitVariant> split;

    @JsonProperty
    @Schema(description = "The new rules: they replace the whole list; null or an empty list removes them", nullable = true)
    private List<RoutingRule> rules;

    @JsonProperty
    @Schema(description = "The new click limit; null removes it", nullable = true)
    private Long maxClicks;

    @JsonProperty
    @Schema(description = "A new password (4 to 128 characters), stored as a slow salted hash; null removes it", nullable = true,
            writeOnly = true)
    private String password;

    /** Which routing fields the body holds, null or not: a field left out is kept. */
    private final java.util.Set<String> routingGiven = new java.util.HashSet<>();

    UpdateLinkRequest() {}

    @JsonSetter("forwardQuery")
    private void setForwardQuery(Boolean value) {
        forwardQuery = value;
        routingGiven.add("forwardQuery");
    }

    @JsonSetter("validFrom")
    private void setValidFrom(String value) {
        validFrom = value;
        routingGiven.add("validFrom");
    }

    @JsonSetter("validUntil")
    private void setValidUntil(String value) {
        validUntil = value;
        routingGiven.add("validUntil");
    }

    @JsonSetter("expiredUrl")
    private void setExpiredUrl(String value) {
        expiredUrl = value;
        routingGiven.add("expiredUrl");
    }

    @JsonSetter("split")
    private void setSplit(List<SplitVariant> value) {
        split = value;
        routingGiven.add("split");
    }

    @JsonSetter("rules")
    private void setRules(List<RoutingRule> value) {
        rules = value;
        routingGiven.add("rules");
    }

    @JsonSetter("maxClicks")
    private void setMaxClicks(Long value) {
        maxClicks = value;
        routingGiven.add("maxClicks");
    }

    @JsonSetter("password")
    private void setPassword(String value) {
        password = value;
        routingGiven.add("password");
    }

    /** Whether the body holds routing field {@code name} (its value may be null: remove it). */
    public boolean gives(String name) {
        return routingGiven.contains(name);
    }

    /** Whether the body changes any routing field. */
    public boolean changesRouting() {
        return !routingGiven.isEmpty();
    }

    public Boolean forwardQuery() {
        return forwardQuery;
    }

    public String validFrom() {
        return validFrom;
    }

    public String validUntil() {
        return validUntil;
    }

    public String expiredUrl() {
        return expiredUrl;
    }

    public List<SplitVariant> split() {
        return split;
    }

    public List<RoutingRule> rules() {
        return rules;
    }

    public Long maxClicks() {
        return maxClicks;
    }

    public String password() {
        return password;
    }

    /** A PATCH of url and/or ttl only. */
    public UpdateLinkRequest(String url, String ttl) {
        this.url = url;
        this.ttl = ttl;
    }

    /** @param targets null: keep them; empty: clear them; a value: replace them */
    public UpdateLinkRequest(String url, String ttl, Optional<DeviceTargets> targets) {
        this(url, ttl);
        if (targets != null) {
            this.targets = targets.orElse(null);
            this.targetsGiven = true;
        }
    }

    @JsonSetter("targets")
    private void setTargets(DeviceTargets targets) {
        this.targets = targets;
        this.targetsGiven = true;
    }

    public String url() {
        return url;
    }

    public String ttl() {
        return ttl;
    }

    /** The new title, "" to remove it; null to keep it. */
    public String title() {
        return title;
    }

    /** The new tags (the whole set); null to keep them. */
    public List<String> tags() {
        return tags;
    }

    /** A PATCH of title, tags and/or ttl (null: keep it). */
    public static UpdateLinkRequest ofMeta(String title, List<String> tags, String ttl) {
        UpdateLinkRequest request = new UpdateLinkRequest(null, ttl);
        request.title = title;
        request.tags = tags;
        return request;
    }

    /** Null when the body has no {@code targets}; empty for {@code "targets": null}; else the new set. */
    public Optional<DeviceTargets> targets() {
        return targetsGiven ? Optional.ofNullable(targets) : null;
    }
}
