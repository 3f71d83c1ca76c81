package dev.shortcode.hbase;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;

/**
 * The small stores' tables (keys, moderation, watermarks, clicks) with the archive's timeouts on
 * every operation, scan and RPC, and the deadline that guards each of their stages.
 */
final class BoundedTables {

    private BoundedTables() {
    }

    static AsyncTable<AdvancedScanResultConsumer> open(AsyncConnection connection, TableName table, HBaseArchiveOptions config) {
        long operationMs = config.operationTimeout().toMillis();
        return connection.getTableBuilder(table)
                .setOperationTimeout(operationMs, TimeUnit.MILLISECONDS)
                .setScanTimeout(operationMs, TimeUnit.MILLISECONDS)
                .setRpcTimeout(config.rpcTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .build();
    }

    /** HBase's own timeout plus slack: a second guard so that no stage stays open for ever. */
    static Duration deadline(HBaseArchiveOptions config) {
        return config.operationTimeout().plusSeconds(1);
    }
}
