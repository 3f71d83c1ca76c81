package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

/** The same protocol on a 3-master Redis Cluster: the pool's keys share a slot through their hash tag. */
class ClusterIssuingIntegrationTests extends AbstractIssuingIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }
}
