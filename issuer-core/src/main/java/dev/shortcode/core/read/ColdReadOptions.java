package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerConfig;
import java.time.Duration;

/**
 * Tuning of {@link LinkResolver}. Immutable; a bad value throws {@link ConfigException} naming its
 * key under {@code shortcode.cold-read.}.
 *
 * @param negativeCacheMaxSize codes this node remembers as absent from the archive; bounds its heap
 * @param negativeCacheTtl     how long such a code is answered "not found" without asking the
 *                             archive again. Short: a code can become live (alias, or a wrap), but
 *                             then it is in Redis, which is asked first anyway
 * @param watermarkMaxAge      age after which the cached issued-watermark of a pool is re-read in the
 *                             background
 * @param watermarkSlackBlocks ids up to this many maximum-size blocks (plus the lease's re-seed gap)
 *                             above the cached watermark may have been issued since it was read: they
 *                             are looked up in Redis (never in the archive) instead of being rejected
 */
public record ColdReadOptions(long negativeCacheMaxSize, Duration negativeCacheTtl, Duration watermarkMaxAge,
        long watermarkSlackBlocks) {

    public static final ColdReadOptions DEFAULTS = new ColdReadOptions(100_000, Duration.ofSeconds(5), Duration.ofSeconds(1), 64);

    static final String PREFIX = IssuerConfig.PREFIX + "cold-read.";

    public ColdReadOptions {
        if (negativeCacheMaxSize < 1) {
            throw new ConfigException(PREFIX + "negative-cache.max-size", negativeCacheMaxSize + " must be at least 1");
        }
        positive(negativeCacheTtl, "negative-cache.ttl");
        positive(watermarkMaxAge, "watermark.max-age");
        if (watermarkSlackBlocks < 1) {
            throw new ConfigException(PREFIX + "watermark.slack-blocks", watermarkSlackBlocks + " must be at least 1");
        }
    }

    private static void positive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }
}
