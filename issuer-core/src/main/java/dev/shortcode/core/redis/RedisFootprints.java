package dev.shortcode.core.redis;

import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import java.time.Clock;

/** Where the Redis mode's {@link StorageFootprint} of the hot store and counters comes from. */
final class RedisFootprints {

    private RedisFootprints() {}

    /**
     * Samples the link keys, or the link groups, of {@code keys.namespace()} on every master of
     * {@code connection} (see RedisFootprint). The connection belongs to the caller.
     */
    static StorageFootprint of(RedisConnection connection, StoreKeys keys, SamplingOptions options, Clock clock) {
        return new RedisFootprint(connection, keys, options, clock);
    }
}
