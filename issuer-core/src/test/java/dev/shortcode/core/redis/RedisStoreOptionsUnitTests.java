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
        HotStoreOptions o = HotStoreOptions.builder().extensionFraction(0.1).minExtensionWindow(Duration.ofSeconds(60)).build();
        assertThat(Duration.ofNanos(o.extensionWindowNanos(Duration.ofDays(30).toSeconds()))).isEqualTo(Duration.ofDays(3));
        assertThat(Duration.ofNanos(o.extensionWindowNanos(300))).as("minimum").isEqualTo(Duration.ofSeconds(60));
        assertThat(Duration.ofNanos(o.extensionWindowNanos(2))).as("half of a short TTL").isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void hotStoreOptions_badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> HotStoreOptions.builder().nearCacheRefresh(Duration.ZERO).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.refresh:");
        assertThatThrownBy(() -> HotStoreOptions.builder().nearCacheMaxAge(Duration.ZERO).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.max-age:");
        assertThatThrownBy(() -> HotStoreOptions.builder().nearCacheRefresh(Duration.ofSeconds(2)).nearCacheMaxAge(Duration.ofSeconds(1)).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.near-cache.max-age:");
        assertThatThrownBy(() -> HotStoreOptions.builder().outboxMaxQueued(10).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.outbox.max-queued:");
        assertThatThrownBy(() -> HotStoreOptions.builder().extensionFraction(0.6).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.hot-store.extension.fraction:");
    }

    @Test
    void nearCacheMaxAge_isTheOptionAtMostATenthOfTheTtl() {
        HotStoreOptions o = HotStoreOptions.builder().nearCacheMaxAge(Duration.ofSeconds(30)).build();
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(Duration.ofDays(30).toSeconds()))).isEqualTo(Duration.ofSeconds(30));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(60))).as("shortest API TTL").isEqualTo(Duration.ofSeconds(6));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(1))).as("shortest pool TTL").isEqualTo(Duration.ofMillis(100));
        assertThat(Duration.ofNanos(o.nearCacheMaxAgeNanos(Long.MAX_VALUE))).as("no overflow").isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void archiverOptions_badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> ArchiverOptions.builder().threads(-1).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.threads:");
        assertThatThrownBy(() -> ArchiverOptions.builder().threads(65).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.threads:");
        assertThat(ArchiverOptions.builder().threads(0).build().threads()).as("a node that archives nothing").isZero();
        assertThatThrownBy(() -> ArchiverOptions.builder().consumer("pod/1").build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.consumer:");
        assertThatThrownBy(() -> ArchiverOptions.builder().retryBackoffMin(Duration.ofSeconds(2)).retryBackoffMax(Duration.ofSeconds(1)).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.retry-backoff-max:");
        assertThatThrownBy(() -> ArchiverOptions.builder().claimIdle(Duration.ofDays(1)).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.dead-consumer-idle:");
        assertThatThrownBy(() -> ArchiverOptions.builder().linger(Duration.ofMillis(-1)).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.linger:");
        assertThatThrownBy(() -> ArchiverOptions.builder().linger(ArchiverOptions.DEFAULTS.claimIdle()).build())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("shortcode.redis.archiver.linger:");
        assertThat(ArchiverOptions.builder().linger(Duration.ZERO).build().linger()).isZero();
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
