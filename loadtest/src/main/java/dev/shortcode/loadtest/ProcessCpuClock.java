package dev.shortcode.loadtest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time a local process (the server under test) has used so far: user + system time of all
 * its threads, dead ones included, from {@code /proc/<pid>/stat} (Linux only).
 *
 * <p>Why: on a small shared box the latency a client sees depends on everything else that runs;
 * the server's CPU per request does not, so it compares a service with a bare route even when
 * the p99 figures are noisy. The kernel counts in clock ticks of {@code USER_HZ}, which is 100
 * on every Linux architecture the JVM runs on (it is part of the user-space ABI).
 */
final class ProcessCpuClock {

    private static final double TICKS_PER_SECOND = 100.0;

    private final long pid;
    private final Path stat;

    private ProcessCpuClock(long pid) {
        this.pid = pid;
        this.stat = Path.of("/proc", Long.toString(pid), "stat");
    }

    /** @throws IllegalArgumentException naming {@code --server-pid} when the process cannot be read */
    static ProcessCpuClock of(long pid) {
        ProcessCpuClock clock = new ProcessCpuClock(pid);
        try {
            clock.cpuSeconds();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("--server-pid " + pid + ": " + e.getMessage(), e);
        }
        return clock;
    }

    long pid() {
        return pid;
    }

    /** User + system CPU seconds of the process so far. */
    double cpuSeconds() {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + stat + " (no such process, or not Linux): " + e.getMessage(), e);
        }
        return parseCpuSeconds(line);
    }

    /** Fields 14 (utime) and 15 (stime) of a stat line; the command name (field 2) may hold spaces and parentheses. */
    static double parseCpuSeconds(String statLine) {
        int end = statLine.lastIndexOf(')');
        if (end < 0) {
            throw new IllegalStateException("unexpected /proc stat line: " + statLine);
        }
        String[] rest = statLine.substring(end + 2).trim().split(" ");
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        long utime = Long.parseLong(rest[14 - 3]);
        long stime = Long.parseLong(rest[15 - 3]);
        return (utime + stime) / TICKS_PER_SECOND;
    }
}
