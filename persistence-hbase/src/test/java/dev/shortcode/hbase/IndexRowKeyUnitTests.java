package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.index.IndexKeys;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class IndexRowKeyUnitTests {

    @Test
    void salts_ofSixteenBuckets_areTheStartsOfSixteenPreSplitRegions() {
        IndexRowKey keys = new IndexRowKey(16);
        byte[][] splits = LinkRowKey.splitKeys(16);
        assertThat(keys.salt(0)).isEqualTo((byte) 0);
        for (int b = 1; b < 16; b++) {
            assertThat(keys.salt(b)).as("bucket %d", b).isEqualTo(splits[b - 1][0]);
        }
    }

    @Test
    void bucketOf_sequentialAliases_spreadsOneOwnersRowsEvenlyOverTheBuckets() {
        IndexRowKey keys = new IndexRowKey(16);
        int[] rows = new int[16];
        for (int i = 0; i < 160_000; i++) {
            rows[keys.bucketOf("promo" + i)]++;
        }
        assertThat(Arrays.stream(rows).min().getAsInt()).isGreaterThan(9_000);
        assertThat(Arrays.stream(rows).max().getAsInt()).isLessThan(11_000);
    }

    @Test
    void timeRow_isTheCodesSaltThenTheSharedKey_andUnsaltsBack() {
        IndexRowKey keys = new IndexRowKey(16);
        byte[] row = keys.timeRow("key-1", 1_770_000_000_000L, "aZ09x");
        assertThat(row[0]).isEqualTo(keys.salt(keys.bucketOf("aZ09x")));
        assertThat(IndexRowKey.unsalted(row)).isEqualTo(IndexKeys.timeKey("key-1", 1_770_000_000_000L, "aZ09x"));
        assertThat(keys.tagRow("key-1", "spring", 1_770_000_000_000L, "aZ09x")[0]).as("a link's rows share its bucket").isEqualTo(row[0]);
    }

    @Test
    void externalIdRow_isFoundFromOwnerAndIdAlone() {
        IndexRowKey keys = new IndexRowKey(16);
        assertThat(keys.externalIdRow("key-1", "order-17")).isEqualTo(new IndexRowKey(16).externalIdRow("key-1", "order-17"));
        assertThat(IndexRowKey.unsalted(keys.externalIdRow("key-1", "order-17"))).isEqualTo(IndexKeys.externalIdKey("key-1", "order-17"));
    }

    @Test
    void oneBucket_isSaltZero_andBucketsOutsideTheSaltByteAreRefused() {
        assertThat(new IndexRowKey(1).timeRow("k", 1L, "abc")[0]).isZero();
        assertThatThrownBy(() -> new IndexRowKey(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IndexRowKey(257)).isInstanceOf(IllegalArgumentException.class);
    }
}
