package dev.shortcode.loadtest;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the human spellings of a duration used on the command line: {@code 10s}, {@code 500ms},
 * {@code 2m}, {@code 1h}, {@code 250us}, a bare number of seconds, or ISO-8601 ({@code PT10S}).
 */
public final class DurationParser {

    private static final Pattern HUMAN = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)?");

    private DurationParser() {
    }

    /**
     * @param option the option being parsed, named in the error so the user knows which value is wrong
     */
    public static Duration parse(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("pt")) {
            try {
                return Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw invalid(option, text);
            }
        }
        Matcher m = HUMAN.matcher(t);
        if (!m.matches()) {
            throw invalid(option, text);
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanosPerUnit = switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1_000;
            case "ms" -> 1_000_000;
            case "s" -> 1_000_000_000;
            case "m" -> 60_000_000_000.0;
            case "h" -> 3_600_000_000_000.0;
            default -> throw invalid(option, text);
        };
        double nanos = amount * nanosPerUnit;
        if (nanos > Long.MAX_VALUE / 2) {
            throw invalid(option, text);
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** Short human form for tables and progress lines: {@code 10s}, {@code 1.5s}, {@code 250ms}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 1_000_000_000L == 0) {
            return (nanos / 1_000_000_000L) + "s";
        }
        if (nanos >= 1_000_000_000L) {
            return trim(nanos / 1e9) + "s";
        }
        if (nanos % 1_000_000L == 0 || nanos >= 1_000_000L) {
            return trim(nanos / 1e6) + "ms";
        }
        return trim(nanos / 1e3) + "us";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static IllegalArgumentException invalid(String option, String text) {
        return new IllegalArgumentException(
                option + " must be a duration such as 10s, 500ms, 2m or PT10S (was '" + text + "')");
    }
}
