package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneRedisHotStoreIntegrationTests extends AbstractRedisHotStoreIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.standalone();
    }
}
