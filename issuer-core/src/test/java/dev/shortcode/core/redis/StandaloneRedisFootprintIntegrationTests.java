package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneRedisFootprintIntegrationTests extends AbstractRedisFootprintIntegrationTests {

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.standalone();
    }
}
