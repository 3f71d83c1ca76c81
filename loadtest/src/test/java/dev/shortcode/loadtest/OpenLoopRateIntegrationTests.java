package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OpenLoopRateIntegrationTests {

    @Test
    @Timeout(60)
    void holdsTheRequestedRateWithinFivePercent() {
        try (BaselineServer server = BaselineServer.start("127.0.0.1", 0, 1)) {
            LoadOptions options = TestLoads.load("http://127.0.0.1:" + server.port(), Scenario.REDIRECT, 500,
                    Duration.ofSeconds(2), Duration.ofSeconds(5));

            RunSummary summary = TestLoads.run(options, "rate");
            System.out.print(ResultTable.render(summary)); // in the Failsafe report when a check fails

            // Exactly rate x duration requests are scheduled, all of them sent and answered...
            assertThat(summary.scheduled()).isEqualTo(2500);
            assertThat(summary.sent()).isEqualTo(2500);
            assertThat(summary.errors()).isEmpty();
            assertThat(summary.statuses()).containsEntry("302", 2500L);
            // ...and they were answered at the requested rate, not in a late burst.
            assertThat(summary.achievedRate()).isCloseTo(500, within(25.0));
        }
    }
}
