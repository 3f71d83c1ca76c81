package dev.shortcode.api.config;

import dev.shortcode.core.alloc.DailyIssueCounter;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.archive.*} (see the core's DailyIssueCounter). */
public interface ArchiveConfig {

    /** How often the codes issued per pool per day are added to the archive (for capacity planning). */
    @WithDefault(DailyIssueCounter.DEFAULT_INTERVAL)
    Duration issuedCountInterval();
}
