package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.SamplingOptions;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link CapacityConfig} checked: a bad value stops the start naming its key. The sampling
 * defaults are {@link SamplingOptions}' {@code DEFAULT_*} constants, the refresh's is here.
 *
 * @param archiveBudgetBytes 0 when no budget is set
 */
public record CapacityOptions(Duration refresh, SamplingOptions sampling, long archiveBudgetBytes) {

    static final String PREFIX = SamplingOptions.PREFIX;
    /** Default of {@code refresh}, as the key takes it. */
    public static final String DEFAULT_REFRESH = "PT30S";
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)b?", Pattern.CASE_INSENSITIVE);

    public CapacityOptions {
        if (refresh == null || refresh.compareTo(Duration.ofSeconds(1)) < 0 || refresh.compareTo(Duration.ofHours(1)) > 0) {
            throw new ConfigException(PREFIX + "refresh", refresh + " is outside PT1S..PT1H");
        }
        if (archiveBudgetBytes < 0) {
            throw new ConfigException(PREFIX + "archive-budget", archiveBudgetBytes + " must not be negative");
        }
    }

    public static CapacityOptions from(CapacityConfig config) {
        SamplingOptions sampling = new SamplingOptions(config.sampleSize(), config.exactBelow(), config.memorySamples(),
                config.pipeline(), config.timeBudget());
        long budget = config.archiveBudget().filter(s -> !s.isBlank()).map(CapacityOptions::bytes).orElse(0L);
        return new CapacityOptions(config.refresh(), sampling, budget);
    }

    /** {@code 4T} = 4 × 10^12 bytes: decimal units, as disks are sold and as the dashboard prints them. */
    public static long bytes(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new ConfigException(PREFIX + "archive-budget", "'" + text + "' is not a size such as 500G or 4T");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        int power = unit.isEmpty() ? 0 : "kmgtp".indexOf(unit) + 1;
        double bytes = value * Math.pow(1000, power);
        if (bytes > Long.MAX_VALUE / 2) {
            throw new ConfigException(PREFIX + "archive-budget", "'" + text + "' is too large");
        }
        return Math.round(bytes);
    }
}
