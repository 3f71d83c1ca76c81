package dev.shortcode.api.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One {@code POST /api/v1/links/bulk} over a plain socket, full duplex as a bulk client must be:
 * the request body goes out in chunks ({@code Transfer-Encoding: chunked}) from one thread while
 * another reads the result lines as they come, at whatever pace the test chooses. The JDK's
 * HTTP client reads a response only once its request body is sent, which a bounded server
 * (rightly) never lets happen for a long stream whose answers nobody reads.
 */
final class BulkConnection implements AutoCloseable {

    /** Longest wait for the next byte of the answer. */
    private static final int READ_TIMEOUT_MILLIS = 60_000;

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private int status = -1;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(512);
    /** Bytes left in the current chunk of the response body; -1 before the first. */
    private long chunkLeft = -1;
    private boolean bodyEnded;

    /** @param receiveBuffer the socket's receive buffer in bytes (set before connecting); 0 for the system's */
    BulkConnection(int port, String apiKey, int receiveBuffer) {
        try {
            socket = new Socket();
            if (receiveBuffer > 0) {
                socket.setReceiveBufferSize(receiveBuffer);
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            // A service that never answers fails the test instead of hanging the build.
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream(), 8192);
            String head = "POST /api/v1/links/bulk HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-ndjson\r\n"
                    + "Transfer-Encoding: chunked\r\n" + (apiKey == null ? "" : "X-API-Key: " + apiKey + "\r\n") + "\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends bytes of the body (any number of lines, or part of one) as one chunk; blocks while the server reads nothing. */
    void send(byte[] bytes) throws IOException {
        if (bytes.length == 0) {
            return;
        }
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Ends the body. */
    void finish() throws IOException {
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads the response head if not yet read; the status. */
    int status() throws IOException {
        if (status < 0) {
            String statusLine = asciiLine();
            status = Integer.parseInt(statusLine.split(" ")[1]);
            for (String header = asciiLine(); !header.isEmpty(); header = asciiLine()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
        }
        return status;
    }

    String header(String name) throws IOException {
        status();
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The whole body of a response that is not chunked (a refusal), by its Content-Length. */
    String plainBody() throws IOException {
        status();
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    /** The next result line, or null at the end of the response body. */
    String readLine() throws IOException {
        status();
        line.reset();
        while (true) {
            int b = bodyByte();
            if (b < 0) {
                if (line.size() > 0) {
                    throw new EOFException("the body ended inside a line: " + line.toString(StandardCharsets.UTF_8));
                }
                return null;
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(b);
        }
    }

    private int bodyByte() throws IOException {
        if (bodyEnded) {
            return -1;
        }
        if (chunkLeft <= 0) {
            if (chunkLeft == 0) {
                asciiLine(); // the CRLF after a chunk
            }
            String size = asciiLine();
            int semicolon = size.indexOf(';');
            chunkLeft = Long.parseLong(semicolon < 0 ? size.trim() : size.substring(0, semicolon).trim(), 16);
            if (chunkLeft == 0) {
                while (!asciiLine().isEmpty()) {
                    // trailers: none expected
                }
                bodyEnded = true;
                return -1;
            }
        }
        int b = in.read();
        if (b < 0) {
            throw new EOFException("connection closed inside a chunk");
        }
        chunkLeft--;
        return b;
    }

    private String asciiLine() throws IOException {
        StringBuilder text = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed; read so far: " + text);
            }
            if (b == '\n') {
                int end = text.length();
                return end > 0 && text.charAt(end - 1) == '\r' ? text.substring(0, end - 1) : text.toString();
            }
            text.append((char) b);
        }
    }

    /** Closes at once, without ending the body: a broken stream, as the server sees it. */
    @Override
    public void close() {
        try {
            socket.setSoLinger(true, 0); // a reset, not an orderly close
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
