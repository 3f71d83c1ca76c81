package dev.shortcode.core.store;

import java.util.Objects;

/**
 * What visitors said about one link: reports of a code are merged into one record, so storage is
 * bounded by the links reported, not by the reports sent.
 *
 * @param code          the reported link
 * @param count         reports received
 * @param lastReason    the latest reporter's words (cleaned, capped)
 * @param firstAtMillis the first report
 * @param lastAtMillis  the latest report
 * @param resolution    empty while open; else what an admin decided ({@code dismissed}, {@code disabled})
 * @param resolvedBy    the admin's key id, empty while open
 */
public record AbuseReport(String code, long count, String lastReason, long firstAtMillis, long lastAtMillis, String resolution,
        String resolvedBy) {

    public AbuseReport {
        Objects.requireNonNull(code, "code");
        lastReason = Moderation.clean(lastReason);
        resolution = resolution == null ? "" : resolution;
        resolvedBy = resolvedBy == null ? "" : resolvedBy;
    }

    public boolean open() {
        return resolution.isEmpty();
    }

    /** This report with one more, reopened if it was resolved. */
    public AbuseReport plus(String reason, long atMillis) {
        return new AbuseReport(code, count + 1, reason, firstAtMillis, atMillis, "", "");
    }

    public AbuseReport resolved(String how, String by) {
        return new AbuseReport(code, count, lastReason, firstAtMillis, lastAtMillis, how, by);
    }

    public String encode() {
        return Moderation.join(code, Long.toString(count), lastReason, Long.toString(firstAtMillis), Long.toString(lastAtMillis),
                resolution, resolvedBy);
    }

    public static AbuseReport decode(String stored) {
        String[] f = Moderation.split(stored, 7);
        return new AbuseReport(f[0], Long.parseLong(f[1]), f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), f[5], f[6]);
    }
}
