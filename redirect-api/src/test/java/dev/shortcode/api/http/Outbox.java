package dev.shortcode.api.http;

import static org.awaitility.Awaitility.await;

import dev.shortcode.testing.redis.RedisDeployment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** The service's Redis outbox as the process tests see it. */
final class Outbox {

    private Outbox() {}

    /** Waits until the archivers have written every outbox entry to HBase (every stream empty). */
    static void awaitDrained(RedisDeployment redis, Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(200)).until(() -> {
            AtomicLong pending = new AtomicLong();
            redis.onEachMaster(r -> r.keys("sc:o:*").forEach(stream -> pending.addAndGet(r.xlen(stream))));
            return pending.get() == 0;
        });
    }
}
