package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

/** The same behaviour on a 3-master Cluster: links and outbox shards land on different masters. */
class ClusterRedisHotStoreIntegrationTests extends AbstractRedisHotStoreIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }

    @Override
    protected RedisDeployment privateRedis() {
        return RedisServers.cluster();
    }
}
