package dev.shortcode.loadtest;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits for an intended send time. If the time has already passed (the thread was descheduled, a
 * GC paused it) it returns at once, so overdue requests go out immediately in a burst - catching
 * up is what keeps the arrival schedule, and so the load, independent of how the service behaves.
 */
final class Pacer {

    private Pacer() {
    }

    /**
     * @return false if {@code deadlineNanos} passed before the target time was reached, or the
     *         thread was interrupted: the caller must stop scheduling
     */
    static boolean awaitUntil(long targetNanos, long deadlineNanos) {
        while (true) {
            long now = System.nanoTime();
            if (now - deadlineNanos > 0 || Thread.currentThread().isInterrupted()) {
                return false;
            }
            long wait = targetNanos - now;
            if (wait <= 0) {
                return true;
            }
            // parkNanos may return early (spuriously) or late (timer slack ~50us); the loop handles both.
            LockSupport.parkNanos(Math.min(wait, deadlineNanos - now));
        }
    }
}
