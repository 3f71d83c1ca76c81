package dev.shortcode.loadtest;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One {@code POST /api/v1/links/bulk} stream of {@code lines} NDJSON create lines, sent at
 * {@code rate} lines/s (0: as fast as the server reads them) while the result lines are read as
 * they come, on a plain socket with one thread each way: a bulk client must read while it
 * writes, or the server's back-pressure stops both.
 *
 * <p>The result lines are not parsed as JSON (the generator must stay cheaper than the server):
 * each is checked for the line number it should carry and counted as a link
 * ({@code "status":201}) or a problem.
 */
final class BulkStreamRun {

    /** What one stream did. */
    record Result(long lines, long links, long problems, long outOfOrder, double seconds) {
        double linksPerSecond() {
            return seconds <= 0 ? Double.NaN : links / seconds;
        }
    }

    private static final int SEND_BYTES = 64 * 1024;
    private static final byte[] LINK_STATUS = ",\"status\":201".getBytes(StandardCharsets.US_ASCII);

    private final TargetUrl target;
    private final String apiKey;
    private final long lines;
    private final double rate;
    private final String urlPrefix;
    /** Each line's {@code ref} is this and the line's index; null: lines without a ref. */
    private final String refPrefix;
    private final int readTimeoutMillis;

    BulkStreamRun(TargetUrl target, String apiKey, long lines, double rate, String urlPrefix, String refPrefix, int readTimeoutMillis) {
        this.target = target;
        this.apiKey = apiKey;
        this.lines = lines;
        this.rate = rate;
        this.urlPrefix = urlPrefix;
        this.refPrefix = refPrefix;
        this.readTimeoutMillis = readTimeoutMillis;
    }

    Result run() throws IOException, InterruptedException {
        try (Socket socket = new Socket()) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(readTimeoutMillis);
            socket.connect(new InetSocketAddress(target.connectHost(), target.port()), readTimeoutMillis);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream(), SEND_BYTES);
            String head = "POST " + target.uri(LinkApi.BULK_PATH) + " HTTP/1.1\r\nHost: " + target.host() + ":" + target.port()
                    + "\r\nContent-Type: " + LinkApi.NDJSON + "\r\nTransfer-Encoding: chunked\r\n"
                    + (apiKey == null ? "" : LinkApi.API_KEY_HEADER + ": " + apiKey + "\r\n") + "\r\n";
            long started = System.nanoTime();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            AtomicReference<Throwable> sendFailure = new AtomicReference<>();
            Thread sender = new Thread(() -> {
                try {
                    send(out, started);
                } catch (Throwable e) {
                    sendFailure.set(e);
                }
            }, "bulk-sender");
            sender.setDaemon(true);
            sender.start();
            Counts counts = new Counts();
            try {
                receive(in, counts);
            } catch (IOException e) {
                Throwable cause = sendFailure.get();
                throw new IOException("the stream broke after " + counts.lines + " result lines: " + e.getMessage()
                        + (cause == null ? "" : "; sending failed: " + cause.getMessage()), e);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            sender.join(readTimeoutMillis);
            if (sendFailure.get() != null) {
                throw new IOException("sending failed: " + sendFailure.get().getMessage(), sendFailure.get());
            }
            return new Result(counts.lines, counts.links, counts.lines - counts.links, counts.outOfOrder, seconds);
        }
    }

    /** Writes every line as chunks of about {@value #SEND_BYTES} bytes (smaller when paced), then the body's end. */
    private void send(OutputStream out, long started) throws IOException {
        byte[] prefix = ("{\"url\":\"" + urlPrefix).getBytes(StandardCharsets.US_ASCII);
        byte[] suffix = "\"}\n".getBytes(StandardCharsets.US_ASCII);
        byte[] refPart = refPrefix == null ? new byte[0] : ("\",\"ref\":\"" + refPrefix).getBytes(StandardCharsets.US_ASCII);
        byte[] chunk = new byte[SEND_BYTES + 512];
        // Paced: about 100 sends a second, each of the lines then due.
        long perSend = rate > 0 ? Math.max(1, (long) (rate / 100)) : Long.MAX_VALUE;
        int length = 0;
        long inChunk = 0;
        for (long i = 0; i < lines; i++) {
            if (rate > 0 && inChunk == 0) {
                long due = started + (long) (i / rate * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
            System.arraycopy(prefix, 0, chunk, length, prefix.length);
            length += prefix.length;
            byte[] number = Long.toString(i).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(number, 0, chunk, length, number.length);
            length += number.length;
            if (refPart.length > 0) {
                System.arraycopy(refPart, 0, chunk, length, refPart.length);
                length += refPart.length;
                System.arraycopy(number, 0, chunk, length, number.length);
                length += number.length;
            }
            System.arraycopy(suffix, 0, chunk, length, suffix.length);
            length += suffix.length;
            inChunk++;
            if (length >= SEND_BYTES || inChunk >= perSend || i == lines - 1) {
                writeChunk(out, chunk, length);
                length = 0;
                inChunk = 0;
            }
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void writeChunk(OutputStream out, byte[] bytes, int length) throws IOException {
        out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes, 0, length);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static final class Counts {
        long lines;
        long links;
        long outOfOrder;
    }

    /** Reads the response: 200 and a chunked NDJSON body; counts its lines until the body ends. */
    private void receive(InputStream in, Counts counts) throws IOException {
        String status = asciiLine(in);
        if (!status.startsWith("HTTP/1.1 200")) {
            StringBuilder rest = new StringBuilder(status);
            byte[] more = in.readNBytes(Math.min(in.available(), 2000));
            rest.append('\n').append(new String(more, StandardCharsets.UTF_8));
            throw new IOException("the bulk endpoint refused the stream: " + rest);
        }
        while (!asciiLine(in).isEmpty()) {
            // headers: chunked NDJSON
        }
        byte[] line = new byte[64 * 1024];
        byte[] read = new byte[SEND_BYTES];
        int length = 0;
        while (true) {
            long size = Long.parseLong(asciiLine(in).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            while (size > 0) {
                int n = in.read(read, 0, (int) Math.min(read.length, size));
                if (n < 0) {
                    throw new EOFException("connection closed inside a chunk");
                }
                size -= n;
                for (int k = 0; k < n; k++) {
                    byte b = read[k];
                    if (b == '\n') {
                        counted(line, length, counts);
                        length = 0;
                    } else if (length < line.length) {
                        line[length++] = b;
                    }
                }
            }
            asciiLine(in);
        }
    }

    /** A result line: {@code {"line":N,"status":S,...}}; N must be the next input line. */
    static void counted(byte[] line, int length, Counts counts) {
        counts.lines++;
        long number = 0;
        int i = "{\"line\":".length();
        while (i < length && line[i] >= '0' && line[i] <= '9') {
            number = number * 10 + (line[i++] - '0');
        }
        if (number != counts.lines) {
            counts.outOfOrder++;
        }
        boolean link = length - i >= LINK_STATUS.length;
        for (int k = 0; link && k < LINK_STATUS.length; k++) {
            link = line[i + k] == LINK_STATUS[k];
        }
        if (link) {
            counts.links++;
        }
    }

    private static String asciiLine(InputStream in) throws IOException {
        StringBuilder text = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed");
            }
            if (b == '\n') {
                int end = text.length();
                return end > 0 && text.charAt(end - 1) == '\r' ? text.substring(0, end - 1) : text.toString();
            }
            text.append((char) b);
        }
    }
}
