package dev.shortcode.api.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.config.LimitOptions;
import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which limits a key has, the bounds of their configured defaults, and how the header fields spell them. */
class KeyLimitsUnitTests {

    /** The configuration's defaults. */
    private static final LimitOptions DEFAULTS = new LimitOptions(Boolean.parseBoolean(LimitOptions.DEFAULT_ENABLED),
            Long.parseLong(LimitOptions.DEFAULT_REQUESTS_PER_MINUTE), Long.parseLong(LimitOptions.DEFAULT_LINKS_PER_DAY));
    private static final ApiKey CLIENT = new ApiKey("k_c", "client", Set.of(Scope.LINKS_WRITE), "h", 0, false);
    private static final ApiKey ADMIN = new ApiKey("k_a", "admin", Set.of(Scope.ADMIN), "h2", 0, false);

    @Test
    void limits_clientKey_getsTheDefaults_adminKey_none() {
        KeyLimits limits = new KeyLimits(DEFAULTS);
        assertThat(limits.burst(CLIENT)).contains(RateLimit.perMinute(DEFAULTS.requestsPerMinute()));
        assertThat(limits.daily(CLIENT)).contains(RateLimit.perUtcDay(DEFAULTS.linksPerDay()));
        assertThat(limits.burst(ADMIN)).isEmpty();
        assertThat(limits.daily(ADMIN)).isEmpty();
    }

    @Test
    void limits_ownValues_winOverTheDefaults_andZeroMeansNone_forAdminKeysToo() {
        KeyLimits limits = new KeyLimits(DEFAULTS);
        ApiKey own = CLIENT.withSettings(OptionalLong.of(30), OptionalLong.of(0), OptionalLong.empty());
        assertThat(limits.burst(own)).contains(RateLimit.perMinute(30));
        assertThat(limits.daily(own)).isEmpty();
        ApiKey limitedAdmin = ADMIN.withSettings(OptionalLong.of(100), OptionalLong.empty(), OptionalLong.empty());
        assertThat(limits.burst(limitedAdmin)).contains(RateLimit.perMinute(100));
        assertThat(limits.daily(limitedAdmin)).as("unset on an admin key: none").isEmpty();
        assertThat(new KeyLimits(new LimitOptions(true, 0, 0)).burst(CLIENT)).as("a default of 0: none").isEmpty();
    }

    @Test
    void limits_switchedOff_noKeyIsLimited() {
        KeyLimits off = new KeyLimits(new LimitOptions(false, DEFAULTS.requestsPerMinute(), DEFAULTS.linksPerDay()));
        ApiKey own = CLIENT.withSettings(OptionalLong.of(30), OptionalLong.of(5), OptionalLong.empty());
        assertThat(off.burst(own)).isEmpty();
        assertThat(off.daily(own)).isEmpty();
    }

    @Test
    void settings_badValues_stopTheStartNamingTheKey() {
        assertThatThrownBy(() -> new LimitOptions(true, -1, 5)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.limits.requests-per-minute");
        assertThatThrownBy(() -> new LimitOptions(true, 1, -5)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.limits.links-per-day");
        assertThatThrownBy(() -> new LimitOptions(true, LimitOptions.MAX_REQUESTS_PER_MINUTE + 1, 5)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.limits.requests-per-minute");
        // The largest values allowed are ones the buckets can hold.
        assertThat(RateLimit.perMinute(LimitOptions.MAX_REQUESTS_PER_MINUTE).quota()).isEqualTo(LimitOptions.MAX_REQUESTS_PER_MINUTE);
        assertThat(RateLimit.perUtcDay(LimitOptions.MAX_LINKS_PER_DAY).quota()).isEqualTo(LimitOptions.MAX_LINKS_PER_DAY);
    }

    @Test
    void headers_spellThePoliciesAndTheirState_asTheDraftDoes() {
        assertThat(RateLimitHeaders.policy(RateLimit.perMinute(600), RateLimit.perUtcDay(1_000_000)))
                .isEqualTo("\"burst\";q=600;w=60, \"daily\";q=1000000;w=86400");
        assertThat(RateLimitHeaders.policy(null, RateLimit.perUtcDay(5))).isEqualTo("\"daily\";q=5;w=86400");
        assertThat(RateLimitHeaders.state(new RateDecision(true, 42, 1, 0, true), new RateDecision(false, 3, 43_200, 43_200, true)))
                .isEqualTo("\"burst\";r=42;t=1, \"daily\";r=3;t=43200");
        assertThat(RateLimitHeaders.state(new RateDecision(true, 600, 0, 0, true), null)).as("t is left out when nothing is to come")
                .isEqualTo("\"burst\";r=600");
        assertThat(RateLimitHeaders.state(null, null)).isEmpty();
    }
}
