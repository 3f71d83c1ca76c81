package dev.shortcode.core.capacity;

/**
 * Codes issued per day, over several windows.
 *
 * @param lastHour     from the shared counter over (up to) the last hour, per day; null when the
 *                     readings span less than {@link CapacityModel#MIN_HOUR_SPAN}
 * @param last24h      the last 24 hours (today so far, plus the matching part of yesterday)
 * @param mean7d       mean of the last 7 full days (fewer when the series is younger)
 * @param mean30d      mean of the last 30 full days (fewer when the series is younger)
 * @param trendPerWeek relative growth per week of a straight line fitted to the last 28 full days
 *                     (0.05 = +5 % a week); null below {@link CapacityModel#MIN_TREND_DAYS} full days
 */
public record IssueRates(Double lastHour, double last24h, double mean7d, double mean30d, Double trendPerWeek) {

    /** The rate forecasts use: the 7-day mean, steadier than a day and closer to now than a month. */
    public double forecast() {
        return mean7d;
    }
}
