package dev.shortcode.core.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.IssuerConfig;
import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolSpec;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.Restorable;
import dev.shortcode.core.store.SingleFlight;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The redirect's read path: code to live link, from the hot store and, for permanent pools, from
 * the archive when Redis no longer holds it.
 *
 * <h2>Design</h2>
 * Cheapest checks first, so that garbage and scans cost no I/O:
 * <ol>
 *   <li><b>Impossible codes</b>, rejected in memory: a length no pool has, a character outside the
 *       alphabet, a value beyond capacity; and, while a pool is in epoch 0, an id (the code decoded
 *       with the epoch-0 permutation) at or above the pool's issued watermark plus a slack. The
 *       watermark is read from the {@link WatermarkStore} and cached; it is refreshed in the
 *       background once older than {@code watermarkMaxAge}, so a cached mark can only be too low.
 *       The slack covers what may have been leased since the mark was read, including the jump of a
 *       counter re-seeded after Redis lost it ({@link #slackOf}).
 *       Ids between the cached mark and mark + slack may have been issued since it was read: they
 *       go to Redis (a link that young cannot have left it yet) but never to the archive. After a
 *       wrap (epoch &gt; 0) every id may be live, and only the syntax check applies.
 *   <li><b>Hot store</b> ({@link RedisHotStore#get}: near cache, then Redis).
 *   <li><b>Negative cache</b>: codes the archive recently did not know, or knew but Redis holds
 *       as deleted (see the re-warm), for {@code negativeCacheTtl}.
 *   <li><b>Single flight</b>: at most one archive read per code per node at a time; concurrent
 *       readers of a cold code share it. The leader puts its result in the near cache (or the
 *       negative cache) before it leaves the flight table, and a newcomer checks both inside the
 *       table's atomic insert, so a reader that missed Redis just before the re-warm cannot start
 *       a second archive read.
 *   <li><b>Re-warm</b>: a link found that is permanent, or temporary but created less than its TTL
 *       ago (so it cannot have expired: Redis lost it, by a restart or a failover), goes back into Redis with
 *       {@code SET NX EX} and the pool's hot TTL, without an outbox entry. If a live link took the
 *       code meanwhile, that one wins and is returned. A deleted link never comes back this way,
 *       even while its removal waits in the outbox: its key holds a removal marker until the
 *       link's TTL ends ({@link RedisHotStore#delete}), which refuses the {@code SET NX}.
 * </ol>
 *
 * <p>Caveat: the watermark check assumes every code of a pool's length was issued by the
 * allocator. Custom aliases of a pool's length would be rejected as impossible; aliases need a
 * length no pool uses and then a pool entry of their own (the lead decides, see the report).
 */
public final class LinkResolver {

    private static final System.Logger LOG = System.getLogger(LinkResolver.class.getName());
    private static final CompletableFuture<Optional<LinkRecord>> ABSENT = CompletableFuture.completedFuture(Optional.empty());

    private final RedisHotStore hot;
    private final Archive archive;
    private final WatermarkStore watermarks;
    private final Executor watermarkReader;
    private final ColdReadOptions options;
    private final Ticker ticker;
    private final Clock clock;
    /** Indexed by code length; null where no pool has that length. */
    private final PoolView[] byLength = new PoolView[CodeSpace.MAX_LENGTH + 1];
    private final Cache<String, Boolean> absentFromArchive;
    private final SingleFlight<String, Optional<LinkRecord>> reads = new SingleFlight<>();

    /**
     * Reads every pool's watermark once, synchronously, before returning.
     *
     * @param watermarkReader runs the background refreshes of watermarks (a blocking read each);
     *                        owned by the caller
     */
    public LinkResolver(RedisHotStore hot, Archive archive, IssuerConfig config, WatermarkStore watermarks,
            Executor watermarkReader, ColdReadOptions options, Ticker ticker) {
        this(hot, archive, config, watermarks, watermarkReader, options, ticker, Clock.systemUTC());
    }

    /** @param clock wall time, to tell whether an archived temporary link can still be alive */
    public LinkResolver(RedisHotStore hot, Archive archive, IssuerConfig config, WatermarkStore watermarks,
            Executor watermarkReader, ColdReadOptions options, Ticker ticker, Clock clock) {
        this.clock = clock;
        this.hot = hot;
        this.archive = archive;
        this.watermarks = watermarks;
        this.watermarkReader = watermarkReader;
        this.options = options;
        this.ticker = ticker;
        this.absentFromArchive = Caffeine.newBuilder()
                .maximumSize(options.negativeCacheMaxSize())
                .expireAfterWrite(options.negativeCacheTtl())
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .build();
        byte[] secret = config.secret();
        for (PoolSpec pool : config.pools()) {
            PoolView view = new PoolView(pool, new CodeCodec(pool.space(), 0, secret), slackOf(pool, options, config.lease()));
            byLength[pool.length()] = view;
            readWatermark(view);
        }
    }

    /**
     * How far above the cached watermark an id may have been issued since the mark was read: the
     * leases of one refresh interval, plus the gap a re-seed jumps when Redis lost the counter
     * (otherwise the first codes after a Redis restart would be rejected as never issued until
     * every node re-read its watermark).
     */
    static long slackOf(PoolSpec pool, ColdReadOptions options, LeaseOptions lease) {
        try {
            return Math.multiplyExact(Math.addExact(options.watermarkSlackBlocks(), lease.reseedGapBlocks()), pool.blocks().max());
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** The live link of {@code code}, empty when there is none (never was, expired, deleted). */
    public CompletionStage<Optional<LinkRecord>> resolve(String code) {
        PoolView pool = code.length() < byLength.length ? byLength[code.length()] : null;
        if (pool == null || !pool.spec.space().isWellFormed(code)) {
            return ABSENT;
        }
        Chance chance = chanceOf(pool, code);
        if (chance == Chance.NEVER_ISSUED) {
            return ABSENT;
        }
        return hot.get(code).thenCompose(found -> {
            if (found.isPresent() || chance == Chance.ISSUED_RECENTLY) {
                return CompletableFuture.completedFuture(found);
            }
            return fromArchive(pool, code);
        });
    }

    /** How likely the code is to exist, judged from its id alone. */
    private Chance chanceOf(PoolView pool, String code) {
        CachedMark cached = pool.mark.get();
        if (cached == null || ticker.nanos() - cached.readAtNanos > options.watermarkMaxAge().toNanos()) {
            refreshInBackground(pool);
        }
        if (cached == null || cached.mark.epoch() > 0) {
            return Chance.MAYBE_ARCHIVED;
        }
        long id = pool.epoch0.decode(code);
        long high = cached.mark.highId();
        if (id < high) {
            return Chance.MAYBE_ARCHIVED;
        }
        return id - high < pool.slack ? Chance.ISSUED_RECENTLY : Chance.NEVER_ISSUED;
    }

    private CompletableFuture<Optional<LinkRecord>> fromArchive(PoolView pool, String code) {
        if (absentFromArchive.getIfPresent(code) != null) {
            return ABSENT;
        }
        return reads.join(code, c -> {
            LinkRecord warmed = hot.cached(c);
            if (warmed != null) {
                return CompletableFuture.completedFuture(Optional.of(warmed));
            }
            return absentFromArchive.getIfPresent(c) != null ? ABSENT : null;
        }, () -> archive.get(code).thenCompose(found -> {
            if (found.isPresent() && Restorable.fromArchive(found.get(), clock.millis())) {
                return rewarm(pool, found.get());
            }
            absentFromArchive.put(code, Boolean.TRUE);
            return ABSENT;
        }));
    }

    private CompletableFuture<Optional<LinkRecord>> rewarm(PoolView pool, LinkRecord archived) {
        LinkRecord warm = !archived.permanent() ? archived : new LinkRecord(archived.code(), archived.url(), archived.pool(),
                pool.spec.idleTtl().toSeconds(), true, archived.createdAtMillis(), archived.ownerKeyId(), archived.version());
        return hot.rewarm(warm).thenCompose(stored -> {
            if (stored) {
                return CompletableFuture.completedFuture(Optional.of(warm));
            }
            // Refused: a live link took the code meanwhile (it wins), or the link was deleted and
            // Redis holds its removal marker until the archive has the removal too (it stays deleted).
            return hot.get(archived.code()).toCompletableFuture().thenApply(live -> {
                if (live.isEmpty()) {
                    absentFromArchive.put(archived.code(), Boolean.TRUE);
                }
                return live;
            });
        });
    }

    private void refreshInBackground(PoolView pool) {
        if (!pool.refreshing.compareAndSet(false, true)) {
            return;
        }
        try {
            watermarkReader.execute(() -> {
                try {
                    readWatermark(pool);
                } finally {
                    pool.refreshing.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            pool.refreshing.set(false);
        }
    }

    private void readWatermark(PoolView pool) {
        long began = ticker.nanos(); // the mark is at least as new as the start of the read
        try {
            Watermark mark = watermarks.read(pool.spec.length()).orElse(Watermark.ZERO);
            pool.mark.set(new CachedMark(mark, began));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "pool {0}: cannot read the issued watermark; keeping the cached one: {1}", pool.spec.name(),
                    e.toString());
        }
    }

    private enum Chance {
        /** Above watermark + slack in epoch 0: no node issued it. */
        NEVER_ISSUED,
        /** Above the cached watermark, within the slack: if it exists it was issued moments ago and is in Redis. */
        ISSUED_RECENTLY,
        /** May be live or archived. */
        MAYBE_ARCHIVED
    }

    private record CachedMark(Watermark mark, long readAtNanos) {}

    private static final class PoolView {
        final PoolSpec spec;
        final CodeCodec epoch0;
        final long slack;
        final AtomicReference<CachedMark> mark = new AtomicReference<>();
        final AtomicBoolean refreshing = new AtomicBoolean();

        PoolView(PoolSpec spec, CodeCodec epoch0, long slack) {
            this.spec = spec;
            this.epoch0 = epoch0;
            this.slack = slack;
        }
    }
}
