package dev.shortcode.hbase.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real HBase in a child JVM ({@link HBaseMiniClusterMain}), for tests whose own JVM must not hold
 * the unshaded HBase of the mini cluster: the service's Quarkus tests, which run the production
 * shaded client. Uses nothing but the JDK, so it loads in any test JVM.
 *
 * <h2>Classpath of the child</h2>
 * persistence-hbase writes its test classpath (without the shaded client) at build time to
 * {@code persistence-hbase/target/hbase-minicluster.classpath}; the child runs on that plus the
 * module's {@code target/test-classes} and {@code target/classes}, found beside the file. The file is
 * the system property {@value #CLASSPATH_FILE_PROPERTY} if set (relative to the module's base
 * directory), else {@value #DEFAULT_CLASSPATH_FILE} from the base directory of the module running
 * the tests (Surefire's {@code basedir}, else the working directory). So persistence-hbase must have
 * been built up to {@code generate-test-resources}, which a reactor build with {@code -am} does.
 *
 * <h2>Life cycle</h2>
 * {@link #start} returns once the child reports {@code READY} (at most {@value #READY_TIMEOUT_SECONDS}
 * s, else it fails with the child's output). {@link #close} closes the child's stdin, which shuts the
 * cluster down (~4 s); a child that has not exited after 30 s is terminated. A child whose parent
 * dies sees its stdin close and shuts down the same way, so no cluster outlives its test run.
 * {@link #shared()} is one child per JVM, closed by a shutdown hook.
 *
 * <p>The child's stderr (HBase's log, WARNING and up) and its protocol lines go to
 * {@code target/hbase-minicluster-<pid>-<n>.log} of the module running the tests; the child works
 * in that module's directory (its data under {@code target/test-data}, removed at shutdown).
 */
public final class HBaseProcess implements AutoCloseable {

    public static final String CLASSPATH_FILE_PROPERTY = "shortcode.hbase.classpath.file";
    public static final String DEFAULT_CLASSPATH_FILE = "../persistence-hbase/target/hbase-minicluster.classpath";
    static final int READY_TIMEOUT_SECONDS = 120;
    /** A stop takes ~2-4 s, a start ~5-10 s on two busy cores; this only catches a hung child. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(120);
    /** A clean shutdown takes ~4 s; after this the child is terminated. */
    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);
    private static final String MAIN_CLASS = "dev.shortcode.hbase.testing.HBaseMiniClusterMain";
    /**
     * C1 only and the serial collector, as every Java child of the tests gets (the reasons are on
     * {@code dev.shortcode.testing.ChildJvm}); written here again because this class loads nothing
     * beyond the JDK and this module's test classes (HBaseProcessIntegrationTests checks it).
     */
    static final List<String> CHILD_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    /** Put on the line queue when the child's stdout ends. */
    private static final String END_OF_OUTPUT = "\u0000end-of-output";

    private static HBaseProcess shared;

    private final Process process;
    private final Writer commands;
    /** The child's stdout lines, in order; bounded by the protocol (a line per command, plus three). */
    private final BlockingQueue<String> lines;
    private final Path log;
    private final String zookeeperQuorum;
    private volatile boolean stoppedCleanly;
    private boolean hbaseRunning = true;
    private boolean closed;

    private HBaseProcess(Process process, BlockingQueue<String> lines, Path log, String zookeeperQuorum) {
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.lines = lines;
        this.log = log;
        this.zookeeperQuorum = zookeeperQuorum;
    }

    /** This class loader's child, started on first use and shut down when the JVM exits ({@link #sharedZookeeperQuorum} for the JVM's). */
    public static synchronized HBaseProcess shared() {
        if (shared == null) {
            shared = start();
            HBaseProcess toClose = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(toClose::close, "hbase-process-stop"));
        }
        return shared;
    }

    /**
     * {@code 127.0.0.1:<port>} of the JVM's one child ({@link #shared()}), whichever class loader
     * asks. A framework that loads test classes in class loaders of its own (Quarkus does, one per
     * test profile) has a copy of this class in each, whose {@code shared()} would start a child per
     * loader: this asks the system class loader's copy, the one the other tests use.
     */
    public static String sharedZookeeperQuorum() {
        Class<?> jvmWide;
        try {
            jvmWide = Class.forName(HBaseProcess.class.getName(), true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException e) {
            return shared().zookeeperQuorum(); // a runner whose system class loader lacks the test classpath
        }
        if (jvmWide == HBaseProcess.class) {
            return shared().zookeeperQuorum();
        }
        try {
            Object child = jvmWide.getMethod("shared").invoke(null);
            return (String) jvmWide.getMethod("zookeeperQuorum").invoke(child);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach " + jvmWide.getName() + " of the system class loader", e);
        }
    }

    /** A child of the caller's own; the caller closes it. */
    public static HBaseProcess start() {
        Path basedir = basedir();
        return start(basedir, classpathFile(basedir, System.getProperty(CLASSPATH_FILE_PROPERTY)));
    }

    static HBaseProcess start(Path workDir, Path classpathFile) {
        List<String> command = command(classpathFile);
        Path log = newLog(workDir.resolve("target"));
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + MAIN_CLASS + " (log " + log + ")", e);
        }
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readLines(process, lines, log), "hbase-process-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
        try {
            while (true) {
                String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null || line.equals(END_OF_OUTPUT) || line.startsWith("FAILED")) {
                    String why = line == null ? "not READY within " + READY_TIMEOUT_SECONDS + " s"
                            : line.equals(END_OF_OUTPUT) ? "exited before it was READY" : line;
                    process.destroyForcibly();
                    throw new IllegalStateException("HBase child process " + why + "; its output (" + log + "):\n" + tail(log));
                }
                if (line.startsWith("READY zk=")) {
                    return new HBaseProcess(process, lines, log, line.substring("READY zk=".length()).strip());
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the HBase child process", e);
        }
    }

    /** {@code hbase-minicluster-<pid>-<n>.log}, n the first free number (the class may be loaded more than once per JVM). */
    private static Path newLog(Path dir) {
        try {
            Files.createDirectories(dir);
            for (int n = 1; ; n++) {
                try {
                    return Files.createFile(dir.resolve("hbase-minicluster-" + ProcessHandle.current().pid() + "-" + n + ".log"));
                } catch (FileAlreadyExistsException taken) {
                    // an earlier child of this JVM
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file in " + dir, e);
        }
    }

    /** {@code java -Xmx768m <CHILD_JVM_OPTIONS> -cp <test-classes>:<classes>:<dependencies> HBaseMiniClusterMain}. */
    static List<String> command(Path classpathFile) {
        String dependencies;
        try {
            dependencies = Files.readString(classpathFile, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + classpathFile, e);
        }
        Path target = classpathFile.toAbsolutePath().normalize().getParent();
        String classpath = String.join(File.pathSeparator,
                target.resolve("test-classes").toString(), target.resolve("classes").toString(), dependencies);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx768m");
        command.addAll(CHILD_JVM_OPTIONS);
        // A child out of memory dies (and the parent sees why in the log) instead of hanging half-alive.
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-cp");
        command.add(classpath);
        command.add(MAIN_CLASS);
        return command;
    }

    /** The base directory of the module running the tests. */
    static Path basedir() {
        return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
    }

    /**
     * The classpath file: {@code configured} (the value of {@value #CLASSPATH_FILE_PROPERTY}) or the
     * default, relative to {@code basedir}; fails with a hint when it is missing.
     */
    static Path classpathFile(Path basedir, String configured) {
        Path file = basedir.resolve(configured == null || configured.isBlank() ? DEFAULT_CLASSPATH_FILE : configured)
                .toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no HBase mini cluster classpath at " + file + " (system property "
                    + CLASSPATH_FILE_PROPERTY + "): persistence-hbase writes it when built; build it with the reactor,"
                    + " e.g. mvn -B verify -pl <this module> -am");
        }
        return file;
    }

    /** {@code 127.0.0.1:<port>} of the child's ZooKeeper, the value of {@code shortcode.hbase.zookeeper-quorum}. */
    public String zookeeperQuorum() {
        return zookeeperQuorum;
    }

    /** Shuts master and region server down, ZooKeeper stays up: clients then fail their operations after their timeouts. */
    public synchronized void stopHBase() {
        send("stop-hbase");
        hbaseRunning = false;
    }

    /**
     * Starts master and region server again on the same data and returns once tables are online;
     * connected clients find the new region server through ZooKeeper.
     */
    public synchronized void startHBase() {
        send("start-hbase");
        hbaseRunning = true;
    }

    public synchronized boolean hbaseRunning() {
        return hbaseRunning;
    }

    public long pid() {
        return process.pid();
    }

    public Path logFile() {
        return log;
    }

    /** The child's exit code once it ended: 0 after stdin EOF, 143 after SIGTERM. */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** True once the child reported that its cluster shut down ({@code STOPPED}). */
    public boolean stoppedCleanly() {
        return stoppedCleanly;
    }

    /** Closes the child's stdin and waits for its clean shutdown; terminates it after 30 s. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            commands.close();
        } catch (IOException e) {
            // The child is gone already (its stdin pipe is broken): nothing left to shut down.
        }
        try {
            if (!process.waitFor(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
            // The reader thread sees STOPPED before the stream's end; wait for that end.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!stoppedCleanly && System.nanoTime() < deadline) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line != null && line.equals(END_OF_OUTPUT)) {
                    break;
                }
                record(line);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void send(String command) {
        if (closed) {
            throw new IllegalStateException("HBase child process closed");
        }
        try {
            commands.write(command + "\n");
            commands.flush();
            long deadline = System.nanoTime() + COMMAND_TIMEOUT.toNanos();
            while (true) {
                String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null || line.equals(END_OF_OUTPUT)) {
                    throw new IllegalStateException("HBase child process " + (line == null ? "did not answer " : "ended on ")
                            + command + "; its output (" + log + "):\n" + tail(log));
                }
                record(line);
                if (line.startsWith("OK")) {
                    return;
                }
                if (line.startsWith("ERROR")) {
                    throw new IllegalStateException("HBase child process: " + line + " (log " + log + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + command + " to the HBase child process (log " + log + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + command, e);
        }
    }

    private void record(String line) {
        if ("STOPPED".equals(line)) {
            stoppedCleanly = true;
        }
    }

    /** Copies the child's stdout into the queue (and the log), then marks its end. */
    private static void readLines(Process process, BlockingQueue<String> lines, Path log) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                appendToLog(log, "[protocol] " + line);
                lines.add(line);
            }
        } catch (IOException e) {
            appendToLog(log, "[protocol] stdout failed: " + e);
        } finally {
            lines.add(END_OF_OUTPUT);
        }
    }

    private static void appendToLog(Path log, String line) {
        try {
            // O_APPEND: whole small writes, so the line does not tear the child's own stderr lines.
            Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // The log is for humans; the protocol line is in the queue regardless.
        }
    }

    private static String tail(Path log) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - 60), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e + ")";
        }
    }
}
