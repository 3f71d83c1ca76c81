package dev.shortcode.core.store;

import java.time.LocalDate;
import java.time.YearMonth;

/**
 * How long click counts are kept, the same in every store, so that one link's stats take bounded
 * room: per hour for the last {@value #HOUR_DAYS} days, per day for {@value #DAYS} days, per month
 * for {@value #MONTHS} months. A link thus holds at most 168 hours, 400 days and 120 months of
 * buckets however long it lives.
 */
public final class ClickRetention {

    /** Days whose hourly counts are kept, today included. */
    public static final int HOUR_DAYS = 7;
    /** Days whose daily counts are kept, today included. */
    public static final int DAYS = 400;
    /** Months whose monthly counts are kept, this month included. */
    public static final int MONTHS = 120;
    /** Referrer hosts kept per subject and day; later new hosts count as {@link ClickFields#REFERRER_OTHER}. */
    public static final int MAX_REFERRERS = 64;
    /** Links kept in an owner's per-day top list: the ones with the most clicks. */
    public static final int MAX_TOP_LINKS = 1_000;

    private ClickRetention() {}

    /** The oldest day whose hourly counts are still kept on {@code today}. */
    public static LocalDate firstHourDay(LocalDate today) {
        return today.minusDays(HOUR_DAYS - 1L);
    }

    /** The oldest day whose daily counts are still kept on {@code today}. */
    public static LocalDate firstDay(LocalDate today) {
        return today.minusDays(DAYS - 1L);
    }

    /** The oldest month whose monthly counts are still kept on {@code today}. */
    public static YearMonth firstMonth(LocalDate today) {
        return YearMonth.from(today).minusMonths(MONTHS - 1L);
    }
}
