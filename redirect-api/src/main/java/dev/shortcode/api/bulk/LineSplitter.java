package dev.shortcode.api.bulk;

import io.vertx.core.buffer.Buffer;
import java.util.Arrays;

/**
 * Cuts a byte stream into lines at {@code \n} (a {@code \r} before it is dropped), however the
 * stream's buffers fall, holding at most {@code maxLineBytes} of a line in memory: a longer line
 * is reported as too long once its end arrives, its bytes beyond the limit never kept. Lines are
 * numbered from 1, every {@code \n} counting, blank lines included, so that a client's line
 * numbers are the ones a text editor shows. Not thread-safe: one stream, one event loop.
 */
final class LineSplitter {

    /** What the splitter hands over: one line's bytes (without its end), or the news that it was too long. */
    interface Sink {
        /** @param bytes the line; only valid during the call (the splitter reuses it) */
        void line(long number, byte[] bytes, int length);

        void tooLong(long number, long length);
    }

    private final int maxLineBytes;
    private final Sink sink;
    private byte[] pending;
    private int pendingLength;
    /** Bytes of the current line seen beyond what {@link #pending} kept; 0 while it fits. */
    private long overflow;
    private long lineNumber;

    LineSplitter(int maxLineBytes, Sink sink) {
        this.maxLineBytes = maxLineBytes;
        this.sink = sink;
        this.pending = new byte[Math.min(maxLineBytes, 1024)];
    }

    /** Feeds the next bytes of the stream; complete lines go to the sink at once. */
    void feed(Buffer buffer) {
        byte[] bytes = buffer.getBytes();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                append(bytes, start, i - start);
                emit();
                start = i + 1;
            }
        }
        append(bytes, start, bytes.length - start);
    }

    /** The stream ended: a last line without {@code \n} still counts. */
    void end() {
        if (pendingLength > 0 || overflow > 0) {
            emit();
        }
    }

    /** Lines seen so far (the number of the last one). */
    long lines() {
        return lineNumber;
    }

    private void append(byte[] bytes, int from, int length) {
        if (length == 0) {
            return;
        }
        if (overflow > 0 || pendingLength + length > maxLineBytes) {
            int kept = Math.max(0, Math.min(length, maxLineBytes - pendingLength));
            copy(bytes, from, kept);
            overflow += length - kept;
            return;
        }
        copy(bytes, from, length);
    }

    private void copy(byte[] bytes, int from, int length) {
        if (length == 0) {
            return;
        }
        if (pendingLength + length > pending.length) {
            pending = Arrays.copyOf(pending, Math.min(maxLineBytes, Math.max(pending.length * 2, pendingLength + length)));
        }
        System.arraycopy(bytes, from, pending, pendingLength, length);
        pendingLength += length;
    }

    private void emit() {
        lineNumber++;
        if (overflow > 0) {
            sink.tooLong(lineNumber, pendingLength + overflow);
        } else {
            int length = pendingLength;
            if (length > 0 && pending[length - 1] == '\r') {
                length--;
            }
            sink.line(lineNumber, pending, length);
        }
        pendingLength = 0;
        overflow = 0;
    }
}
