package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;

/**
 * {@code shortcode.limits.*} checked: a value that parses but makes no sense stops the start with
 * a {@link ConfigException} naming the key. The defaults are the {@code DEFAULT_*} constants, which
 * the mapping and the tests read.
 *
 * @param enabled           whether keys are limited at all
 * @param requestsPerMinute every non-admin key's burst limit unless it has its own; 0 for none
 * @param linksPerDay       every non-admin key's daily quota of links unless it has its own; 0 for none
 */
public record LimitOptions(boolean enabled, long requestsPerMinute, long linksPerDay) {

    public static final String PREFIX = "shortcode.limits.";
    /** Default of {@code enabled}, as the key takes it. */
    public static final String DEFAULT_ENABLED = "true";
    /** Default of {@code requestsPerMinute}, as the key takes it. */
    public static final String DEFAULT_REQUESTS_PER_MINUTE = "600";
    /** Default of {@code linksPerDay}, as the key takes it. */
    public static final String DEFAULT_LINKS_PER_DAY = "1000000";
    /** The most the token buckets support (one unit a nanosecond is 60 billion a minute); more is no limit, which 0 says. */
    public static final long MAX_REQUESTS_PER_MINUTE = 1_000_000_000L;
    public static final long MAX_LINKS_PER_DAY = 1_000_000_000_000L;

    public LimitOptions {
        if (requestsPerMinute < 0 || requestsPerMinute > MAX_REQUESTS_PER_MINUTE) {
            throw new ConfigException(PREFIX + "requests-per-minute", requestsPerMinute + " must be 0 (no limit) to " + MAX_REQUESTS_PER_MINUTE);
        }
        if (linksPerDay < 0 || linksPerDay > MAX_LINKS_PER_DAY) {
            throw new ConfigException(PREFIX + "links-per-day", linksPerDay + " must be 0 (no limit) to " + MAX_LINKS_PER_DAY);
        }
    }

    static LimitOptions from(LimitsConfig config) {
        return new LimitOptions(config.enabled(), config.requestsPerMinute(), config.linksPerDay());
    }
}
