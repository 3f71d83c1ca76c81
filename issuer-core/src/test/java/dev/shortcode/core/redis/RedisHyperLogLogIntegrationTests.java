package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.ArrayOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The node's HyperLogLog against a real Redis' own: the same registers, and a sketch Redis takes as its own. */
class RedisHyperLogLogIntegrationTests {

    /** Redis' debugging command for HyperLogLogs, which Lettuce has no constant for. */
    private static final ProtocolKeyword PFDEBUG = new ProtocolKeyword() {
        @Override
        public byte[] getBytes() {
            return "PFDEBUG".getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public String toString() {
            return "PFDEBUG";
        }
    };

    private static RedisDeployment redis;
    private static RedisConnection connection;
    private static RedisConnection.Binary binary;

    @BeforeAll
    static void start() {
        redis = RedisServers.sharedStandalone();
        connection = redis.connect();
        binary = connection.openBinary();
    }

    @AfterAll
    static void stop() {
        binary.close();
        connection.close();
    }

    /** Visitor-like texts of every length from 0 to 40 bytes (each tail length of the hash), some not ASCII. */
    private static List<String> elements(int n, long seed) {
        Random random = new Random(seed);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StringBuilder s = new StringBuilder();
            int length = i % 41;
            for (int c = 0; c < length; c++) {
                s.append(c == 3 && i % 5 == 0 ? 'é' : (char) ('0' + random.nextInt(75)));
            }
            out.add(s.toString());
        }
        return out;
    }

    @Test
    void registers_areThoseRedisMakesOfTheSameElements() {
        List<String> elements = elements(30_000, 1);
        String key = "hll:" + UUID.randomUUID();
        for (int from = 0; from < elements.size(); from += 1_000) {
            connection.sync().pfadd(key, elements.subList(from, from + 1_000).toArray(String[]::new));
        }
        RedisHyperLogLog sketch = new RedisHyperLogLog();
        elements.forEach(e -> sketch.add(e.getBytes(StandardCharsets.UTF_8)));
        // PFDEBUG GETREG answers every register of the key (converting it to dense first).
        List<Object> theirs = connection.sync().dispatch(PFDEBUG, new ArrayOutput<>(StringCodec.UTF8),
                new CommandArgs<>(StringCodec.UTF8).add("GETREG").addKey(key));
        assertThat(theirs).hasSize(RedisHyperLogLog.REGISTERS);
        int differing = 0;
        int set = 0;
        for (int r = 0; r < RedisHyperLogLog.REGISTERS; r++) {
            if (((Long) theirs.get(r)).intValue() != sketch.register(r)) {
                differing++;
            }
            if (sketch.register(r) > 0) {
                set++;
            }
        }
        assertThat(set).as("most registers are set by 30,000 elements").isGreaterThan(12_000);
        assertThat(differing).isZero();
    }

    @Test
    void aDenseSketch_isTakenByRedis_countedAndMergedAsThoughItsElementsWereAdded() {
        List<String> elements = elements(5_000, 2);
        String added = "hll:" + UUID.randomUUID();
        String sent = "hll:" + UUID.randomUUID();
        connection.sync().pfadd(added, elements.toArray(String[]::new));
        binary.async().set(sent, RedisHyperLogLog.denseOf(elements)).toCompletableFuture().join();
        assertThat(connection.sync().pfcount(sent)).as("the sketch's stale cached count is computed").isEqualTo(connection.sync().pfcount(added));

        List<String> more = elements(2_000, 3);
        connection.sync().pfadd(added, more.toArray(String[]::new));
        connection.sync().pfadd(sent, more.toArray(String[]::new));
        String merged = "hll:" + UUID.randomUUID();
        connection.sync().pfmerge(merged, sent);
        assertThat(connection.sync().pfcount(merged)).isEqualTo(connection.sync().pfcount(added))
                .isBetween(6_500L, 7_500L);
    }
}
