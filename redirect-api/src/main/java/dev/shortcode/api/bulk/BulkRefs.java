package dev.shortcode.api.bulk;

import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import dev.shortcode.core.store.IdempotencyStore.Completion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 *
 * <p>A chunk's refs are claimed, completed and released together ({@link #claimAll},
 * {@link #completeAll}, {@link #releaseAll}): the store may do each as one write (the embedded
 * one does), and every ref still gets its own answer. Only a ref found pending is asked again
 * on its own.
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

    /**
     * What each ref's line should do: {@link Claim.Won}, {@link Claim.Done}, or {@link Claim.Pending}
     * once the wait ran out; in the order of {@code refs}, which must be distinct.
     */
    List<CompletionStage<Claim>> claimAll(String owner, List<String> refs) {
        String scope = scope(owner);
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<CompletionStage<Claim>> first = store.claimAll(scope, refs, ttl);
        List<CompletionStage<Claim>> claims = new ArrayList<>(first.size());
        for (int i = 0; i < first.size(); i++) {
            String ref = refs.get(i);
            claims.add(first.get(i).thenCompose(claim -> pollWhilePending(claim, scope, ref, deadline)));
        }
        return claims;
    }

    private CompletionStage<Claim> claim(String scope, String ref, long deadline) {
        return store.claim(scope, ref, ttl).thenCompose(claim -> pollWhilePending(claim, scope, ref, deadline));
    }

    private CompletionStage<Claim> pollWhilePending(Claim claim, String scope, String ref, long deadline) {
        if (!(claim instanceof Claim.Pending) || System.nanoTime() > deadline) {
            return CompletableFuture.completedFuture(claim);
        }
        Executor later = CompletableFuture.delayedExecutor(POLL_MILLIS, TimeUnit.MILLISECONDS);
        return CompletableFuture.supplyAsync(() -> null, later).thenCompose(v -> claim(scope, ref, deadline));
    }

    /** A won ref's link, to record with {@link #completeAll}. */
    record Made(String ref, String code, String fingerprint) {}

    /** Records each ref's link and request fingerprint; one stage per ref, in order. */
    List<CompletionStage<Void>> completeAll(String owner, List<Made> made) {
        List<Completion> completions = new ArrayList<>(made.size());
        for (Made m : made) {
            completions.add(new Completion(m.ref(), m.code() + " " + m.fingerprint()));
        }
        return store.completeAll(scope(owner), completions, ttl);
    }

    /** Frees refs whose links were not made; one stage per ref, in order. */
    List<CompletionStage<Void>> releaseAll(String owner, List<String> refs) {
        return store.releaseAll(scope(owner), refs);
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
