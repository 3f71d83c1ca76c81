package dev.shortcode.loadtest;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Warms the generator itself before it measures anything: a fresh JVM runs its HTTP client
 * interpreted, and on a small or busy machine it can take seconds to send and read at the
 * requested rate. Charged to the target, that would show as service latency. So the same client
 * code is first exercised, closed loop, against an in-process {@link BaselineServer} on loopback
 * (never the target) until the JIT has compiled it.
 *
 * <p>Bounded by time and by count, and everything it starts is closed before it returns.
 */
final class GeneratorWarmup {

    private static final int MAX_REQUESTS = 200_000;
    private static final int IN_FLIGHT = 32;

    private GeneratorWarmup() {
    }

    /** @return how many requests were exchanged */
    static long run(LoadOptions options, Duration length) throws InterruptedException {
        if (length.isZero()) {
            return 0;
        }
        try (BaselineServer server = BaselineServer.start("127.0.0.1", 0, 1);
             LoadClient client = new LoadClient(new TargetUrl("127.0.0.1", server.port(), ""),
                     Math.min(options.connections(), 8), options.timeout(), null)) {
            // Same scenario, same code paths; redirects go to random codes (the baseline answers any).
            RequestSource source = RequestSource.of(options, WorkingSet.synthetic(1_000, options.seed()));
            Semaphore permits = new Semaphore(IN_FLIGHT);
            long deadline = System.nanoTime() + length.toNanos();
            long sent = 0;
            while (sent < MAX_REQUESTS && System.nanoTime() - deadline < 0) {
                if (permits.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                    client.send(source.next(), exchange -> permits.release());
                    sent++;
                }
            }
            permits.tryAcquire(IN_FLIGHT, options.timeout().toMillis() + 1_000, TimeUnit.MILLISECONDS);
            return sent;
        }
    }
}
