package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;

class StandaloneLinkResolverIntegrationTests extends AbstractLinkResolverIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }
}
