package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code shortcode.stats.*} checked: a value that parses but makes no sense stops the start with a
 * {@link ConfigException} naming the key. The defaults are the {@code DEFAULT_*} constants, which
 * the mapping reads.
 *
 * @param enabled       whether redirects are counted at all
 * @param flushInterval how often the node stores what it counted
 * @param buffer        clicks the node holds unstored at most
 * @param geoDatabase   the MaxMind DB file for countries, if any
 */
public record StatsOptions(boolean enabled, Duration flushInterval, int buffer, Optional<Path> geoDatabase) {

    public static final String PREFIX = "shortcode.stats.";
    /** Default of {@code enabled}, as the key takes it. */
    public static final String DEFAULT_ENABLED = "true";
    /** Default of {@code flushInterval}, as the key takes it. */
    public static final String DEFAULT_FLUSH_INTERVAL = "PT1S";
    /** Default of {@code buffer}, as the key takes it. */
    public static final String DEFAULT_BUFFER = "500000";
    /** Shorter and the flushes cost more than the clicks; longer and a killed node loses more. */
    static final Duration MIN_FLUSH = Duration.ofMillis(100);
    static final Duration MAX_FLUSH = Duration.ofMinutes(1);
    static final int MIN_BUFFER = 1_000;
    /** About 200 bytes a pending click at worst (every click a new link): 2 GB at this bound. */
    static final int MAX_BUFFER = 10_000_000;

    static StatsOptions from(StatsConfig config) {
        Duration flush = config.flushInterval();
        if (flush.compareTo(MIN_FLUSH) < 0 || flush.compareTo(MAX_FLUSH) > 0) {
            throw new ConfigException(PREFIX + "flush-interval", flush + " must lie between " + MIN_FLUSH + " and " + MAX_FLUSH);
        }
        if (config.buffer() < MIN_BUFFER || config.buffer() > MAX_BUFFER) {
            throw new ConfigException(PREFIX + "buffer", config.buffer() + " must lie between " + MIN_BUFFER + " and " + MAX_BUFFER);
        }
        Optional<Path> geo = config.geoDatabase().filter(s -> !s.isBlank()).map(s -> Path.of(s.trim()));
        if (geo.isPresent() && !Files.isReadable(geo.get())) {
            throw new ConfigException(PREFIX + "geo-database", "'" + geo.get() + "' is not a readable file");
        }
        return new StatsOptions(config.enabled(), flush, config.buffer(), geo);
    }
}
