package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class ClusterRedisRateLimitsIntegrationTests extends AbstractRedisRateLimitsIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.cluster();
    }
}
