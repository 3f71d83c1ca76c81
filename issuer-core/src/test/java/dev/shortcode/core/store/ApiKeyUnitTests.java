package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ApiKey.Scope;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The stored form of an API key: the new fields round-trip, records written before them still decode. */
class ApiKeyUnitTests {

    @Test
    void decode_recordOfSixFieldsWrittenBeforeLimits_isAKeyWithDefaults() {
        ApiKey old = ApiKey.decode("k_abc\tcampaigns\tlinks:read,links:write\t" + "ab".repeat(32) + "\t1700000000000\t0");
        assertThat(old.id()).isEqualTo("k_abc");
        assertThat(old.scopes()).containsExactlyInAnyOrder(Scope.LINKS_READ, Scope.LINKS_WRITE);
        assertThat(old.requestsPerMinute()).isEmpty();
        assertThat(old.linksPerDay()).isEmpty();
        assertThat(old.expiresAtMillis()).isEmpty();
        assertThat(old.lastUsedMillis()).isZero();
        assertThat(old.expiredAt(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void encode_limitsExpiryAndLastUse_roundTrip() {
        ApiKey key = new ApiKey("k_1", "ops team", Set.of(Scope.ADMIN), "cd".repeat(32), 5, true, OptionalLong.of(1200),
                OptionalLong.of(0), OptionalLong.of(1_800_000_000_000L), 1_750_000_000_000L);
        assertThat(ApiKey.decode(key.encode())).isEqualTo(key);
        ApiKey defaults = new ApiKey("k_2", "x", Set.of(), "ef", 9, false);
        assertThat(ApiKey.decode(defaults.encode())).isEqualTo(defaults);
        assertThat(defaults.encode().split("\t", -1)).hasSize(10);
    }

    @Test
    void expiredAt_isTrueFromTheExpiryOn() {
        ApiKey key = new ApiKey("k", "n", Set.of(Scope.LINKS_READ), "h", 0, false)
                .withSettings(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.of(1_000));
        assertThat(key.expiredAt(999)).isFalse();
        assertThat(key.expiredAt(1_000)).isTrue();
    }

    @Test
    void usedAt_onlyMovesForward() {
        ApiKey key = new ApiKey("k", "n", Set.of(), "h", 0, false).usedAt(500);
        assertThat(key.lastUsedMillis()).isEqualTo(500);
        assertThat(key.usedAt(400)).isSameAs(key);
        assertThat(key.usedAt(600).lastUsedMillis()).isEqualTo(600);
    }

    @Test
    void decode_corruptRecordOrNegativeLimit_fails() {
        assertThatThrownBy(() -> ApiKey.decode("a\tb\t\th\t1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ApiKey.decode("a\tb\t\th\t1\t0\t-5\t\t\t")).isInstanceOf(IllegalArgumentException.class);
    }
}
