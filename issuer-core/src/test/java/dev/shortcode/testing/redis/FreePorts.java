package dev.shortcode.testing.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free loopback ports; for Cluster nodes also their bus port (port + 10000). Ports come from below
 * the kernel's ephemeral range: a port there can be free when checked and taken a moment later by
 * any outgoing connection's local end (seen in CI: a restarted service found "its" port in use).
 */
public final class FreePorts {

    private static final int LOWEST = 20_000;
    private static final int EPHEMERAL_START = ephemeralStart();

    private FreePorts() {}

    /** The first port the kernel hands out to outgoing connections (Linux), or the usual 32768. */
    private static int ephemeralStart() {
        try {
            String range = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return start > LOWEST + 1_000 ? start : 32_768;
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }

    /** A port free now, with {@code port + busOffset} free too when busOffset is not zero. */
    public static int find(int busOffset) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, Math.max(LOWEST + 1, EPHEMERAL_START - busOffset));
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
