package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ArchiveFootprint;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The archive's size as the region servers report it, before and after links arrive. */
class HBaseArchiveFootprintIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();
    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private HBaseArchiveOptions config;
    private HBaseStorage storage;

    @BeforeEach
    void open() {
        config = CLUSTER.archiveConfig().preSplitRegions(2).build();
        storage = HBaseStorage.open(config);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void measure_emptyThenFilledArchive_reportsItsRegionsAndTheirSizeInWholeMegabytes() {
        ArchiveFootprint empty = storage.footprint().measure(List.of()).archive();
        assertThat(empty.kind()).isEqualTo("hbase");
        assertThat(empty.regions()).isEqualTo(2);
        assertThat(empty.bytes()).isZero();
        assertThat(empty.links()).isEqualTo(-1);

        // 24,000 links with 300-character random URLs: about 8 MB of cells, 4 MB per region, more than
        // the whole megabyte HBase needs before it reports a region's size.
        SplittableRandom random = new SplittableRandom(7);
        long raw = 0;
        for (int batch = 0; batch < 24; batch++) {
            List<ArchiveMutation> mutations = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                LinkRecord link = new LinkRecord(TestLinks.code(), "https://example.com/" + text(random, 300), "long", 2_592_000, true,
                        1_760_000_000_000L + batch * 1_000L + i, "key-test", 1);
                raw += link.url().length() + 40;
                mutations.add(new ArchiveMutation.Put(link));
            }
            await(storage.archive().write(mutations));
        }

        Footprint inMemstores = storage.footprint().measure(List.of());
        CLUSTER.flushAndMajorCompact(config.linksTableName());
        Footprint inFiles = storage.footprint().measure(List.of());

        assertThat(inMemstores.archive().bytes()).as("memstores count too").isGreaterThanOrEqualTo(2L << 20);
        assertThat(inFiles.archive().bytes()).as("compressed store files, at least a MB per region").isGreaterThanOrEqualTo(2L << 20)
                .isLessThanOrEqualTo(raw + (2L << 20));
        assertThat(inFiles.archive().method()).contains("RegionMetrics of " + config.linksTableName()).contains("whole MB per region");
        assertThat(inFiles.commands()).as("one listing and one RPC per region server").isEqualTo(2);
    }

    private static String text(SplittableRandom random, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append(ALPHABET.charAt(random.nextInt(62)));
        }
        return b.toString();
    }
}
