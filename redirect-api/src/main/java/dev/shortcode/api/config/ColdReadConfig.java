package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;

/** {@code shortcode.cold-read.*} (see the core's ColdReadOptions). */
public interface ColdReadConfig {

    NegativeCache negativeCache();

    Watermark watermark();

    interface NegativeCache {

        /** Codes remembered as absent from the archive. */
        @WithDefault("100000")
        long maxSize();

        /** How long such a code is answered "not found" without asking the archive again. */
        @WithDefault("PT5S")
        Duration ttl();
    }

    interface Watermark {

        /** Age after which a pool's cached issued-watermark is re-read in the background. */
        @WithDefault("PT1S")
        Duration maxAge();

        /** Ids up to this many largest blocks above the cached watermark are looked up instead of refused. */
        @WithDefault("64")
        long slackBlocks();

        /** Longest a read waits for a fresh watermark when the cached one is too old to judge by. */
        @WithName("wait")
        @WithDefault("PT1S")
        Duration waitTimeout();
    }
}
