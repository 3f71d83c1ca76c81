package dev.shortcode.api.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, byte for byte as given: for requests no client library would
 * send (bad framing, invalid bytes in headers, two requests in one write) and for watching what
 * the server does with the connection afterwards.
 */
final class RawHttp {

    /** One response as parsed from the bytes read. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + text();
        }
    }

    /**
     * Everything read back for one write.
     *
     * @param responses the responses, in order
     * @param closed    whether the server closed the connection (EOF or reset) rather than leaving it quiet
     */
    record Exchange(List<Response> responses, boolean closed) {
        Response first() {
            if (responses.isEmpty()) {
                throw new AssertionError("no response; the connection was " + (closed ? "closed" : "left open"));
            }
            return responses.get(0);
        }
    }

    private RawHttp() {}

    /**
     * Writes {@code request}, then reads until the server closes the connection, or until nothing
     * more arrives for {@code quiet} once a response has begun (30 s before anything arrives).
     */
    static Exchange exchange(int port, byte[] request, Duration quiet) {
        return exchange(null, port, request, quiet);
    }

    /** As {@link #exchange(int, byte[], Duration)}, from the loopback address {@code from} (null: the system's choice). */
    static Exchange exchange(InetAddress from, int port, byte[] request, Duration quiet) {
        try (Socket socket = new Socket()) {
            if (from != null) {
                socket.bind(new InetSocketAddress(from, 0));
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            // Written on its own thread: the server may answer (413) and close before a large request is all sent.
            Thread writer = new Thread(() -> {
                try {
                    socket.getOutputStream().write(request);
                    socket.getOutputStream().flush();
                } catch (IOException e) {
                    // the server stopped reading; what it answered is read below
                }
            }, "raw-http-writer");
            writer.setDaemon(true);
            writer.start();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            boolean closed = readUntilClosedOrQuiet(socket, read, quiet);
            writer.join(10_000);
            return new Exchange(parse(read.toByteArray()), closed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** @return true when the server closed the connection, false when it went quiet */
    static boolean readUntilClosedOrQuiet(Socket socket, ByteArrayOutputStream read, Duration quiet) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[65_536];
        while (true) {
            socket.setSoTimeout(read.size() == 0 ? 30_000 : (int) quiet.toMillis());
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    return true;
                }
                read.write(buffer, 0, n);
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true; // reset by the server
            }
        }
    }

    /** The responses in {@code bytes}: status line, headers, and a body of Content-Length bytes or in chunks. */
    static List<Response> parse(byte[] bytes) {
        List<Response> responses = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            int headEnd = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), at);
            if (headEnd < 0) {
                throw new AssertionError("an incomplete response: " + new String(bytes, at, bytes.length - at, StandardCharsets.ISO_8859_1));
            }
            String[] lines = new String(bytes, at, headEnd - at, StandardCharsets.ISO_8859_1).split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
            int bodyStart = headEnd + 4;
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                at = bodyStart;
                while (true) {
                    int lineEnd = indexOf(bytes, "\r\n".getBytes(StandardCharsets.US_ASCII), at);
                    int size = Integer.parseInt(new String(bytes, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim(), 16);
                    at = lineEnd + 2;
                    if (size == 0) {
                        at = indexOf(bytes, "\r\n".getBytes(StandardCharsets.US_ASCII), at) + 2; // no trailers here
                        break;
                    }
                    body.write(bytes, at, size);
                    at += size + 2;
                }
                responses.add(new Response(status, headers, body.toByteArray()));
                continue;
            }
            int length = headers.containsKey("content-length") ? Integer.parseInt(headers.get("content-length")) : bytes.length - bodyStart;
            byte[] body = java.util.Arrays.copyOfRange(bytes, bodyStart, Math.min(bytes.length, bodyStart + length));
            responses.add(new Response(status, headers, body));
            at = bodyStart + length;
        }
        return responses;
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** A request with a body, with {@code Connection: close} so that the read ends with the answer. */
    static byte[] request(String method, String path, Map<String, byte[]> headers, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n").getBytes(StandardCharsets.US_ASCII));
        for (Map.Entry<String, byte[]> header : headers.entrySet()) {
            out.writeBytes((header.getKey() + ": ").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(header.getValue());
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        if (body != null) {
            out.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }
}
