package dev.shortcode.core.store;

import java.util.concurrent.CompletionStage;

/**
 * Limits per subject (an API key), shared by every node of a deployment where the backend has a
 * shared store (Redis), else kept by this node. A limit is identified by its subject and its
 * values: a subject whose limit changes starts afresh under the new one.
 *
 * <p>An outage of the shared store never fails a call: the node decides alone meanwhile (a local
 * bucket per subject and limit), says so in its log and in {@link Stats}, and goes back to the
 * shared limit once the store answers again.
 */
public interface RateLimits extends AutoCloseable {

    /**
     * Takes {@code units} of {@code limit} for {@code subject} if that many are left; takes
     * nothing otherwise. Completes without blocking the caller's thread.
     *
     * @param units at least 1
     */
    CompletionStage<RateDecision> take(String subject, RateLimit limit, long units);

    /** Counters for metrics. */
    Stats stats();

    /**
     * @param localDecisions decisions taken by this node alone because the shared store did not answer
     * @param sharedDown     whether the shared store is being bypassed now
     */
    record Stats(long localDecisions, boolean sharedDown) {}

    @Override
    default void close() {}
}
