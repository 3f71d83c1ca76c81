package dev.shortcode.core.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Remembers which link a client's {@code Idempotency-Key} produced, so that retries of a create
 * return the same link instead of minting another, even when many retries race.
 *
 * <p>Protocol: {@link #claim} atomically; the winner creates the link and calls
 * {@link #complete}, or {@link #release} if it failed; the others see {@link Claim.Pending}
 * and poll until {@link Claim.Done}.
 *
 * <p>The {@code *All} methods do the same for many keys of one scope at once (a bulk chunk's
 * refs): exactly what the single operation of each key, in list order, would do, with one stage
 * per key so that each key succeeds or fails on its own. The defaults issue the single operations
 * (Redis pipelines them on its connection); a store whose operations each cost a task of their
 * own does them as one.
 */
public interface IdempotencyStore extends AutoCloseable {

    sealed interface Claim {
        /** This request owns the key: create the link. */
        record Won() implements Claim {}

        /** Another request owns the key and has not finished. */
        record Pending() implements Claim {}

        /** The key's request finished: what its winner recorded with {@link #complete}. */
        record Done(String outcome) implements Claim {}
    }

    /** @param scope the API key id: the same Idempotency-Key of two clients means two requests */
    CompletionStage<Claim> claim(String scope, String idempotencyKey, Duration ttl);

    /**
     * Records how the key's request ended, for its retries.
     *
     * @param outcome opaque to the store (the service keeps the link's code and a fingerprint of
     *                the request there, so a retry with another body can be told apart)
     */
    CompletionStage<Void> complete(String scope, String idempotencyKey, String outcome, Duration ttl);

    CompletionStage<Void> release(String scope, String idempotencyKey);

    /** A key's outcome, for {@link #completeAll}. */
    record Completion(String idempotencyKey, String outcome) {}

    /**
     * Claims every key as {@link #claim} would, in list order: a key given twice is won (at most)
     * by its first place and {@link Claim.Pending} to the later one.
     *
     * @return one stage per key, in the keys' order
     */
    default List<CompletionStage<Claim>> claimAll(String scope, List<String> idempotencyKeys, Duration ttl) {
        List<CompletionStage<Claim>> claims = new ArrayList<>(idempotencyKeys.size());
        for (String key : idempotencyKeys) {
            claims.add(claim(scope, key, ttl));
        }
        return claims;
    }

    /**
     * Records every key's outcome as {@link #complete} would.
     *
     * @return one stage per completion, in their order
     */
    default List<CompletionStage<Void>> completeAll(String scope, List<Completion> completions, Duration ttl) {
        List<CompletionStage<Void>> completed = new ArrayList<>(completions.size());
        for (Completion c : completions) {
            completed.add(complete(scope, c.idempotencyKey(), c.outcome(), ttl));
        }
        return completed;
    }

    /**
     * Releases every key as {@link #release} would.
     *
     * @return one stage per key, in the keys' order
     */
    default List<CompletionStage<Void>> releaseAll(String scope, List<String> idempotencyKeys) {
        List<CompletionStage<Void>> released = new ArrayList<>(idempotencyKeys.size());
        for (String key : idempotencyKeys) {
            released.add(release(scope, key));
        }
        return released;
    }

    @Override
    default void close() {}
}
