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

    UpdateLinkRequest() {}

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
