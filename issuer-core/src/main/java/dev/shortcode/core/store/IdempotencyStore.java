package dev.shortcode.core.store;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Remembers which link a client's {@code Idempotency-Key} produced, so that retries of a create
 * return the same link instead of minting another, even when many retries race.
 *
 * <p>Protocol: {@link #claim} atomically; the winner creates the link and calls
 * {@link #complete}, or {@link #release} if it failed; the others see {@link Claim.Pending}
 * and poll until {@link Claim.Done}.
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

    @Override
    default void close() {}
}
