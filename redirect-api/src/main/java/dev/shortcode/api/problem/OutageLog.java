package dev.shortcode.api.problem;

import dev.shortcode.core.store.StorageUnavailableException;
import java.lang.System.Logger.Level;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Outages logged once per store per {@link #INTERVAL_NANOS}, with how many requests failed since
 * the last line: during a failover every request fails the same way, and a line (let alone a stack
 * trace) per request would bury the one that matters.
 */
final class OutageLog {

    private static final System.Logger LOG = System.getLogger(OutageLog.class.getName());
    /** At most one line per store this often. */
    static final long INTERVAL_NANOS = 10_000_000_000L;

    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    void record(StorageUnavailableException outage, String instance) {
        Window w = windows.computeIfAbsent(outage.store(), s -> new Window());
        long failedSince = w.failed.incrementAndGet();
        long now = System.nanoTime();
        long last = w.loggedAt.get();
        if ((last == 0 || now - last >= INTERVAL_NANOS) && w.loggedAt.compareAndSet(last, now)) {
            w.failed.addAndGet(-failedSince);
            LOG.log(Level.WARNING, "{0} unavailable: {1} request(s) answered 503 since the last report, the latest on {2}: {3}",
                    outage.store(), failedSince, instance, outage.getMessage());
        }
    }

    private static final class Window {
        final AtomicLong loggedAt = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
    }
}
