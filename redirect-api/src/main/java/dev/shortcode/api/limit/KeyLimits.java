package dev.shortcode.api.limit;

import dev.shortcode.api.config.LimitOptions;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.RateLimit;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which limits apply to a key: its own values where it has them (0 meaning none), else the
 * configured defaults for every non-admin key; admin keys have only their own. Nothing when
 * limits are switched off.
 */
public final class KeyLimits {

    private final LimitOptions settings;

    public KeyLimits(LimitOptions settings) {
        this.settings = settings;
    }

    /** Requests a minute, over every API endpoint. */
    public Optional<RateLimit> burst(ApiKey key) {
        return effective(key, key.requestsPerMinute(), settings.requestsPerMinute()).stream().mapToObj(RateLimit::perMinute).findFirst();
    }

    /** Links a UTC day. */
    public Optional<RateLimit> daily(ApiKey key) {
        return effective(key, key.linksPerDay(), settings.linksPerDay()).stream().mapToObj(RateLimit::perUtcDay).findFirst();
    }

    private OptionalLong effective(ApiKey key, OptionalLong own, long configured) {
        if (!settings.enabled()) {
            return OptionalLong.empty();
        }
        long value = own.isPresent() ? own.getAsLong() : key.scopes().contains(ApiKey.Scope.ADMIN) ? 0 : configured;
        return value == 0 ? OptionalLong.empty() : OptionalLong.of(value);
    }
}
