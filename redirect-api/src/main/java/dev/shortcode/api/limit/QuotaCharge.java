package dev.shortcode.api.limit;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Takes links from the calling key's daily quota before they are made: completes normally when
 * they fit, fails with a {@code RateLimitedException} (429) when they do not, taking nothing.
 */
@FunctionalInterface
public interface QuotaCharge {

    /** For callers that have no quota: everything fits. */
    QuotaCharge NONE = links -> CompletableFuture.completedFuture(null);

    /** @param links at least 1 */
    CompletionStage<Void> take(int links);
}
