package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * {@link DenylistConfig} checked. The default is the {@code DEFAULT_*} constant, which the mapping reads.
 *
 * @param file    the operator's rules, read at start, when set
 * @param refresh how often each node re-reads the shared rules and disabled links
 */
public record DenylistOptions(Optional<Path> file, Duration refresh) {

    static final String PREFIX = "shortcode.denylist.";
    /** Default of {@code refresh}, as the key takes it. */
    public static final String DEFAULT_REFRESH = "PT2S";
    private static final Duration MIN_REFRESH = Duration.ofMillis(100);
    private static final Duration MAX_REFRESH = Duration.ofHours(1);

    public DenylistOptions {
        if (refresh.compareTo(MIN_REFRESH) < 0 || refresh.compareTo(MAX_REFRESH) > 0) {
            throw new ConfigException(PREFIX + "refresh", refresh + " is outside PT0.1S..PT1H");
        }
    }

    static DenylistOptions from(DenylistConfig config) {
        Optional<Path> file = config.file().map(String::strip).filter(f -> !f.isEmpty()).map(DenylistOptions::path);
        return new DenylistOptions(file, config.refresh());
    }

    private static Path path(String file) {
        try {
            return Path.of(file);
        } catch (InvalidPathException e) {
            throw new ConfigException(PREFIX + "file", "'" + file + "' is not a path: " + e.getReason());
        }
    }
}
