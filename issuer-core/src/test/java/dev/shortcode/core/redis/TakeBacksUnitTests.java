package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The take-back of a half-made create: retried while Redis does not answer, given up once the link expired by itself. */
class TakeBacksUnitTests {

    @Test
    void takeBack_redisDownForAWhile_isRetriedUntilItGetsThrough() {
        AtomicInteger calls = new AtomicInteger();
        List<String> replaced = new CopyOnWriteArrayList<>();
        try (TakeBacks takeBacks = new TakeBacks((code, value) -> {
            if (calls.incrementAndGet() <= 3) {
                return CompletableFuture.failedFuture(new RedisConnectionException("Connection refused"));
            }
            replaced.add(code + "=" + value);
            return CompletableFuture.completedFuture(1L);
        }, "test")) {
            takeBacks.takeBack("abc", "record", 3_600, new RedisConnectionException("reset"));
            await().atMost(Duration.ofSeconds(10)).until(() -> takeBacks.pending() == 0);
            assertThat(replaced).containsExactly("abc=record");
            assertThat(calls.get()).as("three failures, then the one that got through").isEqualTo(4);
        }
    }

    @Test
    void takeBack_ofALinkWhoseTtlHasPassed_stopsRetrying() {
        AtomicInteger calls = new AtomicInteger();
        try (TakeBacks takeBacks = new TakeBacks((code, value) -> {
            calls.incrementAndGet();
            return CompletableFuture.failedFuture(new RedisConnectionException("Connection refused"));
        }, "test")) {
            takeBacks.takeBack("abc", "record", 0, null); // a TTL that has already run out
            await().atMost(Duration.ofSeconds(5)).until(() -> takeBacks.pending() == 0);
            assertThat(calls.get()).isEqualTo(1);
        }
    }
}
