package dev.shortcode.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of the service that resets its first connection once {@code cutAfter}
 * bytes of the answer went through, as a dropped network path would; later connections pass.
 */
final class CuttingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final long cutAfter;
    private final AtomicInteger connections = new AtomicInteger();

    CuttingProxy(int targetPort, long cutAfter) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.cutAfter = cutAfter;
        Thread acceptor = new Thread(this::accept, "cutting-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    int connections() {
        return connections.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                boolean cut = connections.incrementAndGet() == 1;
                pump(client, target, Long.MAX_VALUE, "up");
                pump(target, client, cut ? cutAfter : Long.MAX_VALUE, "down");
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** Copies {@code from} to {@code to}; after {@code limit} bytes both sockets are reset. */
    private static void pump(Socket from, Socket to, long limit, String name) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            long copied = 0;
            try (InputStream in = from.getInputStream()) {
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buffer)) > 0) {
                    int allowed = (int) Math.min(n, limit - copied);
                    out.write(buffer, 0, allowed);
                    copied += allowed;
                    if (copied >= limit) {
                        reset(from);
                        reset(to);
                        return;
                    }
                }
                to.shutdownOutput();
            } catch (IOException e) {
                reset(to);
            }
        }, "cutting-proxy-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
