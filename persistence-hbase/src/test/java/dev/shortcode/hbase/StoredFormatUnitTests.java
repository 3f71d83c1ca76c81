package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.lease.Watermark;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Row keys of the counts and watermarks tables, and the watermark cell's byte order. */
class StoredFormatUnitTests {

    @Test
    void dayRow_isPoolZeroDate_andGivesTheDayBack() {
        byte[] row = DayCountRows.of("short", LocalDate.of(2025, 3, 7));
        assertThat(new String(row, StandardCharsets.US_ASCII)).isEqualTo("short\u000020250307");
        assertThat(DayCountRows.day(row)).isEqualTo(LocalDate.of(2025, 3, 7));
    }

    @Test
    void dayRows_ofOnePool_sortByDay_andApartFromALongerPoolName() {
        byte[] shortLast = DayCountRows.of("short", LocalDate.of(2099, 12, 31));
        byte[] shorterFirst = DayCountRows.of("shorter", LocalDate.of(2000, 1, 1));
        assertThat(Bytes.compareTo(shortLast, shorterFirst)).isNegative();
        assertThat(Bytes.compareTo(DayCountRows.of("short", LocalDate.of(2025, 1, 31)),
                DayCountRows.of("short", LocalDate.of(2025, 2, 1)))).isNegative();
    }

    @Test
    void dayRow_ofABadPoolOrYear_fails() {
        assertThatThrownBy(() -> DayCountRows.of("a\0b", LocalDate.of(2025, 1, 1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DayCountRows.of("short", LocalDate.of(10_000, 1, 1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void watermarkCell_bytesCompareLikeWatermarks() {
        Watermark[] ordered = {
            new Watermark(0, 0), new Watermark(0, 255), new Watermark(0, 256), new Watermark(0, Long.MAX_VALUE),
            new Watermark(1, 0), new Watermark(1, 10_000), new Watermark(300, 1), new Watermark(Long.MAX_VALUE, Long.MAX_VALUE)};
        for (int i = 0; i + 1 < ordered.length; i++) {
            byte[] lower = HBaseWatermarkStore.encode(ordered[i]);
            byte[] higher = HBaseWatermarkStore.encode(ordered[i + 1]);
            assertThat(Bytes.compareTo(lower, higher)).as(ordered[i] + " < " + ordered[i + 1]).isNegative();
            assertThat(HBaseWatermarkStore.decode(higher)).isEqualTo(ordered[i + 1]);
        }
    }

    @Test
    void watermarkRow_isTheLengthInTwoDigits() {
        assertThat(HBaseWatermarkStore.row(7)).isEqualTo("07".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> HBaseWatermarkStore.row(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HBaseWatermarkStore.decode(Arrays.copyOf(new byte[8], 8))).isInstanceOf(IllegalStateException.class);
    }
}
