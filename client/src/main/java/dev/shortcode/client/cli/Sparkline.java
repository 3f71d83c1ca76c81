package dev.shortcode.client.cli;

/**
 * A series as one line of block characters, lowest {@code ▁} to highest {@code █}, scaled to the
 * series' maximum: zero is always the lowest block, the maximum the highest, and any count above
 * zero at least the second lowest, so a single click stays visible next to thousands.
 */
final class Sparkline {

    static final String BLOCKS = "▁▂▃▄▅▆▇█";

    private Sparkline() {
    }

    static String of(long[] values) {
        long max = 0;
        for (long value : values) {
            max = Math.max(max, value);
        }
        StringBuilder line = new StringBuilder(values.length);
        int top = BLOCKS.length() - 1;
        for (long value : values) {
            int level;
            if (value <= 0 || max == 0) {
                level = 0;
            } else {
                level = Math.max(1, (int) Math.round((double) value * top / max));
            }
            line.append(BLOCKS.charAt(level));
        }
        return line.toString();
    }
}
