package dev.shortcode.hbase;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Rows of the counts table: {@code utf8(pool) 0x00 yyyyMMdd}, one 8-byte counter in {@code c:n}
 * (HBase Increment). The zero byte keeps pool {@code short} from sharing a scan range with pool
 * {@code shorter}; the ASCII date sorts like the date, so one pool's days form one contiguous,
 * readable key range ({@code scan 'shortcode:counts'} in the shell shows {@code short\x0020250317}).
 */
final class DayCountRows {

    static final byte[] FAMILY = {'c'};
    static final byte[] COUNT = {'n'};
    private static final int DATE_CHARS = 8;

    private DayCountRows() {}

    static byte[] of(String pool, LocalDate day) {
        if (pool.indexOf('\0') >= 0 || pool.isEmpty()) {
            throw new IllegalArgumentException("bad pool name: '" + pool + "'");
        }
        if (day.getYear() < 0 || day.getYear() > 9999) {
            throw new IllegalArgumentException("day outside years 0..9999: " + day);
        }
        byte[] poolBytes = pool.getBytes(StandardCharsets.UTF_8);
        String date = String.format("%04d%02d%02d", day.getYear(), day.getMonthValue(), day.getDayOfMonth());
        byte[] row = Arrays.copyOf(poolBytes, poolBytes.length + 1 + DATE_CHARS);
        System.arraycopy(date.getBytes(StandardCharsets.US_ASCII), 0, row, poolBytes.length + 1, DATE_CHARS);
        return row;
    }

    static LocalDate day(byte[] row) {
        String date = new String(row, row.length - DATE_CHARS, DATE_CHARS, StandardCharsets.US_ASCII);
        return LocalDate.of(Integer.parseInt(date.substring(0, 4)), Integer.parseInt(date.substring(4, 6)),
                Integer.parseInt(date.substring(6, 8)));
    }
}
