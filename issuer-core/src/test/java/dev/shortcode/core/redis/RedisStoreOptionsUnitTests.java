package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.read.ColdReadOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Validation and derived values of HotStoreOptions, ArchiverOptions and ColdReadOptions. */
class RedisStoreOptionsUnitTests {

    @Test
    void extensionWindow_isATenthOfTheTtlAtLeastTheMinimumAtMostHalfTheTtl() {
        HotStoreOptions o = HotStoreOptions.DEFAULTS; // 0.1, min 60 s
        assertThat(Duration.ofNanos(o.extensionWindowNanos(Duration.ofDays(30).toSeconds()))).isEqualTo(Duration.ofDays(3));
        assertThat(Duration.ofNanos(o.extensionWindowNanos(300))).as("minimum").isEqualTo(Duration.ofSeconds(60));
        assertThat(Duration.ofNanos(o.extensionWindowNanos(2))).as("half of a short TTL").isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void hotStoreOptions_badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> HotStoreOptions.DEFAULTS.withNearCacheRefresh(Duration.ZERO))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.refresh:");
        assertThatThrownBy(() -> HotStoreOptions.DEFAULTS.withNearCache(Duration.ofSeconds(1), Duration.ZERO))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.max-age:");
        assertThatThrownBy(() -> HotStoreOptions.DEFAULTS.withNearCache(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.max-age:");
        assertThatThrownBy(() -> HotStoreOptions.DEFAULTS.withOutboxMaxQueued(10))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.outbox.max-queued:");
        assertThatThrownBy(() -> new HotStoreOptions(1, Duration.ofSeconds(1), Duration.ofSeconds(1), 0.6, Duration.ofSeconds(1), 1, 1, Duration.ofMillis(1), 1, 1))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.extension.fraction:");
    }

    @Test
    void nearCacheMaxAge_isTheOptionAtMostATenthOfTheTtl() {
        HotStoreOptions o = HotStoreOptions.DEFAULTS; // max age 30 s
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(Duration.ofDays(30).toSeconds()))).isEqualTo(Duration.ofSeconds(30));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(60))).as("shortest API TTL").isEqualTo(Duration.ofSeconds(6));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(1))).as("shortest pool TTL").isEqualTo(Duration.ofMillis(100));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(Long.MAX_VALUE))).as("no overflow").isEqualTo(Duration.ofSeconds(30));
        assertThat(o.withNearCacheRefresh(Duration.ofMinutes(1)).nearCacheMaxAge()).as("raised to the refresh")
                .isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void archiverOptions_badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withThreads(-1))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.threads:");
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withThreads(65))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.threads:");
        assertThat(ArchiverOptions.DEFAULTS.withThreads(0).threads()).as("a node that archives nothing").isZero();
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withConsumer("pod/1"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.consumer:");
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withRetryBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.retry-backoff-max:");
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withClaim(Duration.ofDays(1), Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.dead-consumer-idle:");
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withLinger(Duration.ofMillis(-1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.linger:");
        assertThatThrownBy(() -> ArchiverOptions.DEFAULTS.withLinger(ArchiverOptions.DEFAULTS.claimIdle()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.linger:");
        assertThat(ArchiverOptions.DEFAULTS.withLinger(Duration.ZERO).linger()).isZero();
    }

    @Test
    void coldReadOptions_badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> new ColdReadOptions(0, Duration.ofSeconds(1), Duration.ofSeconds(1), 1, Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.cold-read.negative-cache.max-size:");
        assertThatThrownBy(() -> new ColdReadOptions(1, Duration.ofSeconds(1), Duration.ofSeconds(1), 0, Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.cold-read.watermark.slack-blocks:");
        assertThatThrownBy(() -> new ColdReadOptions(1, Duration.ofSeconds(1), Duration.ofSeconds(1), 1, Duration.ZERO))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.cold-read.watermark.wait:");
    }

    @Test
    void entryMillis_readsTheTimePartOfAStreamId() {
        assertThat(OutboxArchiver.entryMillis("1760000000123-7")).isEqualTo(1_760_000_000_123L);
    }
}
