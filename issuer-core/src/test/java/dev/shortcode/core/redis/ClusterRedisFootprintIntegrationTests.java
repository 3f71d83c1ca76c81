package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

/** On a 3-master Cluster: each master is counted or sampled through its own node connection. */
class ClusterRedisFootprintIntegrationTests extends AbstractRedisFootprintIntegrationTests {

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.cluster();
    }
}
