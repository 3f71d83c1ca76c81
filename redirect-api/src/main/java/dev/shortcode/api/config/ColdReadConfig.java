package dev.shortcode.api.config;

import dev.shortcode.core.read.ColdReadOptions;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;

/** {@code shortcode.cold-read.*} (see the core's ColdReadOptions). */
public interface ColdReadConfig {

    NegativeCache negativeCache();

    Watermark watermark();

    interface NegativeCache {

        /** Codes remembered as absent from the archive. */
        @WithDefault(ColdReadOptions.DEFAULT_NEGATIVE_CACHE_MAX_SIZE)
        long maxSize();

        /** How long such a code is answered "not found" without asking the archive again. */
        @WithDefault(ColdReadOptions.DEFAULT_NEGATIVE_CACHE_TTL)
        Duration ttl();
    }

    interface Watermark {

        /** Age after which a pool's cached issued-watermark is re-read in the background. */
        @WithDefault(ColdReadOptions.DEFAULT_WATERMARK_MAX_AGE)
        Duration maxAge();

        /** Ids up to this many largest blocks above the cached watermark are looked up instead of refused. */
        @WithDefault(ColdReadOptions.DEFAULT_WATERMARK_SLACK_BLOCKS)
        long slackBlocks();

        /** Longest a read waits for a fresh watermark when the cached one is too old to judge by. */
        @WithName("wait")
        @WithDefault(ColdReadOptions.DEFAULT_WATERMARK_WAIT)
        Duration waitTimeout();
    }
}
