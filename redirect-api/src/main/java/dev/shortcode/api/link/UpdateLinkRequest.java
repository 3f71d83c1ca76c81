package dev.shortcode.api.link;

import java.util.Optional;

/**
 * Body of a PATCH: every field may be absent, and an absent field is left as it is.
 *
 * @param targets absent (null): the targets stay; {@code "targets": null} (empty): they are
 *                cleared; an object: it replaces the whole set (a part it leaves out is removed)
 */
public record UpdateLinkRequest(String url, String ttl, Optional<DeviceTargets> targets) {

    /** A PATCH of url and/or ttl only. */
    public UpdateLinkRequest(String url, String ttl) {
        this(url, ttl, null);
    }
}
