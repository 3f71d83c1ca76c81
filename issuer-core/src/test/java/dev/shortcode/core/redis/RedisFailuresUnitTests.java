package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.StorageUnavailableException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import java.net.SocketException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class RedisFailuresUnitTests {

    @Test
    void translate_unreachableOrBusyRedis_isAnOutage_evenWhenWrapped() {
        assertThat(RedisFailures.translate(new CompletionException(new RedisCommandTimeoutException("Command timed out after 2 second(s)"))))
                .isInstanceOf(StorageUnavailableException.class).hasMessageContaining("RedisCommandTimeoutException")
                .satisfies(e -> assertThat(((StorageUnavailableException) e).store()).isEqualTo("redis"));
        assertThat(RedisFailures.translate(new RedisConnectionException("Unable to connect to 10.0.0.7:6379")))
                .isInstanceOf(StorageUnavailableException.class);
        assertThat(RedisFailures.translate(new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'.")))
                .isInstanceOf(StorageUnavailableException.class);
        assertThat(RedisFailures.translate(new RedisCommandExecutionException("CLUSTERDOWN The cluster is down")))
                .isInstanceOf(StorageUnavailableException.class);
        assertThat(RedisFailures.translate(new RedisException("Connection closed"))).isInstanceOf(StorageUnavailableException.class);
        assertThat(RedisFailures.translate(new RedisException("io", new SocketException("Connection reset"))))
                .as("a reset connection, which the mapping once did not know").isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void mayHaveBeenApplied_whenNoReplyCame_notWhenRedisRefused() {
        assertThat(RedisFailures.mayHaveBeenApplied(new CompletionException(new RedisCommandTimeoutException("timed out")))).isTrue();
        assertThat(RedisFailures.mayHaveBeenApplied(new RedisException("Connection closed"))).isTrue();
        assertThat(RedisFailures.mayHaveBeenApplied(new RedisException("io", new SocketException("Connection reset")))).isTrue();
        assertThat(RedisFailures.mayHaveBeenApplied(new CompletionException(
                new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'.")))).isFalse();
        assertThat(RedisFailures.mayHaveBeenApplied(new RedisCommandExecutionException("READONLY You can't write against a read only replica.")))
                .isFalse();
        assertThat(RedisFailures.mayHaveBeenApplied(new IllegalStateException("a bug"))).as("not an outage").isFalse();
    }

    @Test
    void translate_badCommandsAndBugs_stayWhatTheyAre() {
        RedisCommandExecutionException wrongType = new RedisCommandExecutionException("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThat(RedisFailures.translate(wrongType)).isSameAs(wrongType);
        assertThat(RedisFailures.translate(new RedisCommandExecutionException((String) null))).isNotInstanceOf(StorageUnavailableException.class);
        NullPointerException bug = new NullPointerException();
        assertThat(RedisFailures.translate(new CompletionException(bug))).isSameAs(bug);
    }

    @Test
    void translated_completesWithTheTranslatedFailure() {
        CompletableFuture<String> failed = CompletableFuture.failedFuture(new RedisCommandTimeoutException("timed out"));
        assertThat(RedisFailures.translated(failed)).failsWithin(java.time.Duration.ofSeconds(1)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(StorageUnavailableException.class);
        assertThat(RedisFailures.translated(CompletableFuture.completedFuture("ok")).join()).isEqualTo("ok");
    }
}
