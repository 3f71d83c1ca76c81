package dev.shortcode.testing.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Free loopback ports; for Cluster nodes also their bus port (port + 10000). */
public final class FreePorts {

    private FreePorts() {}

    /** A port free now, with {@code port + busOffset} free too when busOffset is not zero. */
    public static int find(int busOffset) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 45_000);
            if (isFree(port) && (busOffset == 0 || isFree(port + busOffset))) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port found");
    }

    public static int find() {
        return find(0);
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
