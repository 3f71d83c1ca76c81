package dev.shortcode.api.limit;

import dev.shortcode.api.config.ServiceConfig;
import dev.shortcode.core.config.ConfigException;
import java.util.Locale;

/**
 * The configured limits of API keys, checked: {@code shortcode.limits.*}.
 *
 * @param enabled           whether keys are limited at all
 * @param requestsPerMinute every non-admin key's burst limit unless it has its own; 0 for none
 * @param linksPerDay       every non-admin key's daily quota of links unless it has its own; 0 for none
 */
public record LimitSettings(boolean enabled, long requestsPerMinute, long linksPerDay) {

    static final String PREFIX = "shortcode.limits.";

    public LimitSettings {
        if (requestsPerMinute < 0) {
            throw new ConfigException(PREFIX + "requests-per-minute", requestsPerMinute + " must be 0 (no limit) or positive");
        }
        if (linksPerDay < 0) {
            throw new ConfigException(PREFIX + "links-per-day", linksPerDay + " must be 0 (no limit) or positive");
        }
    }

    public static LimitSettings from(ServiceConfig.Limits config) {
        String enabled = config.enabled().trim().toLowerCase(Locale.ROOT);
        if (!enabled.equals("true") && !enabled.equals("false")) {
            throw new ConfigException(PREFIX + "enabled", "'" + config.enabled() + "' must be true or false");
        }
        return new LimitSettings(enabled.equals("true"), config.requestsPerMinute(), config.linksPerDay());
    }
}
