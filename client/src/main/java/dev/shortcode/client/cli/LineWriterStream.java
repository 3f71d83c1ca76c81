package dev.shortcode.client.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Bytes of UTF-8 lines onto a writer (the command's standard output): decoded up to the last line
 * end received, since a line end (0x0A) never falls inside a multi-byte character, so a character
 * split between two chunks is decoded whole.
 */
final class LineWriterStream extends OutputStream {

    private final PrintWriter out;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    LineWriterStream(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        pending.write(bytes, offset, length);
        byte[] all = pending.toByteArray();
        int end = all.length;
        while (end > 0 && all[end - 1] != '\n') {
            end--;
        }
        if (end > 0) {
            out.write(new String(all, 0, end, StandardCharsets.UTF_8));
            pending.reset();
            pending.write(all, end, all.length - end);
        }
    }

    @Override
    public void flush() {
        out.flush();
    }

    /** Writes what is left after the last line end, and flushes. */
    @Override
    public void close() {
        out.write(pending.toString(StandardCharsets.UTF_8));
        pending.reset();
        out.flush();
    }
}
