package dev.shortcode.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RetryScheduleUnitTests {

    @Test
    void delays_growFromSecondsToAnHour_withUpToAFifthOfJitter() {
        long[] base = {5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000};
        for (int failed = 1; failed <= base.length; failed++) {
            for (int sample = 0; sample < 200; sample++) {
                assertThat(RetrySchedule.delayMillis(failed)).as("after %d failures", failed)
                        .isBetween(base[failed - 1], base[failed - 1] + base[failed - 1] / 5);
            }
        }
    }

    @Test
    void delays_areJittered_soNodesDoNotRetryInStep() {
        assertThat(java.util.stream.IntStream.range(0, 50).mapToLong(i -> RetrySchedule.delayMillis(1)).distinct().count()).isGreaterThan(10);
    }
}
