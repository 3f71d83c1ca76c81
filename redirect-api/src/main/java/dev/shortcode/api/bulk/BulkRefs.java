package dev.shortcode.api.bulk;

import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ref}s of bulk lines, kept in the {@link IdempotencyStore} like Idempotency-Keys, in
 * a scope of their own per API key ({@code <key id>/bulk}: a ref never meets an Idempotency-Key
 * of the same text).
 *
 * <h2>Design</h2>
 * The protocol is the Idempotency-Key's ({@code IdempotentCreator}): a valid line's ref is claimed;
 * the line that wins it creates the link and records code and request fingerprint for the ref's
 * lifetime ({@link #complete}), or releases the claim if the create failed; a line that finds the
 * ref done answers with that link (or 422 when the request differs); one that finds it pending
 * asks again every {@link #POLL_MILLIS} ms for up to {@link #WAIT}, then answers 409. A result
 * line is written only once both the link and its ref's outcome are durable, so a client that
 * re-sends a broken stream finds every line it was answered for done, and gets the same link.
 * A line whose ref outcome could not be stored is answered with the failure, not the link: the
 * link exists but is not acknowledged, and a re-send after the pending claim lapses (30 s) makes
 * another, as for an Idempotency-Key whose request died.
 */
final class BulkRefs {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final long POLL_MILLIS = 20;
    private static final String SCOPE_SUFFIX = "/bulk";

    private final IdempotencyStore store;
    private final Duration ttl;

    BulkRefs(IdempotencyStore store, Duration ttl) {
        this.store = store;
        this.ttl = ttl;
    }

    Duration ttl() {
        return ttl;
    }

    /** What the ref's line should do: {@link Claim.Won}, {@link Claim.Done}, or {@link Claim.Pending} once the wait ran out. */
    CompletionStage<Claim> claim(String owner, String ref) {
        return claim(scope(owner), ref, System.nanoTime() + WAIT.toNanos());
    }

    private CompletionStage<Claim> claim(String scope, String ref, long deadline) {
        return store.claim(scope, ref, ttl).thenCompose(claim -> {
            if (!(claim instanceof Claim.Pending) || System.nanoTime() > deadline) {
                return CompletableFuture.completedFuture(claim);
            }
            Executor later = CompletableFuture.delayedExecutor(POLL_MILLIS, TimeUnit.MILLISECONDS);
            return CompletableFuture.supplyAsync(() -> null, later).thenCompose(v -> claim(scope, ref, deadline));
        });
    }

    CompletionStage<Void> complete(String owner, String ref, String code, String fingerprint) {
        return store.complete(scope(owner), ref, code + " " + fingerprint, ttl);
    }

    CompletionStage<Void> release(String owner, String ref) {
        return store.release(scope(owner), ref);
    }

    /** The code a done ref made, and whether it was made by a request with this fingerprint. */
    record Outcome(String code, boolean sameRequest) {
        static Outcome of(String stored, String fingerprint) {
            int space = stored.indexOf(' ');
            return space < 0 ? new Outcome(stored, true)
                    : new Outcome(stored.substring(0, space), stored.substring(space + 1).equals(fingerprint));
        }
    }

    private static String scope(String owner) {
        return owner + SCOPE_SUFFIX;
    }
}
