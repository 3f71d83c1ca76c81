package dev.shortcode.api.limit;

import dev.shortcode.api.error.RateLimitedException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Takes as many links as still fit from the calling key's daily quota, up to those asked: for
 * callers whose items are refused one by one rather than all together (the bulk stream's lines),
 * where {@link QuotaCharge} is all or none.
 */
@FunctionalInterface
public interface PartialQuota {

    /** For callers that have no quota: everything fits. */
    PartialQuota NONE = links -> CompletableFuture.completedFuture(Grant.all(links));

    /** @param links at least 1 */
    CompletionStage<Grant> take(int links);

    /**
     * What was taken: the first {@code granted} of the links asked for may be made; the others
     * are refused with {@code refusal} (a 429 {@code quota-exceeded}), null when all were granted.
     */
    record Grant(int granted, RateLimitedException refusal) {

        public static Grant all(int links) {
            return new Grant(links, null);
        }
    }
}
