package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SingleFlightUnitTests {

    private final SingleFlight<String, String> flights = new SingleFlight<>();
    private final AtomicInteger loads = new AtomicInteger();

    @Test
    void join_whileALoadRuns_sharesItAndForgetsItWhenDone() {
        CompletableFuture<String> slow = new CompletableFuture<>();
        CompletableFuture<String> first = flights.join("k", k -> null, () -> { loads.incrementAndGet(); return slow; });
        CompletableFuture<String> second = flights.join("k", k -> null, () -> { loads.incrementAndGet(); return slow; });
        assertThat(second).isSameAs(first);
        assertThat(flights.inFlight()).isOne();

        slow.complete("v");
        assertThat(first.join()).isEqualTo("v");
        assertThat(flights.inFlight()).isZero();
        assertThat(flights.join("k", k -> null, () -> { loads.incrementAndGet(); return CompletableFuture.completedFuture("w"); }).join())
                .as("a new load once the first finished").isEqualTo("w");
        assertThat(loads).hasValue(2);
    }

    @Test
    void join_answeredMeanwhile_neverLoadsAndLeavesNothingBehind() {
        String answer = flights.join("k", k -> CompletableFuture.completedFuture("known"),
                () -> { loads.incrementAndGet(); return CompletableFuture.completedFuture("loaded"); }).join();
        assertThat(answer).isEqualTo("known");
        assertThat(loads).hasValue(0);
        assertThat(flights.inFlight()).isZero();
    }

    @Test
    void join_loadThatThrowsOrFails_failsEveryJoinerAndIsForgotten() {
        assertThatThrownBy(() -> flights.join("k", k -> null, () -> { throw new IllegalStateException("down"); }).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(IllegalStateException.class);
        CompletableFuture<String> failing = new CompletableFuture<>();
        CompletableFuture<String> first = flights.join("k", k -> null, () -> failing);
        CompletableFuture<String> second = flights.join("k", k -> null, () -> CompletableFuture.completedFuture("x"));
        failing.completeExceptionally(new IllegalStateException("down"));
        assertThat(first).isCompletedExceptionally();
        assertThat(second).isCompletedExceptionally();
        assertThat(flights.inFlight()).isZero();
    }
}
