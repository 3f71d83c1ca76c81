package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.archive.*}. */
public interface ArchiveConfig {

    /** How often the codes issued per pool per day are added to the archive (for capacity planning). */
    @WithDefault("PT10S")
    Duration issuedCountInterval();
}
