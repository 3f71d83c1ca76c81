package dev.shortcode.testing.redis;

import dev.shortcode.core.redis.RedisConnection;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A running real Redis for tests: one standalone server or a Cluster of masters, as local
 * processes or containers. Closing it stops every server it started.
 */
public interface RedisDeployment extends AutoCloseable {

    /** One URI per master. */
    List<RedisURI> uris();

    boolean cluster();

    /** Kills and starts every server again on the same ports, empty (no persistence configured). */
    void restart();

    /** A new client connection of the production kind; the caller closes it. */
    default RedisConnection connect() {
        return RedisConnection.open(cluster() ? uris() : List.of(uris().get(0)), cluster(), Duration.ofSeconds(3));
    }

    /** Runs {@code action} on a plain connection to every master, e.g. FLUSHALL or INFO. */
    default void onEachMaster(Consumer<RedisCommands<String, String>> action) {
        for (RedisURI uri : uris()) {
            RedisClient client = RedisClient.create(uri);
            try (StatefulRedisConnection<String, String> c = client.connect()) {
                action.accept(c.sync());
            } finally {
                client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
            }
        }
    }

    default void flushAll() {
        onEachMaster(RedisCommands::flushall);
    }

    /**
     * Calls per command summed over the masters, from {@code INFO commandstats}: counts round trips
     * (a script counts as one {@code evalsha}/{@code eval}).
     */
    default Map<String, Long> commandCalls() {
        Map<String, Long> calls = new HashMap<>();
        onEachMaster(redis -> RedisInfo.commandCalls(redis.info("commandstats")).forEach((name, n) -> calls.merge(name, n, Long::sum)));
        return calls;
    }

    default void resetCommandStats() {
        onEachMaster(RedisCommands::configResetstat);
    }

    /** Stops every server. */
    @Override
    void close();
}
