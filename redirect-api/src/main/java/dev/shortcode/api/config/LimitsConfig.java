package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;

/** {@code shortcode.limits.*}: the limits every non-admin API key gets unless it has its own; admin keys only their own. */
public interface LimitsConfig {

    /** Whether API keys are limited at all. */
    @WithDefault(LimitOptions.DEFAULT_ENABLED)
    @WithConverter(StrictBooleanConverter.class)
    boolean enabled();

    /**
     * Requests a minute per key, all API endpoints together, refilled gradually (a burst of this
     * many at once), 0..1000000000; 0: no limit.
     */
    @WithDefault(LimitOptions.DEFAULT_REQUESTS_PER_MINUTE)
    long requestsPerMinute();

    /** Links a key may create per UTC day (a batch counts its items), 0..1000000000000; 0: no limit. */
    @WithDefault(LimitOptions.DEFAULT_LINKS_PER_DAY)
    long linksPerDay();
}
