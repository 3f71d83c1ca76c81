package dev.shortcode.testing.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code redis-server} process on a loopback port, without persistence, for machines without
 * a Docker engine. Its working directory and log live in a temporary directory.
 */
final class LocalRedisProcess {

    private static final long START_TIMEOUT_MILLIS = 10_000;

    private final String binary;
    private final int port;
    private final boolean clusterEnabled;
    private final Path workDir;
    private Process process;

    LocalRedisProcess(String binary, int port, boolean clusterEnabled) {
        this.binary = binary;
        this.port = port;
        this.clusterEnabled = clusterEnabled;
        try {
            this.workDir = Files.createTempDirectory("redis-" + port + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return port;
    }

    synchronized void start() {
        start(true);
    }

    /**
     * @param freshIdentity on a Cluster node, forget the node's identity (as a replaced machine
     *                      would); false keeps it, so a killed node rejoins as what it was (a
     *                      master that was failed over comes back as a replica)
     */
    synchronized void start(boolean freshIdentity) {
        List<String> command = new ArrayList<>(List.of(binary,
                "--port", Integer.toString(port), "--bind", "127.0.0.1", "--protected-mode", "no",
                "--save", "", "--appendonly", "no", "--dir", workDir.toString(),
                "--logfile", workDir.resolve("redis.log").toString()));
        if (clusterEnabled) {
            try {
                if (freshIdentity) {
                    Files.deleteIfExists(workDir.resolve("nodes.conf"));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            command.addAll(List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                    "--cluster-node-timeout", "2000"));
        }
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(workDir.resolve("stdout.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary, e);
        }
        awaitPong();
    }

    /** Sends a signal: {@code STOP} freezes the server with its connections open (a stalled machine), {@code CONT} thaws it. */
    synchronized void signal(String name) {
        if (process == null) {
            return;
        }
        try {
            int exit = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -" + name + " " + process.pid() + " exited with " + exit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** SIGKILL: what a crashed machine or an OOM kill looks like. */
    synchronized void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    synchronized boolean alive() {
        return process != null && process.isAlive();
    }

    synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    private void awaitPong() {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server on port " + port + " exited with " + process.exitValue()
                        + "; see " + workDir.resolve("redis.log"));
            }
            if (ping()) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while starting redis-server", e);
            }
        }
        stop();
        throw new IllegalStateException("redis-server on port " + port + " did not answer PING within "
                + START_TIMEOUT_MILLIS + " ms; see " + workDir.resolve("redis.log"));
    }

    private boolean ping() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = new byte[7];
            int read = in.read(reply);
            return read > 0 && new String(reply, 0, read, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }
}
