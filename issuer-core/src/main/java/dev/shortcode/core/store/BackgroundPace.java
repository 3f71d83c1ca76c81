package dev.shortcode.core.store;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a background thread's bursts of work from crowding out the event loop it shares a CPU
 * with.
 *
 * <p>Design note. A burst of background work (the click flush sealing and encoding thousands of
 * link-days at once) that competes with the event loop for one CPU gets half of it, by the
 * scheduler's fairness, for as long as it lasts; the redirects that arrive meanwhile queue behind
 * it, and a node running near its maximum rate sees the whole burst as latency. Loops in such work
 * call {@link #breathe} every few hundred items: once the thread has used {@value #SLICE_MICROS}
 * µs of CPU since its last rest, it sleeps {@value #REST_FACTOR} times as long (at most
 * {@value #MAX_REST_MILLIS} ms), so a burst takes at most a tenth of a CPU (the headroom an event
 * loop has at nine tenths of its maximum rate) and lasts longer instead. Work is the thread's own
 * CPU time, so time spent waiting for the CPU is not counted.
 */
public final class BackgroundPace {

    static final long SLICE_MICROS = 1_000;
    static final int REST_FACTOR = 9;
    static final long MAX_REST_MILLIS = 10;
    /** Items between two looks at the thread's CPU time, which is itself a system call. */
    static final int ITEMS_PER_LOOK = 256;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported();
    private static final ThreadLocal<long[]> LAST_REST = ThreadLocal.withInitial(() -> new long[] {now()});

    private BackgroundPace() {}

    /**
     * For a loop over many small items: {@link #breathe()} at every {@value #ITEMS_PER_LOOK}th
     * {@code item} (its index in the loop), nothing at the others.
     */
    public static void breathe(int item) {
        if (item % ITEMS_PER_LOOK == ITEMS_PER_LOOK - 1) {
            breathe();
        }
    }

    /** Rests when this thread has worked a slice since its last rest; returns at once otherwise. */
    public static void breathe() {
        long[] lastRest = LAST_REST.get();
        long worked = now() - lastRest[0];
        if (worked < TimeUnit.MICROSECONDS.toNanos(SLICE_MICROS)) {
            return;
        }
        try {
            Thread.sleep(Math.min(MAX_REST_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(worked * REST_FACTOR))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the caller's loop goes on; its thread learns of the interrupt
        }
        lastRest[0] = now();
    }

    private static long now() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
