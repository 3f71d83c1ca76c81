package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static dev.shortcode.hbase.TestLinks.link;
import static dev.shortcode.hbase.TestLinks.put;
import static dev.shortcode.hbase.TestLinks.remove;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HBaseArchiveIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static HBaseArchiveOptions config;
    private static HBaseStorage storage;
    private static HBaseArchive archive;

    @BeforeAll
    static void open() {
        config = CLUSTER.archiveConfig().writeBatchSize(200).build();
        storage = HBaseStorage.open(config);
        archive = storage.archive();
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    @Test
    void write_newLink_getReturnsIt() {
        LinkRecord link = link();
        await(archive.write(List.of(put(link))));
        assertThat(await(archive.get(link.code()))).contains(link);
    }

    @Test
    void write_linkWithTargets_getReturnsThemAndAnUpdateWithoutThemClearsThem() {
        LinkRecord plain = link();
        LinkRecord v1 = new LinkRecord(plain.code(), plain.url(), plain.pool(), plain.ttlSeconds(), plain.permanent(),
                plain.createdAtMillis(), plain.ownerKeyId(), 1, new LinkTargets("jdmobile://item/9", "https://android.example/9",
                        "https://desktop.example/9", new LinkTargets.WeChat("wx0123456789abcdef", "pages/item/index", "id=9", "release")));
        await(archive.write(List.of(put(v1))));
        assertThat(await(archive.get(v1.code()))).contains(v1);

        LinkRecord v2 = v1.updated(v1.url(), v1.ttlSeconds(), v1.permanent(), LinkTargets.NONE);
        await(archive.write(List.of(put(v2))));
        assertThat(await(archive.get(v1.code()))).hasValueSatisfying(l -> assertThat(l.targets()).isSameAs(LinkTargets.NONE));
    }

    @Test
    void get_unknownCode_isEmpty() {
        assertThat(await(archive.get(TestLinks.code()))).isEmpty();
    }

    @Test
    void write_emptyBatch_completes() {
        assertThat(await(archive.write(List.of()))).isNull();
    }

    @Test
    void write_update_getReturnsTheNewestVersion() {
        LinkRecord v1 = link();
        LinkRecord v2 = v1.updated("https://example.com/v2", 60, false);
        await(archive.write(List.of(put(v1))));
        await(archive.write(List.of(put(v2))));
        assertThat(await(archive.get(v1.code()))).contains(v2);
    }

    @Test
    void write_remove_getIsEmptyAfterwards() {
        LinkRecord link = link();
        await(archive.write(List.of(put(link))));
        await(archive.write(List.of(remove(link))));
        assertThat(await(archive.get(link.code()))).isEmpty();
    }

    @Test
    void write_sameBatchTwice_leavesTheSameNewestCells() throws Exception {
        List<ArchiveMutation> batch = new ArrayList<>();
        Map<String, Optional<LinkRecord>> expected = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            LinkRecord v1 = link();
            batch.add(put(v1));
            switch (i % 3) {
                case 0 -> expected.put(v1.code(), Optional.of(v1));
                case 1 -> {
                    LinkRecord v2 = v1.updated("https://example.com/moved/" + i, 120, true);
                    batch.add(put(v2));
                    expected.put(v1.code(), Optional.of(v2));
                }
                default -> {
                    batch.add(remove(v1));
                    expected.put(v1.code(), Optional.empty());
                }
            }
        }
        await(archive.write(batch));
        Map<String, Cell> first = newestCells(expected.keySet());
        await(archive.write(batch));
        assertThat(newestCells(expected.keySet())).isEqualTo(first);
        for (Map.Entry<String, Optional<LinkRecord>> e : expected.entrySet()) {
            assertThat(await(archive.get(e.getKey()))).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @Test
    void write_oldPutReplayedAfterRemove_staysRemoved() {
        LinkRecord v1 = link();
        LinkRecord v2 = v1.updated("https://example.com/v2", 60, true);
        await(archive.write(List.of(put(v1), put(v2), remove(v2))));
        await(archive.write(List.of(put(v2))));
        await(archive.write(List.of(put(v1))));
        assertThat(await(archive.get(v1.code()))).isEmpty();
    }

    @Test
    void write_removeArrivingBeforeItsPuts_stillWins() {
        LinkRecord v1 = link();
        await(archive.write(List.of(remove(v1))));
        await(archive.write(List.of(put(v1))));
        assertThat(await(archive.get(v1.code()))).isEmpty();
    }

    @Test
    void write_olderPutReplayedAfterNewerPut_newestWins() {
        LinkRecord v1 = link();
        LinkRecord v2 = v1.updated("https://example.com/v2", 60, true);
        LinkRecord v3 = v2.updated("https://example.com/v3", 90, true);
        await(archive.write(List.of(put(v3))));
        await(archive.write(List.of(put(v1), put(v2))));
        assertThat(await(archive.get(v1.code()))).contains(v3);
    }

    @Test
    void write_oldPutReplayedAfterMajorCompaction_staysRemoved() {
        // A plain HBase Delete would lose here: major compaction purges delete markers.
        LinkRecord v1 = link();
        await(archive.write(List.of(put(v1), remove(v1))));
        CLUSTER.flushAndMajorCompact(config.linksTableName());
        await(archive.write(List.of(put(v1))));
        assertThat(await(archive.get(v1.code()))).isEmpty();
        CLUSTER.flushAndMajorCompact(config.linksTableName());
        assertThat(await(archive.get(v1.code()))).isEmpty();
    }

    @Test
    void write_codeReissuedAfterItsOldLinkWasRemoved_servesTheNewLink() {
        LinkRecord old = link();
        LinkRecord reissued = new LinkRecord(old.code(), "https://example.com/new-owner", "long", 3_600, true,
                old.createdAtMillis() + 86_400_000L, "key-other", 1);
        await(archive.write(List.of(put(old), remove(old), put(reissued))));
        await(archive.write(List.of(put(old))));
        assertThat(await(archive.get(old.code()))).contains(reissued);
    }

    @Test
    void write_batchLargerThanTheWriteBatchSize_storesEveryLink() {
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < config.writeBatchSize() * 5 + 17; i++) {
            links.add(link());
        }
        await(archive.write(links.stream().<ArchiveMutation>map(TestLinks::put).toList()));
        for (LinkRecord link : links) {
            assertThat(await(archive.get(link.code()))).contains(link);
        }
    }

    @Test
    void write_batchWithAnUnstorableLink_failsBeforeWritingAnyOfIt() {
        LinkRecord good = link();
        LinkRecord bad = new LinkRecord(TestLinks.code(), "https://example.com/a\tb", "long", 60, true, 1L, "key-test", 1);
        assertThatThrownBy(() -> await(archive.write(List.of(put(good), put(bad)))))
                .hasRootCauseInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not contain tabs");
        assertThat(await(archive.get(good.code()))).isEmpty();
    }

    @Test
    void write_manySmallBatchesAtOnce_allComplete_andAreStored() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<LinkRecord>>> results = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                results.add(writers.submit(() -> {
                    List<LinkRecord> written = new ArrayList<>();
                    for (int b = 0; b < 40; b++) {
                        List<LinkRecord> batch = List.of(link(), link(), link());
                        await(archive.write(batch.stream().<ArchiveMutation>map(TestLinks::put).toList()));
                        written.addAll(batch);
                    }
                    return written;
                }));
            }
            List<CompletableFuture<Optional<LinkRecord>>> reads = new ArrayList<>();
            List<LinkRecord> all = new ArrayList<>();
            for (Future<List<LinkRecord>> r : results) {
                for (LinkRecord link : r.get()) {
                    all.add(link);
                    reads.add(archive.get(link.code()).toCompletableFuture());
                }
            }
            assertThat(all).hasSize(8 * 40 * 3);
            for (int i = 0; i < all.size(); i++) {
                assertThat(await(reads.get(i))).contains(all.get(i));
            }
        } finally {
            writers.shutdownNow();
        }
    }

    @Test
    void addIssued_concurrentIncrements_areSummedPerDay() throws Exception {
        String pool = "p" + TestLinks.code();
        LocalDate day = LocalDate.of(2025, 6, 1);
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        await(archive.addIssued(pool, day, 10));
                        await(archive.addIssued(pool, day.plusDays(1), 1));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(await(archive.issuedPerDay(pool, day, day.plusDays(1))))
                .containsExactly(Map.entry(day, 3_000L), Map.entry(day.plusDays(1), 300L));
    }

    @Test
    void issuedPerDay_range_isInclusive_skipsEmptyDays_andKeepsPoolsApart() {
        String pool = "q" + TestLinks.code();
        LocalDate first = LocalDate.of(2024, 12, 30);
        await(archive.addIssued(pool, first, 5));
        await(archive.addIssued(pool, first.plusDays(2), 7));
        await(archive.addIssued(pool, first.plusDays(4), 11));
        await(archive.addIssued(pool + "x", first.plusDays(2), 1_000));
        await(archive.addIssued(pool, first.plusDays(3), 0));

        assertThat(await(archive.issuedPerDay(pool, first, first.plusDays(4))))
                .containsExactly(Map.entry(first, 5L), Map.entry(first.plusDays(2), 7L), Map.entry(first.plusDays(4), 11L));
        assertThat(await(archive.issuedPerDay(pool, first.plusDays(1), first.plusDays(2))))
                .containsExactly(Map.entry(first.plusDays(2), 7L));
        assertThat(await(archive.issuedPerDay(pool, first.plusDays(5), first.plusDays(9)))).isEmpty();
        assertThat(await(archive.issuedPerDay(pool, first.plusDays(4), first))).isEmpty();
        assertThat(await(archive.issuedPerDay(pool + "x", first, first.plusDays(9))))
                .containsExactly(Map.entry(first.plusDays(2), 1_000L));
    }

    /** The newest cell of each code's row, as HBase returns it: timestamp and value. */
    private static Map<String, Cell> newestCells(Iterable<String> codes) throws Exception {
        Map<String, Cell> cells = new HashMap<>();
        try (Connection connection = ConnectionFactory.createConnection(CLUSTER.clientConfiguration());
                Table table = connection.getTable(TableName.valueOf(config.linksTableName()))) {
            for (String code : codes) {
                Result result = table.get(new Get(LinkRowKey.of(code)));
                org.apache.hadoop.hbase.Cell cell = result.getColumnLatestCell(LinkCells.FAMILY, LinkCells.RECORD);
                cells.put(code, new Cell(cell.getTimestamp(), new String(org.apache.hadoop.hbase.CellUtil.cloneValue(cell))));
            }
        }
        return Collections.unmodifiableMap(cells);
    }

    private record Cell(long timestamp, String value) {}
}
