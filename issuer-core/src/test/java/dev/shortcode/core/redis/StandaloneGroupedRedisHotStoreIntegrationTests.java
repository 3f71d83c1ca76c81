package dev.shortcode.core.redis;

/**
 * Every hot store test of a standalone Redis, with links in 64 groups ({@link LinkGroups}): few
 * enough that the links of one test share hashes, as a store's do.
 */
class StandaloneGroupedRedisHotStoreIntegrationTests extends StandaloneRedisHotStoreIntegrationTests {

    @Override
    protected int linkGroups() {
        return 64;
    }
}
