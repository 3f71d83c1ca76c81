package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.IdempotencyInProgressException;
import dev.shortcode.api.error.IdempotencyKeyReusedException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.limit.QuotaCharge;
import dev.shortcode.api.password.PasswordWork;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Single creates, made safe to retry with an {@code Idempotency-Key}.
 *
 * <h2>Design</h2>
 * A client that retries after a timeout must get the link its first attempt made, not a second
 * one, even when several retries race each other and the first attempt.
 * <ol>
 *   <li>The request is validated first: a bad request answers 400 and never claims its key.
 *   <li>The key (scoped to the API key, so two clients' keys never meet) is claimed atomically in
 *       the {@link IdempotencyStore}. One request wins the claim and creates the link; when it
 *       fails, it releases the claim, so a retry creates afresh; when it succeeds, it records the
 *       outcome for the key's lifetime ({@code idempotencyTtl}).
 *   <li>A request that finds the claim pending polls every {@link #POLL_MILLIS} for up to
 *       {@link #WAIT} (a timer, no thread waits) and then answers 409 "in progress". One that finds
 *       it done answers with the recorded link, read live (a link since deleted or expired is a 404
 *       that says so).
 *   <li>The outcome carries a fingerprint of the request (stored url, ttl asked for, alias), so a
 *       client reusing a key for a different request gets 422 naming the link the key made,
 *       instead of that link silently. Outcomes stored before fingerprints (a bare code) match any
 *       request.
 * </ol>
 * A new link is charged to the key's daily quota ({@link QuotaCharge}) just before it is made: a
 * request refused as invalid costs nothing, and neither does a retry answered with the link its
 * key made; a refusal by the quota releases the claim like any other failure.
 *
 * <p>A winner that dies mid-create leaves its claim pending until the store's pending TTL (30 s)
 * ends; retries answer 409 until then, never a duplicate.
 */
public final class IdempotentCreator {

    /** How long a retry waits for the racing request that owns its Idempotency-Key. */
    static final Duration WAIT = Duration.ofSeconds(10);
    static final long POLL_MILLIS = 20;
    /** Longest Idempotency-Key accepted. */
    static final int MAX_KEY_LENGTH = 255;

    private final LinkRequests requests;
    private final PasswordWork passwords;
    private final LinkCreator creator;
    private final LinkReader reader;
    private final IdempotencyStore idempotency;
    private final Duration idempotencyTtl;

    public IdempotentCreator(LinkRequests requests, LinkCreator creator, LinkReader reader, IdempotencyStore idempotency,
            Duration idempotencyTtl) {
        this(requests, creator, reader, idempotency, idempotencyTtl, null);
    }

    /** @param passwords where link passwords are hashed; null: a create with a password is refused */
    public IdempotentCreator(LinkRequests requests, LinkCreator creator, LinkReader reader, IdempotencyStore idempotency,
            Duration idempotencyTtl, PasswordWork passwords) {
        this.passwords = passwords;
        this.requests = requests;
        this.creator = creator;
        this.reader = reader;
        this.idempotency = idempotency;
        this.idempotencyTtl = idempotencyTtl;
    }

    /**
     * Creates a link, taken from {@code quota} first; with an idempotency key (null: none), a retry
     * returns the link the first request made.
     */
    public CompletionStage<LinkView> create(CreateLinkRequest request, String owner, String idempotencyKey, QuotaCharge quota) {
        ValidLink valid;
        try {
            if (idempotencyKey != null && (idempotencyKey.isBlank() || idempotencyKey.length() > MAX_KEY_LENGTH
                    || !idempotencyKey.chars().allMatch(c -> c >= 0x20 && c < 0x7f))) {
                throw new InvalidRequestException("invalid-idempotency-key", "Idempotency-Key must be 1 to " + MAX_KEY_LENGTH
                        + " visible ASCII characters; an empty or blank one is refused, not taken as absent");
            }
            valid = requests.validate(request);
            if (request.password() != null && passwords == null) {
                throw new InvalidRequestException("invalid-routing", "password: this service sets no passwords");
            }
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        // The slow hash of a password first, on threads of its own; everything else was checked before it is paid for.
        CompletionStage<ValidLink> sealed = request.password() == null ? CompletableFuture.completedFuture(valid)
                : passwords.hash(request.password()).thenApply(valid::withPasswordHash);
        String key = idempotencyKey;
        CompletionStage<LinkView> created = sealed.thenCompose(link -> key == null ? quota.take(1).thenCompose(v -> creator.create(link, owner))
                : claimed(link, link.fingerprint(), owner, key, System.nanoTime() + WAIT.toNanos(), quota));
        return CallerContext.resume(created);
    }

    /**
     * What a key is remembered with: the code it made and the request's fingerprint, stored as
     * "code fingerprint" (codes hold no spaces); a bare code matches any request.
     */
    private record Outcome(String code, String fingerprint) {
        String encode() {
            return code + " " + fingerprint;
        }

        static Outcome decode(String stored) {
            int space = stored.indexOf(' ');
            return space < 0 ? new Outcome(stored, null) : new Outcome(stored.substring(0, space), stored.substring(space + 1));
        }

        boolean madeBy(String requestFingerprint) {
            return fingerprint == null || fingerprint.equals(requestFingerprint);
        }
    }

    private CompletionStage<LinkView> claimed(ValidLink valid, String fingerprint, String owner, String key, long deadline,
            QuotaCharge quota) {
        return idempotency.claim(owner, key, idempotencyTtl).thenCompose(claim -> {
            if (claim instanceof Claim.Done done) {
                Outcome outcome = Outcome.decode(done.outcome());
                if (!outcome.madeBy(fingerprint)) {
                    return CompletableFuture.failedFuture(new IdempotencyKeyReusedException(key, outcome.code(), idempotencyTtl));
                }
                return reader.get(outcome.code(), () -> new NotFoundException("Idempotency-Key '" + Echo.of(key) + "' made link '"
                        + outcome.code() + "', which has since been deleted or has expired; send a new key to create another"));
            }
            if (claim instanceof Claim.Pending) {
                if (System.nanoTime() > deadline) {
                    return CompletableFuture.failedFuture(new IdempotencyInProgressException());
                }
                Executor later = CompletableFuture.delayedExecutor(POLL_MILLIS, TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> null, later).thenCompose(v -> claimed(valid, fingerprint, owner, key, deadline, quota));
            }
            return quota.take(1).thenCompose(v -> creator.create(valid, owner)).handle((view, failure) -> {
                if (failure != null) {
                    return idempotency.release(owner, key).<LinkView>thenCompose(v -> CompletableFuture.failedFuture(unwrap(failure)));
                }
                return idempotency.complete(owner, key, new Outcome(view.code(), fingerprint).encode(), idempotencyTtl).thenApply(v -> view);
            }).thenCompose(stage -> stage);
        });
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
