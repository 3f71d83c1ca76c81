package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

/** The same on a 3-master Cluster, whose groups' hashes spread over the masters. */
class ClusterLinkGroupsIntegrationTests extends AbstractLinkGroupsIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedCluster();
    }
}
