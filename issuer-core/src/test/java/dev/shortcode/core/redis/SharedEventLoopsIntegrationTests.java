package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A connection on the caller's event loops: replies complete on them, and closing leaves them running. */
class SharedEventLoopsIntegrationTests {

    private NioEventLoopGroup loops;

    @BeforeEach
    void startLoops() {
        loops = new NioEventLoopGroup(1, (ThreadFactory) r -> new Thread(r, "test-shared-loop"));
    }

    @AfterEach
    void stopLoops() throws InterruptedException {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    private static RedisDeployment redis(boolean cluster) {
        return cluster ? RedisServers.sharedCluster() : RedisServers.sharedStandalone();
    }

    @ParameterizedTest(name = "cluster={0}")
    @ValueSource(booleans = {false, true})
    void commandsIssuedOnTheSharedLoop_completeOnItAndLettuceStartsNoLoopOfItsOwn(boolean cluster) throws Exception {
        RedisDeployment redis = redis(cluster);
        Set<String> lettuceLoopsBefore = lettuceIoThreads();
        Set<String> completedOn = ConcurrentHashMap.newKeySet();
        EventLoop loop = loops.next();

        try (RedisConnection connection = RedisConnection.open(cluster ? redis.uris() : List.of(redis.uris().get(0)), cluster,
                Duration.ofSeconds(3), loops)) {
            List<CompletableFuture<String>> replies = IntStream.range(0, 200).mapToObj(i -> {
                CompletableFuture<String> reply = new CompletableFuture<>();
                loop.execute(() -> connection.async().set("shared-loop-" + i, "v" + i).whenComplete((ok, e) -> {
                    completedOn.add(Thread.currentThread().getName());
                    if (e != null) {
                        reply.completeExceptionally(e);
                    } else {
                        reply.complete(ok);
                    }
                }));
                return reply;
            }).toList();

            assertThat(replies).extracting(f -> f.get(5, TimeUnit.SECONDS)).containsOnly("OK");
            assertThat(connection.async().get("shared-loop-199").get(5, TimeUnit.SECONDS)).isEqualTo("v199");
            assertThat(completedOn).containsExactly("test-shared-loop");
            assertThat(lettuceIoThreads()).isEqualTo(lettuceLoopsBefore);
        }

        // Closing the connection released the loops without shutting them down: their owner does.
        assertThat(loops.isShuttingDown()).isFalse();
        assertThat(loop.submit(() -> "still running").get(5, TimeUnit.SECONDS)).isEqualTo("still running");
    }

    /** Lettuce names its own I/O threads lettuce-nioEventLoop-* (epoll: lettuce-epollEventLoop-*). */
    private static Set<String> lettuceIoThreads() {
        Set<String> names = ConcurrentHashMap.newKeySet();
        Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("lettuce-") && n.contains("EventLoop")).forEach(names::add);
        return names;
    }
}
