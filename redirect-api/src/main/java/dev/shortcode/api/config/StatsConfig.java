package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.stats.*} (see {@link StatsOptions}). */
public interface StatsConfig {

    /** Whether redirects are counted. */
    @WithDefault(StatsOptions.DEFAULT_ENABLED)
    @WithConverter(StrictBooleanConverter.class)
    boolean enabled();

    /** How often each node stores the clicks it counted, PT0.1S..PT1M; a killed node loses at most about this much. */
    @WithDefault(StatsOptions.DEFAULT_FLUSH_INTERVAL)
    Duration flushInterval();

    /**
     * Clicks a node may hold that are not stored yet (while a store is down or slow), 1000..10000000;
     * past it a click is dropped and counted in {@code shortcode_stats_clicks_dropped_total}.
     */
    @WithDefault(StatsOptions.DEFAULT_BUFFER)
    int buffer();

    /** A MaxMind DB file mapping IPs to countries (GeoLite2-Country and the like); unset: no countries. */
    Optional<String> geoDatabase();
}
