package dev.shortcode.core.redis;

/** Every link resolver test of ClusterLinkResolverIntegrationTests, with links in 64 groups ({@link LinkGroups}). */
class ClusterGroupedLinkResolverIntegrationTests extends ClusterLinkResolverIntegrationTests {

    @Override
    protected int linkGroups() {
        return 64;
    }
}
