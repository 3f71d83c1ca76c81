package dev.shortcode.core.capacity;

import java.util.Locale;

/** Numbers and spans as the verdicts say them: "9.2 days", "96 years", "3.5 trillion". */
public final class Human {

    private static final String[] LARGE = {"thousand", "million", "billion", "trillion", "quadrillion", "quintillion"};

    private Human() {}

    /** A span of days: minutes or hours below a day, days below a year, then years. */
    public static String days(double days) {
        if (Double.isNaN(days)) {
            return "an unknown time";
        }
        if (Double.isInfinite(days)) {
            return "never";
        }
        if (days < 1.0 / 24) {
            long minutes = Math.round(days * 24 * 60);
            return minutes + (minutes == 1 ? " minute" : " minutes");
        }
        if (days < 1) {
            long hours = Math.round(days * 24);
            return hours + (hours == 1 ? " hour" : " hours");
        }
        if (days < 10) {
            return String.format(Locale.ROOT, "%.1f days", days);
        }
        if (days < 365.25) {
            return Math.round(days) + " days";
        }
        double years = days / 365.25;
        if (years < 10) {
            return String.format(Locale.ROOT, "%.1f years", years);
        }
        if (years < 10_000) {
            return Math.round(years) + " years";
        }
        return count(years) + " years";
    }

    /** A count: exact below 10,000, else "12 thousand", "3.5 trillion". */
    public static String count(double n) {
        if (Math.abs(n) < 10_000) {
            return String.format(Locale.ROOT, "%,d", Math.round(n));
        }
        double scaled = n;
        int unit = -1;
        while (Math.abs(scaled) >= 1000 && unit < LARGE.length - 1) {
            scaled /= 1000;
            unit++;
        }
        String digits = Math.abs(scaled) < 10 ? String.format(Locale.ROOT, "%.1f", scaled) : String.valueOf(Math.round(scaled));
        return digits + " " + LARGE[unit];
    }

    /** A share as a percentage: "0.09 %", "10 %", "100 %". */
    public static String percent(double fraction) {
        double p = fraction * 100;
        if (p == 0) {
            return "0 %";
        }
        if (p < 0.01) {
            return "< 0.01 %";
        }
        if (p < 1) {
            return String.format(Locale.ROOT, "%.2f %%", p);
        }
        if (p < 10) {
            return String.format(Locale.ROOT, "%.1f %%", p);
        }
        return Math.round(p) + " %";
    }

    /** A TTL in the verdicts' words: "10-day", "36-hour". */
    static String ttl(double ttlDays) {
        if (ttlDays >= 1 && Math.abs(ttlDays - Math.rint(ttlDays)) < 1e-9) {
            return Math.round(ttlDays) + "-day";
        }
        return Math.round(ttlDays * 24) + "-hour";
    }
}
