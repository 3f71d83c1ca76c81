package dev.shortcode.loadtest;

import java.time.Duration;
import java.util.Objects;

/**
 * The shape of the load: where, what, how fast, how long, over how many connections.
 * Immutable and validated on construction so that a bad value fails before any traffic,
 * with a message that names the command-line option.
 *
 * @param links     size of the redirect working set created up front; 0 means "create nothing and
 *                  request {@link WorkingSet#SYNTHETIC_SIZE} random codes" (for servers without the API)
 * @param maxInFlight requests allowed outstanding at once; beyond it a due request is dropped and
 *                  counted as an error, so a stalled server cannot grow the generator's memory unbounded
 * @param seed      seeds code choice and Zipf sampling so two runs send the same request sequence
 * @param userAgent the User-Agent header of every request, or null to send none
 * @param linkFields JSON object text whose fields join every item of the working set's batches
 *                  (e.g. {@code {"targets": {...}}}), or null for url-only items
 */
public record LoadOptions(
        TargetUrl target,
        Scenario scenario,
        double rate,
        Duration duration,
        Duration warmup,
        int connections,
        String apiKey,
        int links,
        double zipf,
        Mix mix,
        int batchSize,
        int maxInFlight,
        Duration timeout,
        long seed,
        String userAgent,
        String linkFields) {

    static final double MAX_RATE = 1_000_000;

    public LoadOptions {
        Objects.requireNonNull(target, "--target is required");
        Objects.requireNonNull(scenario, "--scenario is required");
        Objects.requireNonNull(mix, "--mix is required");
        require(rate > 0 && rate <= MAX_RATE && Double.isFinite(rate),
                "--rate must be > 0 and <= " + (long) MAX_RATE + " requests/s (was " + rate + ")");
        require(duration != null && duration.compareTo(Duration.ofMillis(100)) >= 0
                        && duration.compareTo(Duration.ofHours(24)) <= 0,
                "--duration must be between 100ms and 24h (was " + duration + ")");
        require(warmup != null && !warmup.isNegative() && warmup.compareTo(Duration.ofHours(1)) <= 0,
                "--warmup must be between 0s and 1h (was " + warmup + ")");
        require(connections >= 1 && connections <= 10_000,
                "--connections must be 1..10000 (was " + connections + ")");
        require(links >= 0 && links <= 10_000_000, "--links must be 0..10000000 (was " + links + ")");
        require(zipf >= 0 && zipf <= 10 && Double.isFinite(zipf), "--zipf must be 0..10 (was " + zipf + ")");
        require(batchSize >= 1 && batchSize <= LinkApi.MAX_BATCH,
                "--batch-size must be 1.." + LinkApi.MAX_BATCH + " (was " + batchSize + ")");
        require(maxInFlight >= 1 && maxInFlight <= 1_000_000,
                "--max-in-flight must be 1..1000000 (was " + maxInFlight + ")");
        require(timeout != null && timeout.compareTo(Duration.ofMillis(1)) >= 0
                        && timeout.compareTo(Duration.ofMinutes(10)) <= 0,
                "--timeout must be between 1ms and 10m (was " + timeout + ")");
        double total = rate * (duration.toNanos() + warmup.toNanos()) / 1e9;
        require(total <= 2_000_000_000d,
                "--rate x (--duration + --warmup) must stay under 2e9 requests (was " + (long) total + ")");
        apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        userAgent = userAgent == null || userAgent.isBlank() ? null : userAgent;
        linkFields = linkFields == null || linkFields.isBlank() ? null : linkFields;
        if (linkFields != null) {
            LinkApi.linkFields(linkFields); // fails naming --link-json
        }
    }

    /** Requests without a User-Agent, working-set items with a url only. */
    public LoadOptions(TargetUrl target, Scenario scenario, double rate, Duration duration, Duration warmup, int connections,
            String apiKey, int links, double zipf, Mix mix, int batchSize, int maxInFlight, Duration timeout, long seed) {
        this(target, scenario, rate, duration, warmup, connections, apiKey, links, zipf, mix, batchSize, maxInFlight, timeout, seed,
                null, null);
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The same load against another service: the second target of {@code --versus}. */
    public LoadOptions withTarget(TargetUrl other) {
        return new LoadOptions(other, scenario, rate, duration, warmup, connections, apiKey, links, zipf, mix,
                batchSize, maxInFlight, timeout, seed, userAgent, linkFields);
    }

    /** The same load at another rate: what each max-rate search step runs. */
    public LoadOptions withRate(double newRate) {
        return new LoadOptions(target, scenario, newRate, duration, warmup, connections, apiKey, links, zipf, mix,
                batchSize, maxInFlight, timeout, seed, userAgent, linkFields);
    }
}
