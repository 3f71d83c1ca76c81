package dev.shortcode.core.read;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Aliases;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.read.WatermarkFilter.Chance;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.Restorable;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The read path, cheapest checks first, so that garbage and scans cost no I/O.
 *
 * <h2>Design</h2>
 * <ol>
 *   <li><b>Shape</b>: a pool's code ({@link WatermarkFilter}) or an alias ({@link Aliases}), or
 *       nothing is looked up.
 *   <li><b>Watermark</b> ({@link WatermarkFilter}): a pool-shaped code whose id no node can have
 *       issued is answered absent without I/O; one above a stale mark waits for a fresh mark once
 *       the hot store missed. A code issued moments ago is looked up in the archive too when the
 *       hot store misses it: Redis may have lost it (a restart, a failover) after the outbox
 *       archived it, and a redirect must not answer 404 for a link HBase holds.
 *   <li><b>Hot store</b>: {@link HotStore#get} for reads (an access, from the near cache where
 *       there is one), {@link HotStore#peek} for edits (the store's own current version).
 *   <li><b>Cold read</b>, one Caffeine {@link AsyncCache} doing two jobs. Concurrent misses of one
 *       code share one load (single flight): a thousand redirects of an archived code cost one
 *       archive read. A load that found nothing stays cached for {@code negativeCacheTtl} (the
 *       negative cache): a scanner asking for the same absent alias costs one archive read per
 *       interval. A load that found a link leaves the cache at once ({@link Expiry} of zero): from
 *       then on the hot store has the link, and a later delete must not be answered from here. A
 *       load first asks {@link HotStore#cached} (memory only), so a reader that missed the hot store
 *       just before a restore finished does not read the archive again.
 *   <li><b>Restore</b>: a link the archive holds that {@link Restorable} allows (permanent, or
 *       temporary and younger than its TTL: Redis lost it) goes back with
 *       {@link HotStore#restore}, a permanent pool's link with the pool's current hot TTL. Refused
 *       means a live link took the code meanwhile (it wins, and is returned) or the code holds a
 *       deleted link's removal marker (it stays deleted).
 * </ol>
 */
final class TieredLinkResolver implements LinkResolver {

    private static final CompletableFuture<Optional<LinkRecord>> ABSENT = CompletableFuture.completedFuture(Optional.empty());

    private final HotStore hot;
    private final Archive archive;
    private final WatermarkFilter watermarks;
    private final Clock clock;
    /** Hot TTL of each permanent pool by name: a restored permanent link gets its pool's current one. */
    private final Map<String, Long> permanentTtls = new HashMap<>();
    private final AsyncCache<String, Optional<LinkRecord>> coldReads;

    TieredLinkResolver(HotStore hot, Archive archive, WatermarkFilter watermarks, ColdReadOptions options, Ticker ticker, Clock clock,
            List<PoolOptions> pools) {
        this.hot = hot;
        this.archive = archive;
        this.watermarks = watermarks;
        this.clock = clock;
        for (PoolOptions pool : pools) {
            if (pool.permanent()) {
                permanentTtls.put(pool.name(), pool.idleTtl().toSeconds());
            }
        }
        long negativeNanos = options.negativeCacheTtl().toNanos();
        this.coldReads = Caffeine.newBuilder()
                .maximumSize(options.negativeCacheMaxSize())
                .expireAfter(new Expiry<String, Optional<LinkRecord>>() {
                    @Override
                    public long expireAfterCreate(String code, Optional<LinkRecord> found, long now) {
                        return found.isPresent() ? 0 : negativeNanos;
                    }

                    @Override
                    public long expireAfterUpdate(String code, Optional<LinkRecord> found, long now, long remaining) {
                        return expireAfterCreate(code, found, now);
                    }

                    @Override
                    public long expireAfterRead(String code, Optional<LinkRecord> found, long now, long remaining) {
                        return remaining;
                    }
                })
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .buildAsync();
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> resolve(String code) {
        return read(code, false);
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> loadForEdit(String code) {
        return read(code, true);
    }

    private CompletionStage<Optional<LinkRecord>> read(String code, boolean forEdit) {
        if (code == null) {
            return ABSENT;
        }
        Chance chance = watermarks.chanceOf(code);
        if (chance == Chance.ALIAS_SHAPED && !Aliases.isWellFormedKey(code)) {
            return ABSENT;
        }
        CompletionStage<Optional<LinkRecord>> live = forEdit ? hot.peek(code) : hot.get(code);
        if (chance == Chance.NEVER_ISSUED && !watermarks.isReserved(code)) {
            // Never issued, unless reserved as an alias: a young one is in the hot store; an older
            // one is among the reserved codes, read again when the known ones are over a second old.
            return live.thenCompose(found -> found.isPresent() ? CompletableFuture.completedFuture(found) : reservedOrAbsent(code));
        }
        return live.thenCompose(found -> {
            if (found.isPresent()) {
                return CompletableFuture.completedFuture(found);
            }
            if (chance == Chance.UNSURE) {
                return watermarks.refreshed(code).thenCompose(fresh -> fresh == Chance.MAYBE_ARCHIVED ? cold(code) : reservedOrAbsent(code));
            }
            return cold(code);
        });
    }

    /** The archive's copy of a code judged never issued when it is reserved (an alias of a pool's shape), else absent. */
    private CompletionStage<Optional<LinkRecord>> reservedOrAbsent(String code) {
        return watermarks.isReservedNow(code).thenCompose(reserved -> reserved ? cold(code) : ABSENT);
    }

    private CompletableFuture<Optional<LinkRecord>> cold(String code) {
        return coldReads.get(code, (c, executor) -> load(c));
    }

    private CompletableFuture<Optional<LinkRecord>> load(String code) {
        LinkRecord restoredMeanwhile = hot.cached(code);
        if (restoredMeanwhile != null) {
            return CompletableFuture.completedFuture(Optional.of(restoredMeanwhile));
        }
        return archive.get(code).toCompletableFuture().thenCompose(found -> found.isPresent()
                && Restorable.fromArchive(found.get(), clock.millis()) ? restore(found.get()) : ABSENT);
    }

    private CompletableFuture<Optional<LinkRecord>> restore(LinkRecord archived) {
        Long hotTtl = archived.permanent() ? permanentTtls.get(archived.pool()) : null;
        LinkRecord warm = hotTtl == null || hotTtl == archived.ttlSeconds() ? archived : archived.withTtl(hotTtl);
        return hot.restore(warm).toCompletableFuture().thenCompose(restored -> restored
                ? CompletableFuture.completedFuture(Optional.of(warm))
                : hot.peek(warm.code()).toCompletableFuture());
    }
}
