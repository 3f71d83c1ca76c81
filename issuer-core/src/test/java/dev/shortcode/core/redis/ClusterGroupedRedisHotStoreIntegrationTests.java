package dev.shortcode.core.redis;

/** Every hot store test of a Cluster, with links in 64 groups ({@link LinkGroups}) spread over its masters. */
class ClusterGroupedRedisHotStoreIntegrationTests extends ClusterRedisHotStoreIntegrationTests {

    @Override
    protected int linkGroups() {
        return 64;
    }
}
