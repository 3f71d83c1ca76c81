package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class StandaloneRedisClickStoreIntegrationTests extends AbstractRedisClickStoreIntegrationTests {

    /** Its own server: the tests flush it to stand for a Redis that lost everything. */
    private static RedisDeployment redis;

    @BeforeAll
    static void start() {
        redis = RedisServers.standalone();
    }

    @AfterAll
    static void stop() {
        redis.close();
    }

    @Override
    protected RedisDeployment redis() {
        return redis;
    }
}
