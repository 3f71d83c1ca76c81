package dev.shortcode.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.embedded.EmbeddedStorageException;
import dev.shortcode.hbase.HBaseArchiveException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class StorageOutageUnitTests {

    @Test
    void unreachableOrBusyStorage_isAnOutage_evenWhenWrapped() {
        assertThat(StorageOutage.describe(new CompletionException(new RedisCommandTimeoutException("Command timed out after 2 second(s)"))))
                .hasValueSatisfying(detail -> assertThat(detail).startsWith("Redis did not answer (RedisCommandTimeoutException)"));
        assertThat(StorageOutage.describe(new RedisConnectionException("Unable to connect to 10.0.0.7:6379")))
                .hasValueSatisfying(detail -> assertThat(detail).as("no addresses leak to clients").doesNotContain("10.0.0.7"));
        assertThat(StorageOutage.describe(new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'.")))
                .hasValueSatisfying(detail -> assertThat(detail).contains("(OOM)"));
        assertThat(StorageOutage.describe(new RedisCommandExecutionException("CLUSTERDOWN The cluster is down"))).isPresent();
        assertThat(StorageOutage.describe(new IllegalStateException("put failed", new HBaseArchiveException("put into links timed out",
                new IOException("retries exhausted"))))).hasValueSatisfying(detail -> assertThat(detail).contains("HBase"));
        assertThat(StorageOutage.describe(new EmbeddedStorageException("write failed", new IOException("No space left on device"))))
                .hasValueSatisfying(detail -> assertThat(detail).contains("embedded store failed"));
    }

    @Test
    void bugsAndBadCommands_areNotOutages() {
        assertThat(StorageOutage.describe(new RedisCommandExecutionException("WRONGTYPE Operation against a key holding the wrong kind of value")))
                .isEmpty();
        assertThat(StorageOutage.describe(new RedisCommandExecutionException((String) null))).isEmpty();
        assertThat(StorageOutage.describe(new CompletionException(new NullPointerException()))).isEmpty();
        assertThat(StorageOutage.describe(new IllegalArgumentException("bad"))).isEmpty();
    }
}
