package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code shortcode.denylist.*} (see {@link DenylistOptions}). */
public interface DenylistConfig {

    /** A file of deny rules, one per line ({@code host <host> [reason]}, {@code prefix <url> [reason]}); read at start. */
    Optional<String> file();

    /** How often each node re-reads the rules and disabled links shared by all nodes; PT0.1S..PT1H. */
    @WithDefault(DenylistOptions.DEFAULT_REFRESH)
    Duration refresh();
}
