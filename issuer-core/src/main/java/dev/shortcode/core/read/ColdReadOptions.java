package dev.shortcode.core.read;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import java.time.Duration;

/**
 * Tuning of the {@link LinkResolver}'s cold reads. Immutable; the defaults ({@link #DEFAULTS}) are its
 * {@code DEFAULT_*} constants, which the service's configuration mapping takes too; a bad value throws
 * {@link ConfigException} naming its key under {@code shortcode.cold-read.}.
 *
 * @param negativeCacheMaxSize codes this node remembers as absent from the archive; bounds its heap
 * @param negativeCacheTtl     how long such a code is answered "not found" without asking the
 *                             archive again. Short: a code can become live (alias, or a wrap), but
 *                             then it is in Redis, which is asked first anyway
 * @param watermarkMaxAge      age after which the cached issued-watermark of a pool is re-read in the
 *                             background
 * @param watermarkSlackBlocks ids up to this many maximum-size blocks (plus the lease's re-seed gap)
 *                             above the cached watermark may have been issued since it was read: they
 *                             are looked up in the hot store (never in the archive) instead of being
 *                             rejected
 * @param watermarkWait        longest a read waits for a fresh watermark when the cached one is too
 *                             old to judge its code by; then the cached one is used
 */
public record ColdReadOptions(long negativeCacheMaxSize, Duration negativeCacheTtl, Duration watermarkMaxAge,
        long watermarkSlackBlocks, Duration watermarkWait) {

    /** Default of {@code negativeCacheMaxSize}, as the key takes it. */
    public static final String DEFAULT_NEGATIVE_CACHE_MAX_SIZE = "100000";
    /** Default of {@code negativeCacheTtl}, as the key takes it. */
    public static final String DEFAULT_NEGATIVE_CACHE_TTL = "PT5S";
    /** Default of {@code watermarkMaxAge}, as the key takes it. */
    public static final String DEFAULT_WATERMARK_MAX_AGE = "PT1S";
    /** Default of {@code watermarkSlackBlocks}, as the key takes it. */
    public static final String DEFAULT_WATERMARK_SLACK_BLOCKS = "64";
    /** Default of {@code watermarkWait}, as the key takes it. */
    public static final String DEFAULT_WATERMARK_WAIT = "PT1S";

    public static final ColdReadOptions DEFAULTS = new ColdReadOptions(Long.parseLong(DEFAULT_NEGATIVE_CACHE_MAX_SIZE),
            Duration.parse(DEFAULT_NEGATIVE_CACHE_TTL), Duration.parse(DEFAULT_WATERMARK_MAX_AGE),
            Long.parseLong(DEFAULT_WATERMARK_SLACK_BLOCKS), Duration.parse(DEFAULT_WATERMARK_WAIT));

    static final String PREFIX = IssuerOptions.PREFIX + "cold-read.";

    public ColdReadOptions {
        if (negativeCacheMaxSize < 1) {
            throw new ConfigException(PREFIX + "negative-cache.max-size", negativeCacheMaxSize + " must be at least 1");
        }
        positive(negativeCacheTtl, "negative-cache.ttl");
        positive(watermarkMaxAge, "watermark.max-age");
        if (watermarkSlackBlocks < 1) {
            throw new ConfigException(PREFIX + "watermark.slack-blocks", watermarkSlackBlocks + " must be at least 1");
        }
        positive(watermarkWait, "watermark.wait");
    }

    /**
     * How far above a fresh cached watermark an id of {@code pool} may have been issued since the
     * mark was read: the leases of one refresh interval, plus the gap a re-seed jumps when Redis
     * lost the counter (otherwise the first codes after a Redis restart would be rejected as never
     * issued until every node re-read its watermark).
     */
    public long slackIds(PoolOptions pool, LeaseOptions lease) {
        try {
            return Math.multiplyExact(Math.addExact(watermarkSlackBlocks, lease.reseedGapBlocks()), pool.blocks().max());
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static void positive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigException(PREFIX + key, d + " must be a positive duration");
        }
    }
}
