package dev.shortcode.client.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress of a bulk run on standard error: on a terminal one line rewritten in place at most
 * five times a second; otherwise (a pipe, a log file) a plain line every {@code interval} seconds.
 * Both say lines done of the total, problems, the rate of the last {@value #WINDOW_SECONDS} seconds
 * (the first seconds, with the JVM and the connection starting, would make the whole run's
 * average too low for long) and the time left at that rate.
 */
final class Progress {

    private final PrintWriter err;
    private final boolean terminal;
    private final long intervalNanos;
    private final long total;
    private final long started = System.nanoTime();
    private long lastPrinted = started;
    private int lastWidth;
    /** (nanoTime, lines done) of recent updates, oldest first: the rate's window. */
    private final java.util.ArrayDeque<long[]> recent = new java.util.ArrayDeque<>();
    private static final int WINDOW_SECONDS = 5;

    Progress(PrintWriter err, boolean terminal, double intervalSeconds, long total) {
        this.err = err;
        this.terminal = terminal;
        this.intervalNanos = terminal ? 200_000_000L : (long) (intervalSeconds * 1e9);
        this.total = total;
    }

    void update(long done, long problems) {
        long now = System.nanoTime();
        if (now - lastPrinted < intervalNanos) {
            return;
        }
        lastPrinted = now;
        recent.addLast(new long[] {now, done});
        while (recent.size() > 2 && now - recent.peekFirst()[0] > WINDOW_SECONDS * 1_000_000_000L) {
            recent.removeFirst();
        }
        long[] oldest = recent.size() > 1 ? recent.peekFirst() : new long[] {started, 0};
        double seconds = (now - oldest[0]) / 1e9;
        boolean settled = (now - started) / 1e9 >= 3; // no ETA from the first seconds
        print(line(done, problems, seconds > 0 ? (done - oldest[1]) / seconds : 0, settled));
    }

    void finish(long done, long problems) {
        if (terminal) {
            double seconds = (System.nanoTime() - started) / 1e9;
            print(line(done, problems, seconds > 0 ? done / seconds : 0, false));
            err.println();
            err.flush();
        }
    }

    private void print(String text) {
        if (terminal) {
            String padded = text.length() < lastWidth ? text + " ".repeat(lastWidth - text.length()) : text;
            lastWidth = text.length();
            err.print("\r" + padded);
        } else {
            err.println(text);
        }
        err.flush();
    }

    String line(long done, long problems, double rate, boolean eta) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%,d", done));
        if (total > 0) {
            text.append(String.format(Locale.ROOT, " / %,d lines (%d %%)", total, done * 100 / total));
        } else {
            text.append(" lines");
        }
        text.append(String.format(Locale.ROOT, ", %,d problems, %,.0f lines/s", problems, rate));
        if (eta && total > 0 && rate > 0 && done < total) {
            text.append(", ETA ").append(duration((long) Math.ceil((total - done) / rate)));
        }
        return text.toString();
    }

    static String duration(long seconds) {
        return seconds >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
