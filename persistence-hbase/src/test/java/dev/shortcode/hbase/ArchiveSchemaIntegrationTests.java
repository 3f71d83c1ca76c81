package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ArchiveSchemaIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static Connection connection;
    private static Admin admin;

    @BeforeAll
    static void connect() throws Exception {
        connection = ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
        admin = connection.getAdmin();
    }

    @AfterAll
    static void disconnect() throws Exception {
        admin.close();
        connection.close();
    }

    @Test
    void open_onAnEmptyNamespace_createsFiveTablesWithTheirDescriptors() throws Exception {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().preSplitRegions(8).build();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            LinkRecord link = TestLinks.link();
            await(storage.archive().write(List.of(TestLinks.put(link))));
            assertThat(await(storage.archive().get(link.code()))).contains(link);
            assertThat(Arrays.stream(admin.listNamespaceDescriptors()).map(d -> d.getName())).contains(config.namespace());

            TableDescriptor links = admin.getDescriptor(TableName.valueOf(config.linksTableName()));
            ColumnFamilyDescriptor l = links.getColumnFamily(LinkCells.FAMILY);
            assertThat(links.getColumnFamilyCount()).isEqualTo(2);
            ColumnFamilyDescriptor index = links.getColumnFamily(IndexCells.FAMILY);
            assertThat(index.getMaxVersions()).isEqualTo(1);
            assertThat(index.getCompressionType()).isEqualTo(Compression.Algorithm.GZ);
            assertThat(l.getBloomFilterType()).isEqualTo(BloomType.ROW);
            assertThat(l.getMaxVersions()).isEqualTo(1);
            assertThat(l.getCompressionType()).isEqualTo(Compression.Algorithm.GZ);
            assertThat(l.getBlocksize()).isEqualTo(ArchiveSchema.LINKS_BLOCK_SIZE);

            List<RegionInfo> regions = admin.getRegions(TableName.valueOf(config.linksTableName()));
            assertThat(regions).hasSize(8);
            assertThat(regions.stream().map(r -> r.getStartKey().length == 0 ? -1 : r.getStartKey()[0] & 0xff).sorted())
                    .containsExactly(-1, 32, 64, 96, 128, 160, 192, 224);

            for (String table : List.of(config.countsTableName(), config.watermarksTableName(), config.keysTableName())) {
                TableDescriptor descriptor = admin.getDescriptor(TableName.valueOf(table));
                ColumnFamilyDescriptor family = descriptor.getColumnFamilies()[0];
                assertThat(family.getBloomFilterType()).as(table).isEqualTo(BloomType.ROW);
                assertThat(family.getMaxVersions()).as(table).isEqualTo(1);
                assertThat(family.getCompressionType()).as(table).isEqualTo(Compression.Algorithm.GZ);
                assertThat(admin.getRegions(TableName.valueOf(table))).as(table).hasSize(1);
            }
            assertThat(admin.getDescriptor(TableName.valueOf(config.countsTableName())).getColumnFamily(DayCountRows.FAMILY)).isNotNull();
            assertThat(admin.getDescriptor(TableName.valueOf(config.watermarksTableName()))
                    .getColumnFamily(HBaseWatermarkStore.FAMILY).isInMemory()).isTrue();
            TableDescriptor keys = admin.getDescriptor(TableName.valueOf(config.keysTableName()));
            assertThat(keys.getColumnFamilyCount()).isEqualTo(1);
            assertThat(keys.getColumnFamily(HBaseApiKeyStore.FAMILY).isInMemory()).isTrue();
            TableDescriptor clicks = admin.getDescriptor(TableName.valueOf(config.clicksTableName()));
            assertThat(clicks.getColumnFamilyCount()).isEqualTo(3);
            assertThat(clicks.getColumnFamily(HBaseClickArchive.DAYS).getTimeToLive()).as("400 days").isEqualTo(400 * 86_400);
            assertThat(clicks.getColumnFamily(HBaseClickArchive.HOURS).getTimeToLive()).as("7 days").isEqualTo(7 * 86_400);
            assertThat(clicks.getColumnFamily(HBaseClickArchive.MONTHS).getTimeToLive()).as("120 months of 31 days")
                    .isEqualTo(120 * 31 * 86_400);
            assertThat(admin.getRegions(TableName.valueOf(config.clicksTableName()))).as("salted like links").hasSize(8);
        }
    }

    @Test
    void open_onExistingTables_keepsTheirLayoutAndData() throws Exception {
        HBaseArchiveOptions first = CLUSTER.archiveConfig().preSplitRegions(4).compression("NONE").build();
        LinkRecord link = TestLinks.link();
        try (HBaseStorage storage = HBaseStorage.open(first)) {
            await(storage.archive().write(List.of(TestLinks.put(link))));
        }
        HBaseArchiveOptions second = HBaseArchiveOptions.builder().zookeeperQuorum(first.zookeeperQuorum())
                .namespace(first.namespace()).preSplitRegions(16).compression("GZ").build();
        try (HBaseStorage storage = HBaseStorage.open(second)) {
            assertThat(await(storage.archive().get(link.code()))).contains(link);
        }
        assertThat(admin.getRegions(TableName.valueOf(first.linksTableName()))).hasSize(4);
        assertThat(admin.getDescriptor(TableName.valueOf(first.linksTableName())).getColumnFamily(LinkCells.FAMILY)
                .getCompressionType()).isEqualTo(Compression.Algorithm.NONE);
    }

    @Test
    void open_onANamespaceOfTheThreeEarlierTables_addsTheKeysTable_andKeepsTheData() throws Exception {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().build();
        LinkRecord link = TestLinks.link();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            await(storage.archive().write(List.of(TestLinks.put(link))));
        }
        // What a cluster set up before API keys moved to HBase looks like.
        TableName keys = TableName.valueOf(config.keysTableName());
        admin.disableTable(keys);
        admin.deleteTable(keys);
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            assertThat(admin.tableExists(keys)).isTrue();
            assertThat(await(storage.archive().get(link.code()))).contains(link);
            assertThat(await(storage.apiKeys().list())).isEmpty();
        }
    }

    @Test
    void open_onALinksTableFromBeforeTheIndex_addsTheIndexFamily_andKeepsTheLinks() throws Exception {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().build();
        LinkRecord link = TestLinks.link();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            await(storage.archive().write(List.of(TestLinks.put(link))));
        }
        TableName links = TableName.valueOf(config.linksTableName());
        admin.deleteColumnFamily(links, IndexCells.FAMILY);
        assertThat(admin.getDescriptor(links).hasColumnFamily(IndexCells.FAMILY)).isFalse();

        assertThatThrownBy(() -> HBaseStorage.open(HBaseArchiveOptions.builder().zookeeperQuorum(config.zookeeperQuorum())
                .namespace(config.namespace()).createTables(false).build()))
                .isInstanceOf(HBaseArchiveException.class).hasMessageContaining("link index family");
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            assertThat(admin.getDescriptor(links).hasColumnFamily(IndexCells.FAMILY)).isTrue();
            assertThat(await(storage.archive().get(link.code()))).contains(link);
        }
    }

    @Test
    void open_withTableCreationOff_andNoTables_failsNamingTheTableAndKey() {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().createTables(false).namespace("default")
                .linksTable("missing_" + TestLinks.code()).build();
        assertThatThrownBy(() -> HBaseStorage.open(config))
                .isInstanceOf(HBaseArchiveException.class)
                .hasMessageContaining(config.linksTableName())
                .hasMessageContaining("shortcode.hbase.create-tables")
                .hasCauseInstanceOf(TableNotFoundException.class);
    }

    @Test
    void open_byThreeNodesAtOnceOnAnEmptyNamespace_allSucceedAndShareTheTables() throws Exception {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().preSplitRegions(2).build();
        ExecutorService nodes = Executors.newFixedThreadPool(3);
        List<HBaseStorage> opened = new ArrayList<>();
        try {
            List<Future<HBaseStorage>> starts = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                starts.add(nodes.submit(() -> HBaseStorage.open(config)));
            }
            for (Future<HBaseStorage> start : starts) {
                opened.add(start.get());
            }
            LinkRecord link = TestLinks.link();
            await(opened.get(0).archive().write(List.of(TestLinks.put(link))));
            assertThat(await(opened.get(2).archive().get(link.code()))).contains(link);
            assertThat(admin.getRegions(TableName.valueOf(config.linksTableName()))).hasSize(2);
        } finally {
            opened.forEach(HBaseStorage::close);
            nodes.shutdownNow();
        }
    }
}
