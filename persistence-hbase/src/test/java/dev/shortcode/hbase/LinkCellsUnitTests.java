package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.LinkTargets;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.junit.jupiter.api.Test;

class LinkCellsUnitTests {

    private static final long CREATED = 1_700_000_000_000L;
    private static final LinkRecord V1 = new LinkRecord("abc12", "https://example.com/a", "short", 864_000, false, CREATED, "key-1", 1);

    @Test
    void timestamps_orderPutsAndRemovalsByVersion() {
        long put1 = LinkCells.putTimestamp(CREATED, 1);
        long remove1 = LinkCells.removeTimestamp(CREATED, 1);
        long put2 = LinkCells.putTimestamp(CREATED, 2);
        long remove2 = LinkCells.removeTimestamp(CREATED, 2);
        assertThat(put1).isEqualTo(CREATED);
        assertThat(put1).isLessThan(remove1);
        assertThat(remove1).isLessThan(put2);
        assertThat(put2).isLessThan(remove2);
    }

    @Test
    void timestamps_ofALaterCreation_beatEveryVersionOfTheOldLink() {
        // A code is reissued only after its old link sat idle for its whole TTL: at least a second later.
        assertThat(LinkCells.putTimestamp(CREATED + 1_000, 1)).isGreaterThan(LinkCells.removeTimestamp(CREATED, 400));
    }

    @Test
    void timestamps_overflow_fails() {
        assertThatThrownBy(() -> LinkCells.putTimestamp(CREATED, Long.MAX_VALUE / 2)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void toPut_ofAPut_carriesTheEncodedRecordAtItsTimestamp_andReadsBack() {
        Put put = LinkCells.toPut(new ArchiveMutation.Put(V1.updated("https://example.com/b", 60, true)));
        Cell cell = single(put);
        assertThat(cell.getTimestamp()).isEqualTo(LinkCells.putTimestamp(CREATED, 2));
        assertThat(put.getRow()).isEqualTo(LinkRowKey.of("abc12"));
        LinkRecord back = LinkCells.read("abc12", Result.create(List.of(cell))).orElseThrow();
        assertThat(back).isEqualTo(V1.updated("https://example.com/b", 60, true));
    }

    @Test
    void toPut_ofARecordAsTheOutboxCarriesIt_isTheCellOfTheDecodedLink() {
        LinkRecord v2 = V1.updated("https://example.com/b", 60, true);
        Cell fromLink = single(LinkCells.toPut(new ArchiveMutation.Put(v2)));
        Cell fromRecord = single(LinkCells.toPut(ArchiveMutation.Put.ofRecord("abc12", LinkRecordCodec.encode(v2))));
        assertThat(fromRecord.getTimestamp()).isEqualTo(fromLink.getTimestamp());
        assertThat(CellUtil.cloneRow(fromRecord)).isEqualTo(CellUtil.cloneRow(fromLink));
        assertThat(CellUtil.cloneValue(fromRecord)).isEqualTo(CellUtil.cloneValue(fromLink));
        assertThat(LinkCells.read("abc12", Result.create(List.of(fromRecord)))).contains(v2);
    }

    @Test
    void toPut_ofALinkWithTargets_readsBackWithThem() {
        LinkRecord withTargets = V1.updated(V1.url(), V1.ttlSeconds(), false,
                new LinkTargets("app://x", null, null, new LinkTargets.WeChat("wx0123456789abcdef", null, "q=1", null)));
        Cell cell = single(LinkCells.toPut(new ArchiveMutation.Put(withTargets)));
        assertThat(LinkCells.read("abc12", Result.create(List.of(cell)))).contains(withTargets);
    }

    @Test
    void toPut_ofARemove_isAnEmptyTombstoneThatReadsAsAbsent() {
        Put put = LinkCells.toPut(new ArchiveMutation.Remove("abc12", CREATED, 3));
        Cell cell = single(put);
        assertThat(cell.getTimestamp()).isEqualTo(LinkCells.removeTimestamp(CREATED, 3));
        assertThat(cell.getValueLength()).isZero();
        assertThat(LinkCells.read("abc12", Result.create(List.of(cell)))).isEmpty();
        assertThat(LinkCells.read("abc12", Result.EMPTY_RESULT)).isEmpty();
    }

    @Test
    void toPut_ofARemoveWithoutVersion_fails() {
        assertThatThrownBy(() -> LinkCells.toPut(new ArchiveMutation.Remove("abc12", CREATED, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("abc12");
    }

    private static Cell single(Put put) {
        List<Cell> cells = put.getFamilyCellMap().get(LinkCells.FAMILY);
        assertThat(cells).hasSize(1);
        return cells.get(0);
    }
}
