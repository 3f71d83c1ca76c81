package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneLinkGroupsIntegrationTests extends AbstractLinkGroupsIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }
}
