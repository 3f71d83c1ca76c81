package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged service's connection limits against clients that send slowly or not at all, on
 * raw sockets that trickle bytes. The service runs with a 1 s header timeout and a 2 s body
 * timeout so that each case takes seconds; a trickling client here would need far longer to
 * finish, and each connection must be closed near its deadline (generous slack for a loaded
 * machine), never before it, and without an answer to the unfinished request.
 */
class EmbeddedConnectionLimitsIntegrationTests {

    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration BODY_TIMEOUT = Duration.ofSeconds(2);
    /** How late a close may come on a busy machine; a trickler below needs at least 20 s. */
    private static final Duration SLACK = Duration.ofSeconds(8);
    private static final Duration TRICKLE_INTERVAL = Duration.ofMillis(200);

    private static ServiceProcess service;
    private static Path dataDir;

    @BeforeAll
    static void start() throws IOException {
        dataDir = Files.createTempDirectory("connection-limits");
        service = ServiceProcess.start(Map.of("SHORTCODE_DATA_DIR", dataDir.toString(), "SHORTCODE_ADMIN_KEY", ApiClient.ADMIN_KEY,
                "SHORTCODE_HTTP_HEADER_TIMEOUT", "PT1S", "SHORTCODE_HTTP_BODY_TIMEOUT", "PT2S"), Path.of("target/service-logs")).awaitReady();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void connection_sendingNothing_isClosedAfterTheHeaderTimeout() throws IOException {
        try (Socket socket = connect()) {
            Outcome outcome = trickle(socket, new byte[0]);
            assertClosedNear(outcome, HEADER_TIMEOUT);
        }
    }

    @Test
    void firstRequest_headTrickledByteByByte_isCutAtTheHeaderTimeout() throws IOException {
        try (Socket socket = connect()) {
            Outcome outcome = trickle(socket, head("GET /zzzzz"));
            assertClosedNear(outcome, HEADER_TIMEOUT);
        }
    }

    @Test
    void keptAliveConnection_nextHeadTrickled_isCutAtTheHeaderTimeoutAfterTheLastAnswer() throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream().write(ascii("GET /zzzzz HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 404");
            Outcome outcome = trickle(socket, head("GET /yyyyy"));
            assertClosedNear(outcome, HEADER_TIMEOUT);
        }
    }

