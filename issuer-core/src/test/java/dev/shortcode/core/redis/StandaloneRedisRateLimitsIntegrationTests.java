package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneRedisRateLimitsIntegrationTests extends AbstractRedisRateLimitsIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.standalone();
    }
}
