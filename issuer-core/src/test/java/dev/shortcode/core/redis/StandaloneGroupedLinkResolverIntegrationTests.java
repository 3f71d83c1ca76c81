package dev.shortcode.core.redis;

/** Every link resolver test of StandaloneLinkResolverIntegrationTests, with links in 64 groups ({@link LinkGroups}). */
class StandaloneGroupedLinkResolverIntegrationTests extends StandaloneLinkResolverIntegrationTests {

    @Override
    protected int linkGroups() {
        return 64;
    }
}
