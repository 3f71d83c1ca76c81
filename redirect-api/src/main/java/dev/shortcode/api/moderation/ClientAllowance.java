package dev.shortcode.api.moderation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.shortcode.api.error.ClientRateLimitedException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many requests of one kind a client address may send per window (a fixed window per address,
 * counted on this node): enough for a person, too few for a flood. The table of addresses is
 * bounded; an address pushed out of it starts a new window, which a flood cannot use to its
 * advantage beyond the table's churn.
 */
final class ClientAllowance {

    static final long MAX_ADDRESSES = 100_000;

    private final String what;
    private final long perWindow;
    private final long windowMillis;
    private final Clock clock;
    private final Cache<String, Window> windows;

    ClientAllowance(String what, long perWindow, Duration window, Clock clock) {
        this.what = what;
        this.perWindow = perWindow;
        this.windowMillis = window.toMillis();
        this.clock = clock;
        this.windows = Caffeine.newBuilder().maximumSize(MAX_ADDRESSES).expireAfterWrite(window).executor(Runnable::run).build();
    }

    /** Counts one request of {@code address}; throws when its allowance for the window is spent. */
    void take(String address) {
        long now = clock.millis();
        Window w = windows.get(address, a -> new Window(now));
        long start = w.start.get();
        if (now - start >= windowMillis && w.start.compareAndSet(start, now)) {
            w.used.set(0);
        }
        if (w.used.incrementAndGet() > perWindow) {
            long retryAfter = Math.max(1, (w.start.get() + windowMillis - now + 999) / 1000);
            throw new ClientRateLimitedException(what, retryAfter);
        }
    }

    private static final class Window {
        final AtomicLong start;
        final AtomicLong used = new AtomicLong();

        Window(long start) {
            this.start = new AtomicLong(start);
        }
    }
}
