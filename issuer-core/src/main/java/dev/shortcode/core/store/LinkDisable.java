package dev.shortcode.core.store;

import java.util.Objects;

/**
 * An admin's decision to take one link out of service: it answers 410 and its record is kept.
 *
 * @param code       the link
 * @param reason     why, shown on the 410 page
 * @param by         the API key id of the admin
 * @param atMillis   when
 */
public record LinkDisable(String code, String reason, String by, long atMillis) {

    public LinkDisable {
        Objects.requireNonNull(code, "code");
        reason = Moderation.clean(reason);
        Objects.requireNonNull(by, "by");
    }

    public String encode() {
        return Moderation.join(code, reason, by, Long.toString(atMillis));
    }

    public static LinkDisable decode(String stored) {
        String[] f = Moderation.split(stored, 4);
        return new LinkDisable(f[0], f[1], f[2], Long.parseLong(f[3]));
    }
}
