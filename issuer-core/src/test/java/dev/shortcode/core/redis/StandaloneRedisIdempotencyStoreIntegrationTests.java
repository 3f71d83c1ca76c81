package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneRedisIdempotencyStoreIntegrationTests extends AbstractRedisIdempotencyStoreIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }
}
