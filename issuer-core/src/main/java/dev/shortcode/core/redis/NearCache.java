package dev.shortcode.core.redis;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.store.LinkRecord;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * This node's copies of links read from Redis, each stamped with when the read was sent and under
 * which subscription epoch, so that {@link RedisHotStore} can tell how old and how trustworthy a
 * copy is. It makes no I/O of its own.
 *
 * <p><b>Age.</b> A copy is dropped {@link HotStoreOptions#nearCacheMaxAgeNanos max age} after the
 * read that produced it was sent (not after it was stored, so time spent waiting for the reply
 * counts too).
 *
 * <p><b>Epochs.</b> The epoch counts changes of the invalidation subscription: odd while it is
 * confirmed, even while it is lost. A copy is <em>trusted</em> only when it was read in the
 * current epoch and that epoch is odd: then every invalidation published after the read reached
 * this node (Redis delivers a channel's messages to a connected subscriber), so the copy can only
 * be as stale as a message in flight. A copy read before the subscription was lost, or while it
 * was lost, or before it came back, is <em>suspect</em>: an invalidation for it may have been
 * published while nobody here listened. Stamping the epoch before the read is sent closes the race
 * with a read whose reply arrives after the subscription changed.
 */
final class NearCache {

    private final AsyncCache<String, Copy> cache;
    private final Ticker ticker;
    private final Object epochLock = new Object();
    /** Odd: subscription confirmed; even: lost (0: not yet subscribed). */
    private volatile long epoch;

    NearCache(HotStoreOptions options, Ticker ticker) {
        this.ticker = ticker;
        this.cache = Caffeine.newBuilder()
                .maximumSize(options.nearCacheMaxSize())
                .expireAfter(new Expiry<String, Copy>() {
                    @Override
                    public long expireAfterCreate(String code, Copy copy, long now) {
                        return Math.max(0, options.nearCacheMaxAgeNanos(copy.link.ttlSeconds()) - (now - copy.readAtNanos));
                    }

                    @Override
                    public long expireAfterUpdate(String code, Copy copy, long now, long remaining) {
                        return expireAfterCreate(code, copy, now);
                    }

                    @Override
                    public long expireAfterRead(String code, Copy copy, long now, long remaining) {
                        return remaining;
                    }
                })
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .buildAsync();
    }

    /** The current epoch; read it before sending the Redis read whose reply becomes a copy. */
    long epoch() {
        return epoch;
    }

    boolean trusted(Copy copy) {
        long current = epoch;
        return copy.epoch == current && (current & 1) == 1;
    }

    /** The subscription is gone: no copy held now is trusted any more. */
    void subscriptionLost() {
        synchronized (epochLock) {
            if ((epoch & 1) == 1) {
                epoch++;
            }
        }
    }

    /** The subscription is confirmed (again): copies read from now on are trusted. */
    void subscriptionConfirmed() {
        synchronized (epochLock) {
            if ((epoch & 1) == 0) {
                epoch++;
            }
        }
    }

    boolean subscribed() {
        return (epoch & 1) == 1;
    }

    /** The held copy or a load in flight; null when nothing is held. */
    CompletableFuture<Copy> held(String code) {
        return cache.getIfPresent(code);
    }

    /** The held copy or load, else {@code loader}'s, shared by concurrent callers; a null result is not kept. */
    CompletableFuture<Copy> load(String code, Function<String, CompletableFuture<Copy>> loader) {
        return cache.get(code, (c, executor) -> loader.apply(c));
    }

    void put(String code, Copy copy) {
        cache.put(code, CompletableFuture.completedFuture(copy));
    }

    /** Replaces {@code held} by a newer copy; does nothing if the code was invalidated or replaced meanwhile. */
    void replace(String code, CompletableFuture<Copy> held, Copy fresh) {
        cache.asMap().replace(code, held, CompletableFuture.completedFuture(fresh));
    }

    /** Drops {@code held}, unless the code now maps to something else. */
    void remove(String code, CompletableFuture<Copy> held) {
        cache.asMap().remove(code, held);
    }

    void invalidate(String code) {
        cache.synchronous().invalidate(code);
    }

    long ageNanos(Copy copy) {
        return ticker.nanos() - copy.readAtNanos;
    }

    /** One link as read from Redis. Immutable but for the flag that keeps reloads single-flight. */
    static final class Copy {

        private static final VarHandle RELOADING;

        static {
            try {
                RELOADING = MethodHandles.lookup().findVarHandle(Copy.class, "reloading", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final LinkRecord link;
        /** When the read that produced this copy was sent (ticker nanos). */
        final long readAtNanos;
        final long epoch;
        /** The answer to a read, built once: a hot code is served without allocating. */
        final CompletableFuture<Optional<LinkRecord>> answer;
        @SuppressWarnings("unused") // through RELOADING
        private volatile int reloading;

        Copy(LinkRecord link, long readAtNanos, long epoch) {
            this(link, readAtNanos, epoch, CompletableFuture.completedFuture(Optional.of(link)));
        }

        private Copy(LinkRecord link, long readAtNanos, long epoch, CompletableFuture<Optional<LinkRecord>> answer) {
            this.link = link;
            this.readAtNanos = readAtNanos;
            this.epoch = epoch;
            this.answer = answer;
        }

        /**
         * The copy a reload that found {@code fresh} makes. An unchanged link (the usual case)
         * keeps this copy's record and answer, so a reload leaves two small objects instead of a
         * whole new link: every hot code is reloaded once a refresh interval, so what a reload
         * makes lives about that long, long enough to survive young collections, which copy it.
         */
        Copy reloaded(LinkRecord fresh, long readAtNanos, long epoch) {
            return fresh.equals(link) ? new Copy(link, readAtNanos, epoch, answer) : new Copy(fresh, readAtNanos, epoch);
        }

        /** True for exactly one caller until {@link #reloadFailed}: that caller reloads the code. */
        boolean claimReload() {
            return (int) RELOADING.getOpaque(this) == 0 && RELOADING.compareAndSet(this, 0, 1);
        }

        /** The reload did not happen or failed: a later read may try again. */
        void reloadFailed() {
            RELOADING.setVolatile(this, 0);
        }
    }
}
