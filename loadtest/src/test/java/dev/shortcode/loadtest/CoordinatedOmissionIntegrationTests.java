package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The point of measuring from the intended send time: one 200 ms server stall, over a single
 * connection, delays the ~100 requests due during it. A closed-loop view (uncorrected) records the
 * stall once, for the one request that was on the wire; the corrected view records every delayed
 * request, so the stall reaches p99.9.
 */
class CoordinatedOmissionIntegrationTests {

    private static final long STALL_MILLIS = 200;
    private static final double RATE = 500;

    @Test
    @Timeout(60)
    void aStallShowsInTheCorrectedTailButNotInTheUncorrectedOne() throws Exception {
        // The stall hits the request due 2 s into the 5 s measurement (the server counts warm-up requests too).
        long stalledRequest = OpenLoopSchedule.of(0, RATE, Duration.ofSeconds(1), Duration.ofSeconds(5)).warmupCount()
                + (long) (RATE * 2);
        try (ScriptedServer server = ScriptedServer.start((n, request, body) ->
                n == stalledRequest ? ScriptedServer.Reply.delayed(302, STALL_MILLIS) : ScriptedServer.Reply.of(302))) {
            LoadOptions options = TestLoads.withConnections(TestLoads.load(server.url(), Scenario.REDIRECT, RATE,
                    Duration.ofSeconds(1), Duration.ofSeconds(5)), 1);

            RunSummary summary = TestLoads.run(options, "stall");
            System.out.print(ResultTable.render(summary)); // in the Failsafe report when a check fails

            assertThat(summary.errors()).isEmpty();
            assertThat(summary.answered()).isEqualTo(2500);
            // 2500 samples: p99.9 is the 3rd-highest. ~100 corrected samples carry part of the stall,
            // the 3rd-highest nearly all of it.
            assertThat(summary.corrected().p999Micros()).isGreaterThanOrEqualTo(STALL_MILLIS * 1000 * 9 / 10);
            // Uncorrected, only the one stalled request saw it: it is the max, not the p99.9. (The
            // bound leaves room for a noisy machine's own hiccups, well below the stall.)
            assertThat(summary.uncorrected().maxMicros()).isGreaterThanOrEqualTo(STALL_MILLIS * 1000 * 95 / 100);
            assertThat(summary.uncorrected().p999Micros()).isLessThan(STALL_MILLIS * 1000 * 6 / 10);
        }
    }
}
