package dev.shortcode.hbase;

import static dev.shortcode.hbase.TestLinks.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import dev.shortcode.hbase.testing.HBaseProcess;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The mini cluster in a child JVM ({@link HBaseProcess}), as the service's Quarkus tests use it:
 * HBaseStorage connects to it through ZooKeeper, the cluster goes down and comes back on command,
 * and the child shuts down cleanly on stdin EOF (what a dying parent causes) and on SIGTERM.
 *
 * <p>The first test drives the child through a class loader that holds nothing but the JDK and this
 * module's test classes: {@link HBaseProcess} must work in a JVM without any HBase class.
 */
class HBaseProcessIntegrationTests {

    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(3);
    /** What a caller may wait beyond the operation timeout: the archive's own slack and a busy box. */
    private static final Duration SLACK = Duration.ofSeconds(4);

    @Test
    void child_drivenWithoutHBaseClasses_servesTheArchiveThroughAnOutage_andStopsCleanlyAtStdinEof() throws Exception {
        try (URLClassLoader jdkOnly = new URLClassLoader(new URL[] {testClasses()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> type = jdkOnly.loadClass(HBaseProcess.class.getName());
            assertThat(type.getClassLoader()).isSameAs(jdkOnly);
            assertThat(jdkOnly.getResource("org/apache/hadoop/hbase/client/Put.class")).as("no HBase in that loader").isNull();

            long started = System.nanoTime();
            Child child = new Child(type, type.getMethod("start").invoke(null));
            try {
                useThenClose(child, started);
            } finally {
                child.call("close"); // idempotent; here for a test that failed half-way
            }
        }
    }

    private static void useThenClose(Child child, long started) throws Exception {
        System.out.printf("HBASE PROCESS: READY after %d ms, %s%n", millisSince(started), child.call("logFile"));
        String quorum = (String) child.call("zookeeperQuorum");
        assertThat(quorum).matches("127\\.0\\.0\\.1:\\d+");

        HBaseArchiveOptions config = HBaseArchiveOptions.builder().zookeeperQuorum(quorum)
                .namespace(HBaseMiniCluster.uniqueNamespace()).preSplitRegions(4)
                .operationTimeout(OPERATION_TIMEOUT).rpcTimeout(Duration.ofSeconds(1)).build();
        LinkRecord before = TestLinks.link();
        LinkRecord during = TestLinks.link();
        try (HBaseStorage storage = HBaseStorage.open(config)) {
            HBaseArchive archive = storage.archive();
            await(archive.write(List.of(TestLinks.put(before))));
            assertThat(await(archive.get(before.code()))).contains(before);

            long stopping = System.nanoTime();
            child.call("stopHBase");
            System.out.printf("HBASE PROCESS: stop-hbase answered after %d ms%n", millisSince(stopping));
            long writing = System.nanoTime();
            assertThat(failure(archive.write(List.of(TestLinks.put(during))).toCompletableFuture()))
                    .isInstanceOf(HBaseArchiveException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - writing)).isLessThan(OPERATION_TIMEOUT.plus(SLACK));

            long starting = System.nanoTime();
            child.call("startHBase");
            System.out.printf("HBASE PROCESS: start-hbase answered after %d ms%n", millisSince(starting));
            await(archive.write(List.of(TestLinks.put(during))));
            assertThat(await(archive.get(during.code()))).contains(during);
            assertThat(await(archive.get(before.code()))).as("written before the outage").contains(before);
        }

        long closing = System.nanoTime();
        child.call("close");
        System.out.printf("HBASE PROCESS: exited %d ms after stdin EOF%n", millisSince(closing));
        assertThat(child.call("exitCode")).as("exit code: 0 = shut down on EOF by itself, not killed").isEqualTo(OptionalInt.of(0));
        assertThat(child.call("stoppedCleanly")).isEqualTo(true);
        assertThat(listening(quorum)).as("ZooKeeper gone with the child").isFalse();
    }

    @Test
    void child_onSigterm_shutsItsClusterDownCleanly() throws Exception {
        try (HBaseProcess child = HBaseProcess.start()) {
            assertThat(listening(child.zookeeperQuorum())).isTrue();
            ProcessHandle handle = ProcessHandle.of(child.pid()).orElseThrow();

            long terminating = System.nanoTime();
            assertThat(handle.destroy()).isTrue(); // SIGTERM
            handle.onExit().get(30, TimeUnit.SECONDS);
            System.out.printf("HBASE PROCESS: exited %d ms after SIGTERM%n", millisSince(terminating));
            child.close();

            assertThat(child.exitCode()).isEqualTo(OptionalInt.of(143));
            assertThat(child.stoppedCleanly()).as("the shutdown hook stopped the cluster").isTrue();
            assertThat(listening(child.zookeeperQuorum())).isFalse();
        }
    }

    /** An {@link HBaseProcess} of another class loader, called by reflection. */
    private record Child(Class<?> type, Object instance) {
        Object call(String method) throws Exception {
            try {
                return type.getMethod(method).invoke(instance);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
    }

    private static URL testClasses() {
        return HBaseProcess.class.getProtectionDomain().getCodeSource().getLocation();
    }

    private static Throwable failure(CompletableFuture<?> stage) throws Exception {
        try {
            stage.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("succeeded while HBase was stopped");
    }

    private static boolean listening(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
