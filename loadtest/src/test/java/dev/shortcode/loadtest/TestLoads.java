package dev.shortcode.loadtest;

import java.time.Duration;

/** Builders of {@link LoadOptions} for the tests, so each test states only what it is about. */
final class TestLoads {

    private TestLoads() {
    }

    static LoadOptions load(String url, Scenario scenario, double rate, Duration warmup, Duration duration) {
        return new LoadOptions(TargetUrl.parse(url, false), scenario, rate, duration, warmup, 4, "test-key",
                0, 1.0, new Mix(95, 5), 10, 10_000, Duration.ofSeconds(5), 7);
    }

    static LoadOptions withConnections(LoadOptions o, int connections) {
        return new LoadOptions(o.target(), o.scenario(), o.rate(), o.duration(), o.warmup(), connections, o.apiKey(),
                o.links(), o.zipf(), o.mix(), o.batchSize(), o.maxInFlight(), o.timeout(), o.seed());
    }

    static LoadOptions withLinks(LoadOptions o, int links) {
        return new LoadOptions(o.target(), o.scenario(), o.rate(), o.duration(), o.warmup(), o.connections(),
                o.apiKey(), links, o.zipf(), o.mix(), o.batchSize(), o.maxInFlight(), o.timeout(), o.seed());
    }

    static LoadOptions withTimeout(LoadOptions o, Duration timeout) {
        return new LoadOptions(o.target(), o.scenario(), o.rate(), o.duration(), o.warmup(), o.connections(),
                o.apiKey(), o.links(), o.zipf(), o.mix(), o.batchSize(), o.maxInFlight(), timeout, o.seed());
    }

    /** Runs one measurement, silently, closing the client afterwards. */
    static RunSummary run(LoadOptions options, String name) {
        return run(options, name, null);
    }

    /** Runs one measurement that also reports the CPU of {@code server} (null: not measured). */
    static RunSummary run(LoadOptions options, String name, ProcessCpuClock server) {
        try (LoadHarness harness = new LoadHarness(options, null, false, Duration.ZERO, server)) {
            return harness.run(options.rate(), name);
        }
    }
}
