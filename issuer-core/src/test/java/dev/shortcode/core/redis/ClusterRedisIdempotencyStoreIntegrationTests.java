package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class ClusterRedisIdempotencyStoreIntegrationTests extends AbstractRedisIdempotencyStoreIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }
}
