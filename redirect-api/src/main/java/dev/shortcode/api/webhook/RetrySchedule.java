package dev.shortcode.api.webhook;

import java.util.concurrent.ThreadLocalRandom;

/**
 * When a failed message is tried again: 5 s, 30 s, 2 min, 10 min, 30 min, then hourly, each with
 * up to 20 % jitter so that receivers coming back are not hit by every node at once; given up
 * after 24 hours.
 */
final class RetrySchedule {

    static final long GIVE_UP_AFTER_MILLIS = 24 * 3600_000L;
    private static final long[] DELAYS_MILLIS = {5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000};

    private RetrySchedule() {}

    /** The delay before attempt {@code failedAttempts + 1}. */
    static long delayMillis(int failedAttempts) {
        long base = DELAYS_MILLIS[Math.min(Math.max(failedAttempts, 1), DELAYS_MILLIS.length) - 1];
        return base + (long) (base * 0.2 * ThreadLocalRandom.current().nextDouble());
    }
}
