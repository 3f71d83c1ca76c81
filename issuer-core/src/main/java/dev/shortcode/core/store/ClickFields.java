package dev.shortcode.core.store;

import java.util.Locale;

/**
 * The names of the counts a {@link ClickBucket} holds, shared by every store so that a Redis hash
 * field, an HBase qualifier and an embedded record's entry are the same word.
 *
 * <ul>
 *   <li>{@code t}: every click (redirect), QR scans included; {@code b}: those by bots; humans are
 *       {@code t - b}, so the two can never be mixed up or counted twice;
 *   <li>{@code q}: clicks that came from scanning the link's QR code ({@code ?qr=1});
 *   <li>{@code u}: unique visitors of the day (a HyperLogLog estimate; see the store);
 *   <li>{@code hHH}, {@code xHH}: clicks and bot clicks in hour {@code HH} (UTC) of the day;
 *   <li>{@code d:<device>}: human clicks by device class ({@code ios}, {@code android},
 *       {@code desktop}, {@code other});
 *   <li>{@code r:<host>}: human clicks by referrer host ({@code r:direct} without a Referer); at
 *       most {@value ClickRetention#MAX_REFERRERS} hosts per subject and day, the rest under
 *       {@link #REFERRER_OTHER};
 *   <li>{@code c:<ISO country>}: human clicks by country, when a country database is configured;
 *   <li>{@code v:<index>}: human clicks by the split variant they were sent to (0 for the first);
 *   <li>{@code l:<code>}: in an owner's buckets, clicks per link (the top
 *       {@value ClickRetention#MAX_TOP_LINKS} per day are kept);
 *   <li>{@code n:<host>}: in an owner's buckets, clicks on links of the branded domain
 *       {@code host} (the default domain's are the rest).
 * </ul>
 */
public final class ClickFields {

    public static final String TOTAL = "t";
    public static final String BOTS = "b";
    public static final String QR = "q";
    public static final String UNIQUES = "u";
    public static final String DEVICE = "d:";
    public static final String REFERRER = "r:";
    public static final String REFERRER_OTHER = "r:~";
    public static final String COUNTRY = "c:";
    public static final String VARIANT = "v:";
    public static final String LINK = "l:";
    public static final String DOMAIN = "n:";

    private static final String[] HOURS = new String[24];
    private static final String[] HOUR_BOTS = new String[24];

    static {
        for (int h = 0; h < 24; h++) {
            HOURS[h] = String.format(Locale.ROOT, "h%02d", h);
            HOUR_BOTS[h] = String.format(Locale.ROOT, "x%02d", h);
        }
    }

    private ClickFields() {}

    /** Clicks in hour {@code hour} (0-23, UTC) of the bucket's day. */
    public static String hour(int hour) {
        return HOURS[hour];
    }

    /** Bot clicks in hour {@code hour} (0-23, UTC) of the bucket's day. */
    public static String hourBots(int hour) {
        return HOUR_BOTS[hour];
    }

    /** Whether {@code field} is one of the per-hour counts, which are kept for a shorter time than the day's. */
    public static boolean isHourly(String field) {
        return field.length() == 3 && (field.charAt(0) == 'h' || field.charAt(0) == 'x') && Character.isDigit(field.charAt(1));
    }

    public static boolean isReferrer(String field) {
        return field.startsWith(REFERRER);
    }

    public static boolean isLink(String field) {
        return field.startsWith(LINK);
    }
}
