package dev.shortcode.core.redis;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The same on a 3-master Cluster: a subject's day keys share its slot, the day's index sets spread over the masters. */
class ClusterRedisClickStoreIntegrationTests extends AbstractRedisClickStoreIntegrationTests {

    /** Its own Cluster: the tests flush it to stand for a Redis that lost everything. */
    private static RedisDeployment redis;

    @BeforeAll
    static void start() {
        redis = RedisServers.cluster();
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
