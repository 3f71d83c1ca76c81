package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class ClusterLinkResolverIntegrationTests extends AbstractLinkResolverIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }
}
