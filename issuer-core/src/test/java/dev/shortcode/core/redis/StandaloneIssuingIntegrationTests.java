package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StandaloneIssuingIntegrationTests extends AbstractIssuingIntegrationTests {

    @Override
    protected RedisDeployment redis() {
        return RedisServers.sharedStandalone();
    }

    @Test
    void allocators_redisRestartedEmptyMidRun_resumeWithoutRepeatingACode() throws Exception {
        PoolOptions pool = PoolOptions.builder("six").length(6).idleTtl(Duration.ofDays(1)).blockSizes(100, 500, 1_000).build();
        try (RedisDeployment own = RedisServers.standalone();
                TestNodes cluster = new TestNodes(own, namespace, pool, LeaseOptions.DEFAULTS, watermarks, 2)) {
            // Paced (500 codes, then 10 ms) so that the fault lands mid-run: unpaced, four callers can
            // issue all 600,000 codes before the fault, and nothing would be re-seeded.
            TestNodes.Running running = cluster.startThrottled(2, 150_000, 500, Duration.ofMillis(10));
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.issued.sum() > 100_000);
            own.restart();
            List<IssuedLog> logs = running.await(Duration.ofMinutes(2));
            assertThat(IssuedLog.total(logs)).isEqualTo(600_000);
            assertNoRepeatWithinAnEpoch(logs);
            assertThat(cluster.reseeds).as("re-seeds: the first start and the restart").hasValue(2);
        }
    }
}
