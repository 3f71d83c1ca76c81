package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class HBaseArchiveOptionsUnitTests {

    private static HBaseArchiveOptions.Builder valid() {
        return HBaseArchiveOptions.builder().zookeeperQuorum("zk-1.example:2181,zk-2.example:2181");
    }

    @Test
    void build_withQuorumOnly_takesTheDefaults() {
        HBaseArchiveOptions config = valid().build();
        String namespace = HBaseArchiveOptions.DEFAULT_NAMESPACE;
        assertThat(config.namespace()).isEqualTo(namespace);
        assertThat(config.linksTableName()).isEqualTo(namespace + ":" + HBaseArchiveOptions.DEFAULT_LINKS_TABLE);
        assertThat(config.countsTableName()).isEqualTo(namespace + ":" + HBaseArchiveOptions.DEFAULT_COUNTS_TABLE);
        assertThat(config.watermarksTableName()).isEqualTo(namespace + ":" + HBaseArchiveOptions.DEFAULT_WATERMARKS_TABLE);
        assertThat(config.keysTableName()).isEqualTo(namespace + ":" + HBaseArchiveOptions.DEFAULT_KEYS_TABLE);
        assertThat(config.clicksTableName()).isEqualTo(namespace + ":" + HBaseArchiveOptions.DEFAULT_CLICKS_TABLE);
        assertThat(config.znodeParent()).isEqualTo(HBaseArchiveOptions.DEFAULT_ZNODE_PARENT);
        assertThat(config.preSplitRegions()).isEqualTo(Integer.parseInt(HBaseArchiveOptions.DEFAULT_PRE_SPLIT_REGIONS));
        assertThat(config.indexBuckets()).isEqualTo(16).isEqualTo(Integer.parseInt(HBaseArchiveOptions.DEFAULT_INDEX_BUCKETS));
        assertThat(config.compression()).isEqualTo(HBaseArchiveOptions.DEFAULT_COMPRESSION);
        assertThat(config.createTables()).isEqualTo(Boolean.parseBoolean(HBaseArchiveOptions.DEFAULT_CREATE_TABLES));
        assertThat(config.writeBatchSize()).isEqualTo(Integer.parseInt(HBaseArchiveOptions.DEFAULT_WRITE_BATCH_SIZE));
        assertThat(config.flushInterval()).isEqualTo(Duration.parse(HBaseArchiveOptions.DEFAULT_FLUSH_INTERVAL));
        assertThat(config.operationTimeout()).isEqualTo(Duration.parse(HBaseArchiveOptions.DEFAULT_OPERATION_TIMEOUT));
        assertThat(config.rpcTimeout()).isEqualTo(Duration.parse(HBaseArchiveOptions.DEFAULT_RPC_TIMEOUT));
    }

    @Test
    void keysTable_renamed_isUsedInItsTableName() {
        HBaseArchiveOptions config = valid().namespace("prod").keysTable("api_keys").build();
        assertThat(config.keysTable()).isEqualTo("api_keys");
        assertThat(config.keysTableName()).isEqualTo("prod:api_keys");
    }

    @Test
    void compression_inAnyCase_isNormalisedToUpperCase() {
        assertThat(valid().compression("none").build().compression()).isEqualTo("NONE");
    }

    @Test
    void quorum_missingOrNotHostPort_namesTheKey() {
        String key = "shortcode.hbase.zookeeper-quorum";
        expectKey(() -> HBaseArchiveOptions.builder().build(), key, "missing");
        expectKey(() -> HBaseArchiveOptions.builder().zookeeperQuorum(" ").build(), key, "missing");
        expectKey(() -> HBaseArchiveOptions.builder().zookeeperQuorum("zk-1").build(), key, "'zk-1' is not host:port");
        expectKey(() -> HBaseArchiveOptions.builder().zookeeperQuorum("zk-1:2181,").build(), key, "'' is not host:port");
        expectKey(() -> HBaseArchiveOptions.builder().zookeeperQuorum("zk-1:70000").build(), key, "port 70000");
        expectKey(() -> HBaseArchiveOptions.builder().zookeeperQuorum("zk-1:0").build(), key, "port 0");
    }

    @Test
    void names_invalidForHBase_nameTheKey() {
        expectKey(() -> valid().namespace("a:b").build(), "shortcode.hbase.namespace", "not a valid HBase name");
        expectKey(() -> valid().linksTable("").build(), "shortcode.hbase.tables.links", "not a valid HBase name");
        expectKey(() -> valid().countsTable(".hidden").build(), "shortcode.hbase.tables.counts", "not a valid HBase name");
        expectKey(() -> valid().watermarksTable(null).build(), "shortcode.hbase.tables.watermarks", "not a valid HBase name");
        expectKey(() -> valid().keysTable("a b").build(), "shortcode.hbase.tables.keys", "not a valid HBase name");
        expectKey(() -> valid().keysTable(null).build(), "shortcode.hbase.tables.keys", "not a valid HBase name");
        expectKey(() -> valid().clicksTable("a b").build(), "shortcode.hbase.tables.clicks", "not a valid HBase name");
        expectKey(() -> valid().countsTable("links").build(), "shortcode.hbase.tables.counts", "five different tables");
        expectKey(() -> valid().keysTable("watermarks").build(), "shortcode.hbase.tables.keys",
                "links, counts, watermarks, keys and clicks need five different tables: links, counts, watermarks, watermarks, clicks");
        expectKey(() -> valid().linksTable("keys").build(), "shortcode.hbase.tables.keys", "five different tables");
        expectKey(() -> valid().clicksTable("counts").build(), "shortcode.hbase.tables.clicks", "five different tables");
        expectKey(() -> valid().znodeParent("hbase").build(), "shortcode.hbase.zookeeper-znode-parent", "absolute znode path");
    }

    @Test
    void numbers_outOfRange_nameTheKey() {
        expectKey(() -> valid().preSplitRegions(0).build(), "shortcode.hbase.pre-split-regions", "0 is outside 1..256");
        expectKey(() -> valid().preSplitRegions(257).build(), "shortcode.hbase.pre-split-regions", "257 is outside 1..256");
        expectKey(() -> valid().indexBuckets(0).build(), "shortcode.hbase.index.salt-buckets", "0 is outside 1..256");
        expectKey(() -> valid().indexBuckets(257).build(), "shortcode.hbase.index.salt-buckets", "257 is outside 1..256");
        expectKey(() -> valid().writeBatchSize(0).build(), "shortcode.hbase.write.batch-size", "outside 1..100000");
        expectKey(() -> valid().compression("BROTLI").build(), "shortcode.hbase.compression", "not one of [NONE, GZ");
    }

    @Test
    void durations_notPositiveOrInconsistent_nameTheKey() {
        expectKey(() -> valid().flushInterval(Duration.ZERO).build(), "shortcode.hbase.write.flush-interval", "positive");
        expectKey(() -> valid().operationTimeout(null).build(), "shortcode.hbase.operation-timeout", "positive");
        expectKey(() -> valid().rpcTimeout(Duration.ofMillis(-1)).build(), "shortcode.hbase.rpc-timeout", "positive");
        expectKey(() -> valid().operationTimeout(Duration.ofSeconds(2)).rpcTimeout(Duration.ofSeconds(3)).build(),
                "shortcode.hbase.rpc-timeout", "must not exceed operation-timeout");
    }

    @Test
    void clientConfiguration_carriesQuorumAndTimeouts() {
        HBaseArchiveOptions config = valid().znodeParent("/hbase-prod").operationTimeout(Duration.ofSeconds(7))
                .rpcTimeout(Duration.ofSeconds(2)).build();
        Configuration conf = HBaseStorage.clientConfiguration(config);
        assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk-1.example:2181,zk-2.example:2181");
        assertThat(conf.get("zookeeper.znode.parent")).isEqualTo("/hbase-prod");
        assertThat(conf.getLong("hbase.client.operation.timeout", 0)).isEqualTo(7_000);
        assertThat(conf.getLong("hbase.client.meta.operation.timeout", 0)).isEqualTo(7_000);
        assertThat(conf.getLong("hbase.rpc.timeout", 0)).isEqualTo(2_000);
        assertThat(conf.getInt("zookeeper.recovery.retry", 0)).isEqualTo(HBaseStorage.ZOOKEEPER_ATTEMPTS);
    }

    private static void expectKey(Supplier<?> build, String key, String problem) {
        assertThatThrownBy(build::get)
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).key()).isEqualTo(key))
                .hasMessageStartingWith(key + ": ")
                .hasMessageContaining(problem);
    }
}
