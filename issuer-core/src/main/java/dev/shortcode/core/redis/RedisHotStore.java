package dev.shortcode.core.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.core.redis.NearCache.Copy;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The hot store on Redis, standalone or Cluster: code to link with a sliding TTL, every change
 * also appended to the archive outbox.
 *
 * <p>Where a link sits in Redis is {@link LinkSlots}' business. The commands named below are those
 * of a key per link ({@link KeyPerLink}, the default); with links in groups ({@link LinkGroups})
 * each is a script on the link's group with the same outcome (a claim of the field for
 * {@code SET NX EX}, a rewrite of the field's expiry for {@code EXPIRE}), and the reloads' {@code MGET}
 * is pipelined {@code HGET}s judged by one {@code TIME}. Everything else here holds for both.
 *
 * <h2>Create: one script on a standalone Redis, two steps on a Cluster</h2>
 * On a standalone Redis a create is one script ({@link OneScriptCreates}): {@code SET NX EX} of
 * {@code <ns>:l:{code}} and, only when that took the code, the {@code XADD} of its {@code Put} to
 * the code's outbox shard, atomically, one round trip.
 *
 * <p>On a Cluster (or with {@code outbox.one-script-creates=false}):
 * {@code SET <ns>:l:{code} record NX EX ttl}; only when Redis answers OK is a {@code Put} handed
 * to the {@link OutboxAppender}, which group-commits it with other creates into one {@code XADD}
 * on the code's outbox shard. The create completes when that {@code XADD} is acknowledged, so a
 * link reported stored is also on its way to the archive. A failed {@code SET NX} (the code is
 * live: after a wrap, or a taken alias) appends nothing, so no phantom {@code Put} can ever
 * overwrite the live link in the archive.
 *
 * <p>Why not {@code SET} and {@code XADD} in one pipelined flush: the {@code XADD} would have to
 * go out before the {@code SET NX} result is known, leaving a {@code Put} for a create that
 * failed, which an archiver may read within microseconds. Why not one script on a Cluster too:
 * the link key and its stream would have to share a hash slot, i.e. links could only
 * live in as many slots as there are outbox shards, tying the Cluster's data spread to the shard
 * count for good. The price of the chosen order is latency, not throughput: a create waits for
 * two sequential replies (the {@code SET}, then its batch's {@code XADD}), while Redis sees one
 * command per create plus one per batch (see {@code HotStoreFootprint} for the measurement).
 * If the append fails, the link is taken back (replaced by the removal marker if still ours) and
 * the create fails.
 *
 * <p>{@link #createAll} does the same for many links at a lower cost per link. On a standalone
 * Redis: one script call per outbox shard and up to {@code outbox.max-batch} links, which stores
 * each link and appends the stored ones' {@code Put}s as one entry, the calls pipelined: one round
 * trip and a command per call instead of per link. On a Cluster: all {@code SET NX} commands leave
 * back to back (pipelined), then the created links' puts join the outbox as one group, which
 * fills whole {@code XADD} entries instead of waiting in line one by one.
 *
 * <h2>Read: near cache served without waiting, reloaded in the background</h2>
 * A node's first read of a code runs a tiny script that reads the record and sets its expiry
 * from the TTL stored in it ({@code GETEX} cannot, since the TTL is per link and unknown before
 * the read); concurrent misses of one code share one read. The record then sits in the
 * {@link NearCache}, stamped with when the read was sent. A copy younger than
 * {@code nearCacheRefresh} (R, default 1 s) is served as it is; an older one is still served at
 * once, and the read queues one background reload of the code (single flight per copy), which the
 * {@link GatheringSender} sends with others as one {@code MGET}: a copy found replaces the old one,
 * a code Redis no longer holds (deleted, expired) is dropped, a failed reload leaves the copy. A
 * copy is never served once it is {@code nearCacheMaxAge} old (M: default 30 s, at most a tenth of
 * the link's TTL; see {@link HotStoreOptions#nearCacheMaxAgeNanos}); a read then waits for Redis
 * as a miss does, and fails if Redis does. So a hot code costs Redis about one read per R per
 * node and no reader waits for it, and a node cut off from Redis answers from memory for up to M.
 * Absent codes are not near-cached: a link created on another node is visible at once.
 *
 * <p>Extension is unchanged by where a read is answered from: the node remembers when it last
 * extended a code ({@code extensionMarks}, expiring after the code's extension window); any read
 * after that, from the near cache or not, queues one {@code EXPIRE} on the {@link TtlExtender}'s
 * thread and returns at once. A node thus writes at most one extension per hot code per window.
 * Reloads read with {@code MGET} and extend nothing.
 *
 * <h2>Update and delete: compare-and-set, outbox, invalidation</h2>
 * An update runs a script that replaces the record only if the stored one is the same link
 * (creation time) at the previous version, with the new TTL. A delete replaces the record by the
 * {@link LinkSlots#REMOVED} marker, keeping the key's TTL. Both append their mutation to the outbox, drop
 * the code from this node's near cache and publish it on the {@link InvalidationChannel}, so
 * other nodes drop it within milliseconds. A delete appends a {@code Remove} at the stored
 * version + 1, so the archive hides every version the hot store ever held.
 *
 * <p>Why a marker and not {@code DEL}: the archive learns of the delete only when an archiver
 * gets to its {@code Remove} (milliseconds, or hours while HBase is down). A read of the code in
 * between would miss Redis, find the link in the archive and put it back (the {@code LinkResolver}'s
 * restore): a deleted link would come back to life. The marker refuses that restore's
 * {@code SET NX}, and reads see it as absent. It lives as long as the link would have, which
 * bounds its memory by what the link held; a create may take the code over at once
 * ({@link #claim}). A create taken back after a failed append leaves the marker too.
 *
 * <h2>How stale another node can be</h2>
 * Say a change (update or delete) was applied in Redis at time t. A node B serves the old link
 * after t only in these cases, each bounded:
 * <ol>
 *   <li><b>Message in flight.</b> The invalidation reaches B's subscription and B drops its copy:
 *       milliseconds after t. Redis delivers every message of the channel to a subscriber that
 *       stays connected.
 *   <li><b>PUBLISH failed</b> on the changing node: it is retried in the background every 200 ms
 *       for up to M, so (1) applies as soon as one gets through; until then, (4).
 *   <li><b>B's subscription dropped</b> (connection reset or killed, output buffer limit, server
 *       down). Lettuce reports it the moment B's socket closes; from then on, until Redis
 *       confirms the re-subscription Lettuce issues on reconnecting, no copy read before or during
 *       the gap is trusted: a read of such a suspect copy waits for Redis (one read per code at a
 *       time) and serves Redis's answer. So B sees the change one round trip after it noticed the
 *       drop, whether the message was lost or not. The copy is served instead only if Redis does
 *       not answer (it is down, or B cannot reach it, or its last read from B failed): as in (5).
 *   <li><b>A loss nobody noticed</b>: a subscription connection that died silently (no reset
 *       reached B: found only by TCP keep-alive), a message lost on a Cluster's bus, or every
 *       PUBLISH retry failed. Then only the reloads bound it: a code B reads continuously shows
 *       the change at most R + 5 ms (batch gathering) + one round trip after t; a code B reads
 *       after a pause is answered once from a copy up to M old and is right from the next read,
 *       once its reload is back. In no case is a copy served more than M after it was read.
 *   <li><b>B cannot reach Redis.</b> Copies are served for up to M after their last successful
 *       read; then reads fail as Redis does. Since M is at most a tenth of a link's TTL, no copy
 *       outlives its link by expiry.
 * </ol>
 * With the defaults: a change is seen everywhere within milliseconds in cases 1 and 3, within
 * about 1 s for continuously read codes in cases 2 and 4, and no copy lives more than 30 s.
 *
  * <p>Thread-safe, non-blocking: every method returns at once with a stage completed on Lettuce's
 * event loop, or already completed. A read answered from the near cache returns a completed
 * stage shared by every read of that copy: callers must not complete or obtrude it.
 */
final class RedisHotStore implements HotStore {

    private static final System.Logger LOG = System.getLogger(RedisHotStore.class.getName());

    private static final CompletableFuture<Optional<LinkRecord>> ABSENT = CompletableFuture.completedFuture(Optional.empty());
    /** How long reloads gather before one batch is sent. */
    static final Duration RELOAD_FLUSH_INTERVAL = Duration.ofMillis(5);
    /** Codes per reload {@code MGET}; more waits for the next round. */
    static final int RELOAD_MAX_BATCH = 1_024;
    /** Reloads waiting to be sent; when full, a reload is dropped and asked again by a later read. */
    static final int RELOAD_QUEUE_CAPACITY = 16_384;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    /** Where the links are in Redis: a key per link, or groups of them. */
    private final LinkSlots slots;
    /** With links in groups, what deletes expired links' fields; null with a key per link. */
    private final LinkGroupSweeper sweeper;
    private final HotStoreOptions options;
    private final Ticker ticker;
    private final long refreshNanos;
    private final NearCache nearCache;
    /** Suspect copies being checked with Redis while readers wait: one read per code at a time. */
    private final ConcurrentHashMap<String, CompletableFuture<Optional<LinkRecord>>> verifying = new ConcurrentHashMap<>();
    /** False from a failed Redis read to the next successful one: suspect copies are then served without waiting. */
    private volatile boolean redisAnswering = true;
    /** Code to its extension window in nanos; present while an extension made by this node is recent. */
    private final Cache<String, Long> extensionMarks;
    private final OutboxAppender outbox;
    private final TtlExtender extender;
    private final GatheringSender<Reload> reloader;
    private final InvalidationChannel invalidations;
    private final TakeBacks takeBacks;
    /** Creates in one script on a standalone Redis; null on a Cluster (or when turned off): the two-step create. */
    private final OneScriptCreates oneScript;
    /** Single one-script creates coalesced; null when off or without one-script creates. */
    private final CoalescingCreates coalesced;
    /** Acknowledgements after WAIT on the replicas; null when {@code shortcode.redis.wait-replicas} is 0. */
    private final ReplicaWaits waits;
    /** Where a delete's event goes when a webhook wants it; null when nobody records events. */
    private volatile RedisEventJournal events;

    RedisHotStore(RedisConnection connection, StoreKeys keys, HotStoreOptions options) {
        this(connection, keys, options, Ticker.SYSTEM);
    }

    RedisHotStore(RedisConnection connection, StoreKeys keys, HotStoreOptions options, Ticker ticker) {
        LinkLayoutGuard.check(connection.sync(), keys);
        this.redis = connection.async();
        this.keys = keys;
        this.slots = LinkSlots.of(redis, keys);
        this.options = options;
        this.ticker = ticker;
        this.refreshNanos = options.nearCacheRefresh().toNanos();
        this.nearCache = new NearCache(options, ticker);
        this.extensionMarks = Caffeine.newBuilder()
                .maximumSize(options.extensionMarksMaxSize())
                .expireAfter(Expiry.<String, Long>writing((code, windowNanos) -> java.time.Duration.ofNanos(windowNanos)))
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .build();
        this.outbox = new OutboxAppender(redis, keys, options.outboxMaxBatch(), options.outboxMaxQueued());
        this.extender = new TtlExtender(slots, keys.namespace(), options.extensionQueueCapacity(), options.extensionFlushInterval(),
                extensionMarks::invalidate);
        this.reloader = new GatheringSender<>("hot-store-reload-" + keys.namespace(), RELOAD_QUEUE_CAPACITY,
                RELOAD_MAX_BATCH, RELOAD_FLUSH_INTERVAL, this::reload, r -> r.copy.reloadFailed());
        this.oneScript = connection.isCluster() || !options.oneScriptCreates() ? null : new OneScriptCreates(redis, keys, slots);
        this.waits = options.waitReplicas() == 0 ? null : new ReplicaWaits(connection, options.waitReplicas(), options.waitTimeout());
        this.coalesced = oneScript == null || options.coalesceCreates() == 0 ? null
                : new CoalescingCreates(oneScript, options.coalesceCreates());
        this.takeBacks = new TakeBacks(oneScript != null
                ? oneScript::takeBack
                : (code, value) -> slots.replaceIfSame(code, value, LinkSlots.REMOVED, null),
                keys.namespace());
        InvalidationChannel channel;
        try {
            channel = new InvalidationChannel(connection, keys.invalidationChannel(), this::dropLocally,
                    nearCache::subscriptionLost, nearCache::subscriptionConfirmed, options.nearCacheMaxAge());
        } catch (RuntimeException e) {
            reloader.close();
            extender.close();
            takeBacks.close();
            throw e;
        }
        this.invalidations = channel;
        this.sweeper = keys.linkGroups() == 0 ? null : new LinkGroupSweeper(redis, keys, options.sweepPeriod()).start();
    }

    @Override
    public CompletionStage<Boolean> create(LinkRecord link) {
        return replicated(createNow(link), Boolean.TRUE::equals, link.code());
    }

    private CompletionStage<Boolean> createNow(LinkRecord link) {
        String code = link.code();
        String value = LinkRecordCodec.encode(link);
        if (oneScript != null) {
            CompletableFuture<Boolean> stored = coalesced != null ? coalesced.create(code, value, link.ttlSeconds())
                    : oneScript.create(code, value, link.ttlSeconds());
            return RedisFailures.translated(stored.whenComplete((created, failure) -> {
                if (failure != null && RedisFailures.mayHaveBeenApplied(failure)) {
                    takeBacks.takeBack(code, value, link.ttlSeconds(), failure); // no reply: the script may have run
                }
            }));
        }
        String put = MutationCodec.encodePut(value); // here, not on the event loop that runs the completion
        return RedisFailures.translated(slots.claim(code, value, link.ttlSeconds(), true)
                .whenComplete((claimed, failure) -> {
                    if (failure != null && RedisFailures.isOutage(failure)) {
                        takeBacks.takeBack(code, value, link.ttlSeconds(), failure); // the SET may have been applied
                    }
                })
                .thenCompose(claimed -> {
                    if (!claimed) {
                        return CompletableFuture.completedFuture(Boolean.FALSE);
                    }
                    CompletableFuture<Boolean> archived = outbox.append(code, put).thenApply(v -> Boolean.TRUE);
                    archived.whenComplete((stored, failure) -> {
                        if (failure != null) {
                            takeBacks.takeBack(code, value, link.ttlSeconds(), failure);
                        }
                    });
                    return archived;
                }));
    }

    /**
     * On a standalone Redis, {@link OneScriptCreates#createAll}: each call stores its links and
     * appends their Puts at once, or nothing; a call whose reply is lost has its links taken back.
     *
     * <p>On a Cluster, every {@code SET NX EX} is written before any reply is read, so they leave pipelined (one
     * write per node and event-loop turn, see {@link RedisConnection}); once all have answered,
     * the created links' puts go to the outbox as one group. A code given twice: both commands go
     * to the same node on the same connection in list order, so the first stores, the later ones
     * find it taken. As with {@link #create}, a refused link appends nothing, and the stage
     * completes only once every created link is in the outbox. If some {@code SET}s fail (a timeout,
     * a lost connection), the links the others created are still appended before the stage fails, so
     * none is live without its archive entry. If appends fail, those links are taken back.
     */
    @Override
    public CompletionStage<List<Boolean>> createAll(List<LinkRecord> links) {
        return replicated(createAllNow(links), stored -> stored.contains(Boolean.TRUE),
                links.stream().map(LinkRecord::code).toArray(String[]::new));
    }

    private CompletionStage<List<Boolean>> createAllNow(List<LinkRecord> links) {
        int n = links.size();
        if (n == 0) {
            return CompletableFuture.completedFuture(List.of());
        }
        if (oneScript != null) {
            String[] records = new String[n];
            for (int i = 0; i < n; i++) {
                records[i] = LinkRecordCodec.encode(links.get(i));
            }
            return RedisFailures.translated(oneScript.createAll(links, records, options.outboxMaxBatch(), (positions, failure) -> {
                if (RedisFailures.mayHaveBeenApplied(failure)) {
                    for (int i : positions) { // no reply: the call may have run
                        takeBacks.takeBack(links.get(i).code(), records[i], links.get(i).ttlSeconds(), failure);
                    }
                }
            }).thenApply(Arrays::asList));
        }
        String[] values = new String[n];
        String[] puts = new String[n];
        CompletableFuture<?>[] sets = new CompletableFuture<?>[n];
        for (int i = 0; i < n; i++) {
            LinkRecord link = links.get(i);
            values[i] = LinkRecordCodec.encode(link);
            puts[i] = MutationCodec.encodePut(values[i]); // here, not on the event loop that runs the completion
            sets[i] = slots.claim(link.code(), values[i], link.ttlSeconds(), true);
        }
        return RedisFailures.translated(CompletableFuture.allOf(sets).handle((v, anyFailure) -> {
            Boolean[] created = new Boolean[n];
            Throwable setFailure = null;
            List<String> codes = new ArrayList<>(n);
            List<String> mutations = new ArrayList<>(n);
            int[] positions = new int[n];
            for (int i = 0; i < n; i++) {
                Object reply;
                try {
                    reply = sets[i].join();
                } catch (CompletionException | CancellationException e) {
                    setFailure = setFailure == null ? e : setFailure;
                    if (RedisFailures.isOutage(e)) {
                        takeBacks.takeBack(links.get(i).code(), values[i], links.get(i).ttlSeconds(), e); // may have been applied
                    }
                    continue;
                }
                created[i] = Boolean.TRUE.equals(reply);
                if (created[i]) {
                    positions[codes.size()] = i;
                    codes.add(links.get(i).code());
                    mutations.add(puts[i]);
                }
            }
            Throwable failedSet = setFailure;
            return outbox.appendAll(codes, mutations).handle((ok, appendFailure) -> {
                if (appendFailure != null) {
                    Throwable cause = appendFailure instanceof CompletionException c && c.getCause() != null ? c.getCause() : appendFailure;
                    if (cause instanceof OutboxAppendException partial) {
                        BitSet missing = partial.notAppended();
                        for (int j = missing.nextSetBit(0); j >= 0; j = missing.nextSetBit(j + 1)) {
                            takeBacks.takeBack(links.get(positions[j]).code(), values[positions[j]], links.get(positions[j]).ttlSeconds(),
                                    partial.getCause());
                        }
                        cause = partial.getCause();
                    }
                    throw cause instanceof CompletionException c ? c : new CompletionException(cause);
                }
                if (failedSet != null) {
                    throw failedSet instanceof CompletionException c ? c : new CompletionException(failedSet);
                }
                return Arrays.asList(created);
            });
        }).thenCompose(stage -> stage));
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        CompletableFuture<Copy> held = nearCache.held(code);
        if (held != null && held.isDone() && !held.isCompletedExceptionally()) {
            Copy copy = held.join();
            if (copy == null) {
                return ABSENT; // a load that just found nothing, about to leave the cache
            }
            long age = nearCache.ageNanos(copy);
            if (age < options.nearCacheMaxAgeNanos(copy.link.ttlSeconds())) {
                if (nearCache.trusted(copy)) {
                    if (age >= refreshNanos) {
                        reloadLater(code, held, copy);
                    }
                    extendIfDue(copy.link);
                    return copy.answer;
                }
                if (!redisAnswering) { // suspect, but Redis cannot tell better now: as a failed reload
                    reloadLater(code, held, copy);
                    extendIfDue(copy.link);
                    return copy.answer;
                }
                return verify(code, held, copy);
            }
            nearCache.remove(code, held); // past its max age: read Redis as if it were not held
        }
        return nearCache.load(code, this::read).thenApply(RedisHotStore::answerOf);
    }

    @Override
    public CompletionStage<UpdateResult> update(LinkRecord link) {
        return replicated(updateNow(link), UpdateResult.UPDATED::equals, link.code());
    }

    private CompletionStage<UpdateResult> updateNow(LinkRecord link) {
        String code = link.code();
        String value = LinkRecordCodec.encode(link);
        String put = MutationCodec.encodePut(value);
        CompletableFuture<Long> replaced = slots.update(code, value, link.ttlSeconds(), Long.toString(link.version() - 1, 36),
                Long.toString(link.createdAtMillis(), 36));
        return RedisFailures.translated(replaced.thenCompose(changed -> {
            if (changed == null || changed != 1L) {
                return CompletableFuture.completedFuture(changed != null && changed == -1L ? UpdateResult.STALE : UpdateResult.MISSING);
            }
            dropLocally(code);
            extensionMarks.put(code, options.extensionWindowNanos(link.ttlSeconds()));
            CompletableFuture<Void> published = invalidations.publish(code);
            return outbox.append(code, put).thenCombine(published, (a, b) -> UpdateResult.UPDATED);
        }));
    }

    /** Records the events of deletes webhooks want into {@code journal} (creates and updates reach it through the archiver). */
    void recordingEvents(RedisEventJournal journal) {
        this.events = journal;
    }

    @Override
    public CompletionStage<Boolean> delete(String code) {
        return replicated(deleteNow(code), Boolean.TRUE::equals, code);
    }

    /**
     * {@code change}, acknowledged only once its writes are on the configured replicas when
     * {@code shortcode.redis.wait-replicas} is set ({@link ReplicaWaits}): the links' keys and their
     * outbox shards. A change that wrote nothing ({@code wrote} false) waits for nothing.
     */
    private <T> CompletionStage<T> replicated(CompletionStage<T> change, java.util.function.Predicate<T> wrote, String... codes) {
        if (waits == null) {
            return change;
        }
        return change.thenCompose(result -> {
            if (!wrote.test(result)) {
                return CompletableFuture.completedFuture(result);
            }
            String[] written = new String[2 * codes.length];
            for (int i = 0; i < codes.length; i++) {
                written[2 * i] = slots.key(codes[i]);
                written[2 * i + 1] = keys.outbox(keys.shardOf(codes[i]));
            }
            return RedisFailures.translated(waits.after(written)).thenApply(v -> result);
        });
    }

    private CompletionStage<Boolean> deleteNow(String code) {
        return RedisFailures.translated(slots.remove(code).thenCompose(value -> {
            if (value == null) {
                return CompletableFuture.completedFuture(Boolean.FALSE);
            }
            dropLocally(code);
            extensionMarks.invalidate(code);
            CompletableFuture<Void> published = invalidations.publish(code);
            LinkRecord old = LinkRecordCodec.decode(code, value);
            CompletableFuture<Void> appended = outbox.append(new ArchiveMutation.Remove(code, old.createdAtMillis(), old.version() + 1));
            RedisEventJournal journal = events;
            if (journal != null && journal.wants(WebhookEventType.LINK_DELETED, old.ownerKeyId())) {
                // A removal in the outbox names no owner, so the event goes beside it, in parallel: a delete waits for both.
                appended = appended.thenCombine(journal.append(List.of(LinkEvent.of(WebhookEventType.LINK_DELETED, System.currentTimeMillis(), old)))
                        .toCompletableFuture(), (a, b) -> null);
            }
            return appended.thenCombine(published, (a, b) -> Boolean.TRUE);
        }));
    }

    /**
     * {@code SET NX EX} of a link read from the archive, without an outbox entry (the archive has
     * it), and into this node's near cache. A deleted link's removal marker refuses it, so a link
     * deleted while its removal waits in the outbox never comes back this way.
     */
    @Override
    public CompletionStage<Boolean> restore(LinkRecord link) {
        long epoch = nearCache.epoch();
        long readAt = ticker.nanos();
        return RedisFailures.translated(slots.claim(link.code(), LinkRecordCodec.encode(link), link.ttlSeconds(), false)
                .thenApply(ok -> {
                    if (!ok) {
                        return Boolean.FALSE;
                    }
                    extensionMarks.put(link.code(), options.extensionWindowNanos(link.ttlSeconds()));
                    nearCache.put(link.code(), new Copy(link, readAt, epoch));
                    return Boolean.TRUE;
                }));
    }

    /** A plain {@code GET}: the record Redis holds now, no near cache, no extension. */
    @Override
    public CompletionStage<Optional<LinkRecord>> peek(String code) {
        return RedisFailures.translated(slots.get(code).thenApply(value -> value == null || LinkSlots.REMOVED.equals(value)
                ? Optional.<LinkRecord>empty() : Optional.of(LinkRecordCodec.decode(code, value))));
    }

    /** The near-cached link, without any I/O; null when this node holds none. */
    @Override
    public LinkRecord cached(String code) {
        CompletableFuture<Copy> held = nearCache.held(code);
        Copy copy = held != null && held.isDone() && !held.isCompletedExceptionally() ? held.join() : null;
        return copy == null ? null : copy.link;
    }

    /** Whether the invalidation subscription is confirmed, so fresh copies are trusted; for tests. */
    boolean subscribed() {
        return nearCache.subscribed();
    }

    /** Failed invalidation messages still being retried; for tests. */
    int invalidationsPendingRetry() {
        return invalidations.pendingRetries();
    }

    /** Outbox mutations waiting on this node; for metrics and tests. */
    int outboxQueued() {
        return outbox.queued();
    }

    StoreKeys keys() {
        return keys;
    }

    /**
     * Reads the code from Redis while the caller waits: the first read on this node extends the
     * link's TTL in the same script. The copy is stamped before the command is sent.
     */
    private CompletableFuture<Copy> read(String code) {
        long epoch = nearCache.epoch();
        long readAt = ticker.nanos();
        boolean extend = extensionMarks.asMap().putIfAbsent(code, options.minExtensionWindow().toNanos()) == null;
        CompletableFuture<String> read;
        try {
            read = extend ? slots.readAndExtend(code) : slots.get(code);
        } catch (RuntimeException e) {
            read = CompletableFuture.failedFuture(e);
        }
        return read.handle((value, failure) -> {
            if (failure != null || value == null || LinkSlots.REMOVED.equals(value)) {
                if (extend) {
                    extensionMarks.invalidate(code);
                }
                if (failure != null) {
                    redisAnswering = false;
                    throw new CompletionException(RedisFailures.translate(failure));
                }
                redisAnswering = true;
                return null;
            }
            redisAnswering = true;
            LinkRecord link = LinkRecordCodec.decode(code, value);
            if (extend) {
                extensionMarks.put(code, options.extensionWindowNanos(link.ttlSeconds()));
            }
            return new Copy(link, readAt, epoch);
        });
    }

    /**
     * A suspect copy (the subscription was lost since it was read) is checked with Redis while the
     * reader waits, one read per code however many readers: what Redis answers is served. Only if
     * Redis does not answer is the copy served, as a failed reload would leave it, until its max age.
     */
    private CompletableFuture<Optional<LinkRecord>> verify(String code, CompletableFuture<Copy> held, Copy copy) {
        CompletableFuture<Optional<LinkRecord>> mine = new CompletableFuture<>();
        CompletableFuture<Optional<LinkRecord>> flight = verifying.putIfAbsent(code, mine);
        if (flight != null) {
            return flight;
        }
        read(code).whenComplete((fresh, failure) -> {
            try {
                if (failure == null) {
                    if (fresh == null) {
                        nearCache.remove(code, held);
                        mine.complete(Optional.empty());
                    } else {
                        nearCache.replace(code, held, fresh);
                        mine.complete(fresh.answer.join());
                    }
                } else if (nearCache.ageNanos(copy) < options.nearCacheMaxAgeNanos(copy.link.ttlSeconds())) {
                    extendIfDue(copy.link);
                    mine.complete(Optional.of(copy.link));
                } else {
                    nearCache.remove(code, held);
                    mine.completeExceptionally(failure);
                }
            } finally {
                verifying.remove(code, mine);
            }
        });
        return mine;
    }

    /** Queues a background reload of a held copy, unless one is already under way for it. */
    private void reloadLater(String code, CompletableFuture<Copy> held, Copy copy) {
        if (copy.claimReload() && !reloader.offer(new Reload(code, held, copy))) {
            copy.reloadFailed();
        }
    }

    /**
     * One batch of reloads as one {@code MGET} (on a Cluster, Lettuce splits it per slot): a copy
     * found is replaced by the new one, unless the code was invalidated or replaced meanwhile; a
     * code Redis no longer holds (deleted, expired) is dropped; on failure the copies stay, to be
     * served until their max age, and a later read asks again. Reloads do not extend TTLs: the
     * reads that serve the copies do ({@link #extendIfDue}).
     */
    private CompletableFuture<?> reload(List<Reload> batch) {
        long epoch = nearCache.epoch();
        long readAt = ticker.nanos();
        List<String> codes = new ArrayList<>(batch.size());
        for (Reload r : batch) {
            codes.add(r.code);
        }
        return slots.getAll(codes).handle((values, failure) -> {
            if (failure != null) { // LinkSlots.getAll answers one value per code, in order
                redisAnswering = false;
                batch.forEach(r -> r.copy.reloadFailed());
                return null;
            }
            redisAnswering = true;
            for (int i = 0; i < batch.size(); i++) {
                Reload r = batch.get(i);
                String value = values.get(i);
                if (value != null && !LinkSlots.REMOVED.equals(value)) {
                    nearCache.replace(r.code, r.held, r.copy.reloaded(LinkRecordCodec.decode(r.code, value), readAt, epoch));
                } else {
                    nearCache.remove(r.code, r.held);
                }
            }
            return null;
        });
    }

    private static Optional<LinkRecord> answerOf(Copy copy) {
        return copy == null ? Optional.empty() : Optional.of(copy.link);
    }

    private void extendIfDue(LinkRecord link) {
        String code = link.code();
        if (extensionMarks.getIfPresent(code) == null
                && extensionMarks.asMap().putIfAbsent(code, options.extensionWindowNanos(link.ttlSeconds())) == null
                && !extender.offer(code, link.ttlSeconds())) {
            extensionMarks.invalidate(code);
        }
    }

    private void dropLocally(String code) {
        nearCache.invalidate(code);
    }

    /** Take-backs still being retried; for tests. */
    int takeBacksPending() {
        return takeBacks.pending();
    }

    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.close();
        }
        invalidations.close();
        reloader.close();
        extender.close();
        takeBacks.close();
    }

    /** A background reload of {@code copy}, held in the near cache as {@code held}. */
    private record Reload(String code, CompletableFuture<Copy> held, Copy copy) {}
}
