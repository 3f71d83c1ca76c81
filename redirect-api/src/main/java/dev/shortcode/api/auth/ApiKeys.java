package dev.shortcode.api.auth;

import dev.shortcode.core.code.Base62;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Issues, authenticates and caches API keys. A key is {@code sck_} plus 32 random base62
 * characters (190 bits); only its SHA-256 is stored. Lookups go by that hash and the stored hash
 * is compared again in constant time. Unknown keys are never cached, so guessing cannot fill memory.
 *
 * <p><b>No request waits for the store once its key is known.</b> A key the store confirmed is
 * answered from the cache; once the confirmation is {@link #CACHE_MILLIS} old, a request starts
 * one background re-check of it (one per key at a time) and is answered from the cache meanwhile,
 * so a revocation on another node is seen one re-check after it (at once on the revoking node): a
 * request or two that started before the re-check came back may still pass. While the store does
 * not answer (HBase down in distributed mode) the cached key is served for up to
 * {@link #STALE_MILLIS} after its last confirmation: clients keep creating links during an outage,
 * which the outbox absorbs, and no create waits for HBase's timeout. A revocation cannot reach the
 * store then anyway, so nothing is accepted that the store would have refused.
 */
public final class ApiKeys {

    /** How long a node trusts a cached key before asking the store again. */
    static final long CACHE_MILLIS = 5_000;
    /** How long after its last successful check a cached key is still accepted while the store fails. */
    static final long STALE_MILLIS = 15 * 60_000;
    private static final int SECRET_CHARS = 32;

    private final ApiKeyStore store;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();
    /** Background re-checks under way, by hash: one per key at a time. */
    private final Map<String, CompletableFuture<Void>> rechecking = new ConcurrentHashMap<>();

    /** A key as the store last confirmed it, at {@code checkedAt}. */
    private record Cached(ApiKey key, long checkedAt) {
        boolean fresh(long now) {
            return now < checkedAt + CACHE_MILLIS;
        }

        boolean usableDuringOutage(long now) {
            return now < checkedAt + STALE_MILLIS;
        }
    }

    /** A newly created key with its secret, shown once. */
    public record Created(ApiKey key, String secret) {}

    public ApiKeys(ApiKeyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public CompletionStage<Optional<ApiKey>> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > 256) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        String hash = sha256(presented);
        long now = clock.millis();
        Cached cached = cache.get(hash);
        if (cached != null && cached.fresh(now)) {
            return CompletableFuture.completedFuture(verified(cached.key, hash));
        }
        if (cached != null && cached.usableDuringOutage(now)) {
            if (recheck(hash).isDone()) { // the store answered at once: its answer, not the cached one
                Cached rechecked = cache.get(hash);
                return CompletableFuture.completedFuture(rechecked == null ? Optional.empty() : verified(rechecked.key, hash));
            }
            return CompletableFuture.completedFuture(verified(cached.key, hash));
        }
        return store.findByHash(hash).handle((found, failure) -> {
            if (failure == null) {
                found.ifPresentOrElse(key -> cache.put(hash, new Cached(key, now)), () -> cache.remove(hash));
                return found.flatMap(key -> verified(key, hash));
            }
            if (cached != null && cached.usableDuringOutage(now)) {
                return verified(cached.key, hash);
            }
            throw failure instanceof CompletionException c ? c : new CompletionException(failure);
        });
    }

    /** Asks the store about a cached key, once at a time per key; a failure leaves the cached copy. */
    private CompletableFuture<Void> recheck(String hash) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> running = rechecking.putIfAbsent(hash, mine);
        if (running != null) {
            return running;
        }
        long asked = clock.millis();
        store.findByHash(hash).whenComplete((found, failure) -> {
            if (failure == null) {
                // An update on this node that completed after this lookup was asked is newer than its answer.
                cache.compute(hash, (h, current) -> current != null && current.checkedAt >= asked ? current
                        : found.map(key -> new Cached(key, asked)).orElse(null));
            }
            rechecking.remove(hash, mine);
            mine.complete(null);
        });
        return mine;
    }

    /** The key if it is the one presented, not revoked and not expired. */
    private Optional<ApiKey> verified(ApiKey key, String hash) {
        boolean same = MessageDigest.isEqual(key.secretHash().getBytes(StandardCharsets.US_ASCII), hash.getBytes(StandardCharsets.US_ASCII));
        return same && !key.revoked() && !key.expiredAt(clock.millis()) ? Optional.of(key) : Optional.empty();
    }

    public CompletionStage<Created> create(String name, Set<ApiKey.Scope> scopes) {
        return create(name, scopes, OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    /** A new key with its own limits and expiry (each empty for the default, or never). */
    public CompletionStage<Created> create(String name, Set<ApiKey.Scope> scopes, OptionalLong requestsPerMinute, OptionalLong linksPerDay,
            OptionalLong expiresAtMillis) {
        return create(new ApiKey("k_" + randomBase62(12), name, scopes, "", clock.millis(), false, requestsPerMinute, linksPerDay,
                expiresAtMillis, 0), "sck_" + randomBase62(SECRET_CHARS));
    }

    /** Stores a key whose secret the operator chose (the bootstrap admin key from the environment). */
    public CompletionStage<Created> create(String name, Set<ApiKey.Scope> scopes, String secret, String id) {
        return create(new ApiKey(id, name, scopes, "", clock.millis(), false), secret);
    }

    /** Stores {@code template} with the hash of {@code secret}. */
    private CompletionStage<Created> create(ApiKey template, String secret) {
        String id = template.id();
        ApiKey key = new ApiKey(id, template.name(), template.scopes(), sha256(secret), template.createdAtMillis(), false,
                template.requestsPerMinute(), template.linksPerDay(), template.expiresAtMillis(), 0);
        return store.create(key).thenApply(created -> {
            if (!created) {
                throw new IllegalStateException("an API key with id " + id + " or the same secret exists already");
            }
            return new Created(key, secret);
        });
    }

    public CompletionStage<Boolean> revoke(String id) {
        return store.revoke(id).thenApply(revoked -> {
            cache.values().removeIf(c -> c.key.id().equals(id));
            return revoked;
        });
    }

    /**
     * Changes a key in the store ({@link ApiKeyStore#update}) and in this node's cache at once (a
     * re-check already under way cannot bring the old copy back); other nodes see it at their next
     * re-check: the first request of the key {@link #CACHE_MILLIS} or more after their last one
     * starts it and is still answered with the old copy, and so are those that come before the
     * store answers it.
     */
    public CompletionStage<Optional<ApiKey>> update(String id, UnaryOperator<ApiKey> change) {
        return store.update(id, change).thenApply(updated -> {
            long now = clock.millis();
            updated.ifPresent(key -> cache.replaceAll((hash, cached) -> cached.key.id().equals(id) ? new Cached(key, now) : cached));
            return updated;
        });
    }

    public ApiKeyStore store() {
        return store;
    }

    private String randomBase62(int chars) {
        StringBuilder out = new StringBuilder(chars);
        for (int i = 0; i < chars; i++) {
            out.append(Base62.ALPHABET.charAt(random.nextInt(62)));
        }
        return out.toString();
    }

    public static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the JDK", e);
        }
    }
}