    @Test
    void keptAliveConnection_idle_isClosedAfterTheHeaderTimeout() throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream().write(ascii("GET /zzzzz HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 404");
            Outcome outcome = trickle(socket, new byte[0]);
            assertClosedNear(outcome, HEADER_TIMEOUT);
        }
    }

    @Test
    void body_trickledByteByByte_isCutAtTheBodyTimeout_andNothingIsCreated() throws IOException, InterruptedException {
        String json = "{\"url\":\"https://example.com/slow-body-" + "x".repeat(100) + "\"}";
        double before = linksCreated();
        for (boolean firstRequest : new boolean[] {true, false}) {
            try (Socket socket = connect()) {
                if (!firstRequest) {
                    socket.getOutputStream().write(ascii("GET /zzzzz HTTP/1.1\r\nHost: x\r\n\r\n"));
                    assertThat(readResponse(socket)).startsWith("HTTP/1.1 404");
                }
                socket.getOutputStream().write(ascii("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ApiClient.ADMIN_KEY
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + json.length() + "\r\n\r\n"));
                Outcome outcome = trickle(socket, ascii(json));
                assertClosedNear(outcome, BODY_TIMEOUT);
            }
        }
        assertThat(linksCreated()).isEqualTo(before);
    }

    @Test
    void requestThatTakesItsTime_withinTheLimits_isAnswered() throws IOException, InterruptedException {
        try (Socket socket = connect()) {
            byte[] head = ascii("GET /zzzzz HTTP/1.1\r\nHost: x\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head, 0, 10);
            Thread.sleep(HEADER_TIMEOUT.toMillis() / 3);
            out.write(head, 10, head.length - 10);
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 404");
            // and a create whose body comes in two parts, the second after longer than the header timeout
            String json = "{\"url\":\"https://example.com/in-two-parts\"}";
            out.write(ascii("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nX-API-Key: " + ApiClient.ADMIN_KEY
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + json.length() + "\r\n\r\n" + json.substring(0, 10)));
            Thread.sleep(HEADER_TIMEOUT.toMillis() + 300);
            out.write(ascii(json.substring(10)));
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 201");
        }
    }

    @Test
    void managementPort_connectionSendingNothing_isClosedAfterTheHeaderTimeout() throws IOException {
        try (Socket socket = connect(service.managementPort)) {
            Outcome outcome = trickle(socket, new byte[0]);
            assertClosedNear(outcome, HEADER_TIMEOUT);
        }
    }

    @Test
    void managementPort_keptAliveConnection_idleOrNextHeadTrickled_isCutAtTheHeaderTimeoutAfterTheLastAnswer() throws IOException {
        for (byte[] next : new byte[][] {new byte[0], head("GET /q/health/ready")}) {
            try (Socket socket = connect(service.managementPort)) {
                socket.getOutputStream().write(ascii("GET /q/health/live HTTP/1.1\r\nHost: x\r\n\r\n"));
                assertThat(readResponse(socket)).startsWith("HTTP/1.1 200");
                Outcome outcome = trickle(socket, next);
                assertClosedNear(outcome, HEADER_TIMEOUT);
            }
        }
    }

    /** The service's count of created links, from its metrics. */
    private static double linksCreated() throws IOException, InterruptedException {
        double sum = 0;
        for (String line : service.management("/q/metrics").body().split("\n")) {
            if (line.startsWith("shortcode_links_created_total")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    private static Socket connect() throws IOException {
        return connect(service.port);
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return socket;
    }

    private static byte[] head(String requestLine) {
        return ascii(requestLine + " HTTP/1.1\r\nHost: x\r\nUser-Agent: a-very-slow-client\r\nAccept: */*\r\nX-Pad: "
                + "p".repeat(100) + "\r\n\r\n");
    }

    /** @param closedAfter when the server closed the connection, from the trickle's start; null if it stayed open */
    private record Outcome(Duration closedAfter, int bytesSent, String answered) {}

    /**
     * Sends {@code bytes} one at a time, one per {@link #TRICKLE_INTERVAL}, and then nothing,
     * watching for the server to close the connection, until the deadline plus slack has passed.
     */
    private static Outcome trickle(Socket socket, byte[] bytes) throws IOException {
        long start = System.nanoTime();
        long giveUp = start + HEADER_TIMEOUT.plus(BODY_TIMEOUT).plus(SLACK).toNanos();
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream answered = new ByteArrayOutputStream();
        socket.setSoTimeout((int) TRICKLE_INTERVAL.toMillis());
        int sent = 0;
        while (System.nanoTime() < giveUp) {
            if (sent < bytes.length) {
                try {
                    out.write(bytes[sent]);
                    out.flush();
                    sent++;
                } catch (IOException e) {
                    return new Outcome(Duration.ofNanos(System.nanoTime() - start), sent, answered.toString(StandardCharsets.ISO_8859_1));
                }
            }
            try {
                int b = in.read();
                if (b < 0) {
                    return new Outcome(Duration.ofNanos(System.nanoTime() - start), sent, answered.toString(StandardCharsets.ISO_8859_1));
                }
                answered.write(b);
            } catch (SocketTimeoutException e) {
                // nothing from the server yet: send the next byte
            } catch (IOException e) {
                return new Outcome(Duration.ofNanos(System.nanoTime() - start), sent, answered.toString(StandardCharsets.ISO_8859_1));
            }
        }
        return new Outcome(null, sent, answered.toString(StandardCharsets.ISO_8859_1));
    }

    private static void assertClosedNear(Outcome outcome, Duration deadline) {
        assertThat(outcome.closedAfter()).as("closed at all (sent %d bytes)", outcome.bytesSent()).isNotNull();
        // not long before it either; the clock here starts a little after the server's (the previous answer, the connection)
        assertThat(outcome.closedAfter()).as("not well before its deadline").isGreaterThanOrEqualTo(deadline.dividedBy(2));
        assertThat(outcome.closedAfter()).as("near its deadline").isLessThanOrEqualTo(deadline.plus(SLACK));
        assertThat(outcome.answered()).as("the unfinished request is not answered").isEmpty();
    }

    /** One response on a kept-alive connection: its head and a Content-Length body. */
    private static String readResponse(Socket socket) throws IOException {
        socket.setSoTimeout(30_000);
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (!read.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("closed before a response: " + read.toString(StandardCharsets.ISO_8859_1));
            }
            read.write(b);
        }
        String head = read.toString(StandardCharsets.ISO_8859_1);
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        int remaining = length.find() ? Integer.parseInt(length.group(1)) : 0;
        for (int i = 0; i < remaining; i++) {
            read.write(in.read());
        }
        return read.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
